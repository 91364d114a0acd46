/**
 * The subject list against the reference server (demo seed): a CRC filters, sorts, pages and changes the page size;
 * a reload keeps the list as it was; only the subjects of the CRC's own sites ever arrive, whatever the client asks.
 */
import { expect, test, type APIResponse, type Page, type Response } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

interface SubjectsPage {
  list: { subjid: string; sitecode: string; age: number | null }[];
  total: number;
  page: number;
  size: number;
}

const isListResponse = (res: Response) => res.url().includes('/edc/subject/subjectlist.do') && res.ok();

async function listData(res: Response | APIResponse): Promise<SubjectsPage> {
  const body = (await res.json()) as { success: boolean; data: SubjectsPage };
  expect(body.success).toBe(true);
  return body.data;
}

/** Runs `action` and answers the subject page the list asked for because of it. */
async function pageAfter(page: Page, action: () => Promise<unknown>): Promise<SubjectsPage> {
  const [res] = await Promise.all([page.waitForResponse(isListResponse), action()]);
  return listData(res);
}

const rows = (page: Page) => page.locator('.ag-row[row-index]');
const cellsOf = (page: Page, colId: string) => page.locator(`[role=gridcell][col-id="${colId}"]`);

async function openSubjectList(page: Page, username: string): Promise<SubjectsPage> {
  await logIn(page, username);
  await chooseRoleAndSite(page, 0);
  return pageAfter(page, () => page.goto('/edcweb/index/subjects'));
}

test('a CRC filters, sorts, pages and resizes the subject list; a reload keeps it', async ({ page }) => {
  const first = await openSubjectList(page, 'crc.li');
  expect(first.page).toBe(1);
  expect(first.size).toBe(20);
  expect(first.total).toBeGreaterThan(20);
  await expect(rows(page).first()).toBeVisible();
  // the site chosen at /checkRole only (Beijing), in the data and on the screen
  for (const s of first.list) expect(s.sitecode).toBe('BJ01');

  // next page
  const second = await pageAfter(page, () =>
    page.getByRole('button', { name: appZh['grid.page.next'] }).click(),
  );
  expect(second.page).toBe(2);
  await expect(page).toHaveURL(/[?&]page=2/);

  // filter by subject number: back to page 1, only the first Beijing subjects
  const subjid = page.locator('input[name=subjid]');
  await subjid.fill('BJ01-000');
  const filtered = await pageAfter(page, () => subjid.press('Enter'));
  expect(filtered.page).toBe(1);
  expect(filtered.total).toBeGreaterThan(0);
  expect(filtered.total).toBeLessThan(first.total);
  for (const s of filtered.list) expect(s.subjid).toContain('BJ01-000');
  await expect(page).toHaveURL(/[?&]subjid=BJ01-000/);
  await expect(cellsOf(page, 'subjid').first()).toContainText('BJ01-000');

  // sort by age, descending on the second click
  const ageHeader = page.locator('.ag-header-cell[col-id="age"]');
  const asc = await pageAfter(page, () => ageHeader.click());
  const ages = asc.list.map((s) => s.age ?? -1);
  expect(ages).toEqual([...ages].sort((a, b) => a - b));
  const desc = await pageAfter(page, () => ageHeader.click());
  const agesDesc = desc.list.map((s) => s.age ?? -1);
  expect(agesDesc).toEqual([...agesDesc].sort((a, b) => b - a));
  await expect(page).toHaveURL(/orderByField=age/);
  await expect(page).toHaveURL(/asc=false/);

  // page size 50
  await page.getByRole('combobox', { name: appZh['grid.rowsPerPage'] }).click();
  const fifty = await pageAfter(page, () => page.getByRole('option', { name: '50', exact: true }).click());
  expect(fifty.size).toBe(50);
  await expect(page).toHaveURL(/[?&]size=50/);

  // a reload asks for the same list and shows the same search
  const reloaded = await pageAfter(page, () => page.reload());
  expect(reloaded.size).toBe(50);
  expect(reloaded.total).toBe(filtered.total);
  expect(reloaded.list.map((s) => s.subjid)).toEqual(fifty.list.map((s) => s.subjid));
  await expect(page.locator('input[name=subjid]')).toHaveValue('BJ01-000');

  // a row opens its subject; back returns to the same list
  const firstSubject = fifty.list[0]!.subjid;
  await cellsOf(page, 'subjid').first().click();
  await expect(page.getByTestId('subject-number')).toHaveText(firstSubject);
  await page.getByTestId('subject-back').click();
  await expect(page).toHaveURL(/[?&]size=50/);
  await expect(page.locator('input[name=subjid]')).toHaveValue('BJ01-000');
});

test('a CRC sees only the subjects of their own site, even when asking for another site', async ({
  page,
}) => {
  const first = await openSubjectList(page, 'crc.smith');
  expect(first.total).toBeGreaterThan(0);
  for (const s of first.list) expect(s.sitecode).toBe('BOS01');

  // a hand-made request for a Beijing subject gets nothing from outside the CRC's sites
  const token = await page.evaluate(() => window.sessionStorage.getItem('edc.token'));
  const res = await page.request.post('/edc/subject/subjectlist.do', {
    data: { page: 1, size: 100, subjid: 'BJ01' },
    headers: { token: token ?? '', locale: 'zh_CN' },
  });
  const data = await listData(res);
  expect(data.total).toBe(0);
});
