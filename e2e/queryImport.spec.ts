/**
 * Query import against the reference server (demo seed; docs/query-import.md): a CRA at BJ01 uploads an xlsx of
 * queries with one bad row (an item the form does not have): the assessment shows that row with its problem; send
 * raises the good rows — shown sent — and the bad row stays unsent.
 */
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { chooseRoleAndSite, logIn } from './support';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.beforeEach(() => test.slow());

async function workbook(rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('质疑');
  sheet.addRow([
    '受试者编号 (subjid)',
    '访视 (visitnum)',
    '表单 (tid)',
    '变量 (variable)',
    '质疑类型 (issuetype)',
    '质疑内容 (note)',
  ]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a CRA imports queries: the bad row is reported and not sent, the good ones are sent', async ({
  page,
}) => {
  await logIn(page, 'cra.zhao');
  await chooseRoleAndSite(page, 0);
  await page.goto('/edcweb/index/queryImport');
  await expect(page.getByTestId('query-import')).toBeVisible({ timeout: 45_000 });

  const bytes = await workbook([
    ['BJ01-0001', 'V1', 'DM', 'BRTHDAT', 'MISSING', '出生日期请与原始资料核对'],
    ['BJ01-0001', 'V1', 'DM', 'NOSUCHITEM', null, '变量不存在'],
    ['BJ01-0001', 'V1', 'DM', null, 'OTHER', '本页请补充签名日期'],
  ]);
  await page
    .getByTestId('query-import-file')
    .setInputFiles({ name: 'review.xlsx', mimeType: XLSX, buffer: bytes });
  await expect(page.getByTestId('query-import-file-name')).toHaveText('review.xlsx');
  await page.getByTestId('query-import-assess').click();

  const rows = page.getByTestId('query-import-row');
  await expect(rows).toHaveCount(3);
  const bad = page.locator('[data-testid="query-import-row"][data-row="3"]');
  await expect(bad.getByTestId('query-import-problem')).toContainText('NOSUCHITEM');
  await expect(page.getByTestId('query-import-report')).toBeVisible();
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-state', 'unsent');

  await page.getByTestId('query-import-send').click();
  await expect(page.locator('[data-testid="query-import-row"][data-row="2"]')).toHaveAttribute(
    'data-state',
    'sent',
  );
  await expect(page.locator('[data-testid="query-import-row"][data-row="4"]')).toHaveAttribute(
    'data-state',
    'sent',
  );
  await expect(bad).toHaveAttribute('data-state', 'unsent');
  await expect(page.getByTestId('query-import-send')).toHaveCount(0);
  await expect(page.getByTestId('query-import-batch').first()).toContainText('review.xlsx');
});
