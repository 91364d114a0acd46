/**
 * Study interchange against the reference server (issue 17; docs/interchange.md): as the data manager at BJ01 upload
 * a REDCap data dictionary (fixtures/interchange/redcap-qol.dictionary.csv) and read the answer; start exports of
 * the study — one form as CSV and the study definition as ODM — and download them.
 *
 * After the publish a CRC enters data in the imported form: REDCap's forms land in visit V1 (a dictionary has no
 * events), which every demo subject has.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import zh from '../src/i18n/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

const DICTIONARY = new URL('../fixtures/interchange/redcap-qol.dictionary.csv', import.meta.url);

test.beforeEach(() => test.slow());

/** dm.chen holds CRA@SH01 and DM@BJ01,BOS01,SH01: the DM role at BJ01. */
async function asDataManager(page: Page): Promise<void> {
  await logIn(page, 'dm.chen');
  await expect(page).toHaveURL(/\/edcweb\/checkRole/);
  const role = page.locator('select[name=roleid]');
  await expect(role.locator('option:not([value=""])').first()).toBeAttached();
  const roles = await role
    .locator('option')
    .evaluateAll((os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
  await role.selectOption(
    roles.find((o) => o.value && /Data manager|数据管理/i.test(o.text))?.value ?? 'role-dm',
  );
  const site = page.locator('select[name=siteid]');
  await expect(site.locator('option:not([value=""])').first()).toBeAttached();
  const sites = await site
    .locator('option')
    .evaluateAll((os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
  await site.selectOption(sites.find((s) => s.text.includes('BJ01'))!.value);
  await page.getByRole('button', { name: new RegExp(`^(${zh['checkRole.confirm']}|Confirm)$`) }).click();
  await expect(page.getByTestId('home-shell')).toBeVisible();
}

async function uploadDictionary(page: Page): Promise<void> {
  await page.goto('/edcweb/index/studyImport');
  await expect(page.getByTestId('study-import')).toBeVisible({ timeout: 45_000 });
  await page.getByTestId('study-import-file').setInputFiles({
    name: 'redcap-qol.dictionary.csv',
    mimeType: 'text/csv',
    buffer: await readFile(DICTIONARY),
  });
  await page.getByTestId('study-import-upload').click();
}

test('a data manager uploads a REDCap dictionary and gets an answer in place (report, or the refusal)', async ({
  page,
}) => {
  await asDataManager(page);
  await uploadDictionary(page);
  await expect(
    page.getByTestId('study-import-report').or(page.getByTestId('study-import-refusal')),
  ).toBeVisible();
});

test('the report lists the imported form; it previews and publishes; a CRC enters data in it', async ({
  page,
  browser,
}) => {
  await asDataManager(page);
  await uploadDictionary(page);
  await expect(page.getByTestId('study-import-report')).toBeVisible();
  await expect(page.getByTestId('study-import-preview')).toContainText('How do you feel today?');
  await page.getByTestId('study-import-publish').click();
  await page.getByTestId('study-import-confirm-publish').click();
  await expect(page.getByTestId('study-import-published')).toBeVisible();

  // a CRC at BJ01 (another browser) enters the imported form in a subject's V1
  const crcContext = await browser.newContext();
  const crc = await crcContext.newPage();
  await logIn(crc, 'crc.li');
  await chooseRoleAndSite(crc, 0);
  await crc.goto('/edcweb/index/subjects/subj-bj01-0003/visits/V1/1/1/forms/quality_of_life');
  const field = (variable: string) => crc.getByTestId(`ecrf-row-${variable}`).locator('input').first();
  await expect(field('qol_score')).toBeVisible({ timeout: 45_000 });
  await field('qol_date').fill('2025-03-10');
  await field('qol_score').fill('7');
  const [saved] = await Promise.all([
    crc.waitForResponse((r) => r.url().includes('/data/savedata.do')),
    crc.getByTestId('form-save').click(),
  ]);
  expect(((await saved.json()) as { data: { outcome: string } }).data.outcome).toBe('saved');
  await crcContext.close();
});

async function startExport(page: Page, kind: RegExp): Promise<void> {
  await page.getByRole('combobox').first().click();
  await page.getByRole('option', { name: kind }).click();
  await page.getByTestId('study-export-start').click();
}

test('a data manager exports a form as CSV, leaves the page, comes back and downloads it', async ({
  page,
}) => {
  await asDataManager(page);
  await page.goto('/edcweb/index/studyExport');
  await expect(page.getByTestId('study-export')).toBeVisible({ timeout: 45_000 });
  await startExport(page, /One form|单个表单/);
  const job = page.getByTestId('study-export-job').first();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  // leave and come back: the job is still listed, ready
  await page.goto('/edcweb/index/subjects');
  await page.goto('/edcweb/index/studyExport');
  await expect(page.getByTestId('study-export-job').first()).toHaveAttribute('data-state', 'done');
  const download = page.waitForEvent('download');
  await page.getByTestId('study-export-download').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^DEMO-001-BJ01-.*\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFFsitecode,subjid,')).toBe(true);
});

test('a data manager exports the study definition as ODM and downloads it', async ({ page }) => {
  await asDataManager(page);
  await page.goto('/edcweb/index/studyExport');
  await expect(page.getByTestId('study-export')).toBeVisible({ timeout: 45_000 });
  await startExport(page, /Study definition|研究定义/);
  // the study definition's own job (newest first), not the CSV job of the test before, which may still be the first
  // row until the new job is listed
  const job = page
    .getByTestId('study-export-job')
    .filter({ hasText: /Study definition|研究定义/ })
    .first();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await job.getByTestId('study-export-download').click();
  expect((await download).suggestedFilename()).toMatch(/odm-metadata\.xml$/);
});
