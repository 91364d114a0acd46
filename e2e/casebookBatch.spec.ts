/**
 * Batch upload of subjects against the reference server (demo seed): a CRC at BJ01 uploads an xlsx with one bad row
 * (a number already taken): the assessment shows that row and refuses the import; the file corrected and uploaded
 * again is assessed clean and imported; the new subjects are in the list.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

const isSitecodeList = (r: { url(): string }) => r.url().includes('/edc/subject/sitecodeList.do');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.beforeEach(() => test.slow());

async function workbook(rows: (string | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('受试者');
  sheet.addRow(['受试者编号 (subjid)', '姓名缩写 (initials)', '性别 (sex)', '出生日期 (birthdate)']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function openSubjects(page: Page) {
  await logIn(page, 'crc.li');
  await chooseRoleAndSite(page, 0);
  await Promise.all([page.waitForResponse(isSitecodeList), page.goto('/edcweb/index/subjects')]);
  await expect(page.locator('.ag-row[row-index]').first()).toBeVisible({ timeout: 45_000 });
}

async function assess(page: Page, name: string, bytes: Buffer) {
  await page.getByTestId('batch-file-input').setInputFiles({ name, mimeType: XLSX, buffer: bytes });
  await expect(page.getByTestId('batch-file-name')).toHaveText(name);
  await page.getByTestId('batch-assess').click();
  await expect(page.getByTestId('batch-assessment-summary')).toBeVisible();
}

test('a CRC uploads a batch file with a bad row, corrects it and imports it', async ({ page }) => {
  await openSubjects(page);
  await page.getByTestId('list-action-batchUpload').click();
  await expect(page.getByTestId('batch-upload-dialog')).toBeVisible();

  // one bad row: BJ01-0001 is taken
  await assess(
    page,
    'batch-with-error.xlsx',
    await workbook([
      ['BJ01-0061', 'AB', 'F', '1980-01-02'],
      ['BJ01-0001', 'CD', 'M', null],
      ['BJ01-0063', 'EF', 'F', null],
    ]),
  );
  const problems = page.getByTestId('batch-problem');
  await expect(problems).toHaveCount(1);
  await expect(problems.first()).toContainText('3');
  await expect(problems.first()).toContainText('BJ01-0001');
  await expect(page.getByTestId('batch-import')).toBeDisabled();
  await expect(page.getByTestId('batch-download-report')).toBeVisible();

  // corrected and uploaded again: clean, imported
  await page.getByTestId('batch-again').click();
  await assess(
    page,
    'batch-corrected.xlsx',
    await workbook([
      ['BJ01-0061', 'AB', 'F', '1980-01-02'],
      ['BJ01-0062', 'CD', 'M', null],
      ['BJ01-0063', 'EF', 'F', null],
    ]),
  );
  await expect(page.getByTestId('batch-problem')).toHaveCount(0);
  await page.getByTestId('batch-import').click();
  await expect(page.getByTestId('batch-result')).toContainText('BJ01-0062');
  await page.getByTestId('batch-close').click();

  const search = page.getByRole('textbox', { name: /受试者编号/ });
  await search.fill('BJ01-0062');
  await search.press('Enter');
  await expect(page.locator('.ag-row[row-index]', { hasText: 'BJ01-0062' })).toBeVisible();
  await expect(page.getByText(appZh['casebook.batch.upload']).first()).toBeVisible();
});
