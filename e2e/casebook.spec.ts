/**
 * The casebook against the reference server (demo seed): a CRC at BJ01 adds a subject (the proposed number,
 * checked free as shown), finds it in the list, changes its base info with a reason and sees the change in the
 * subject's audit trail, adds an unscheduled visit, enters its page (typed, saved: the page and the visit become
 * entered in the visit grid), marks another page not occurred with a reason of the dictionary (the mark dialog), both
 * in the visit audit trail, and opens the subject's overview from the list's row action; a monitor at BJ01 gets no
 * Add button.
 */
import { expect, test, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

const isSitecodeList = (r: { url(): string }) => r.url().includes('/edc/subject/sitecodeList.do');

// the machine the e2e runs on may be busy: these tests wait longer (3×) than the default
test.beforeEach(() => test.slow());

/** The subject list as the user; a CRC's Add subject reads the site codes, a monitor's list (no add) never does. */
async function openSubjects(page: Page, username: string, waitForSiteCodes = true) {
  await logIn(page, username);
  await chooseRoleAndSite(page, 0);
  await Promise.all([
    waitForSiteCodes ? page.waitForResponse(isSitecodeList) : Promise.resolve(),
    page.goto('/edcweb/index/subjects'),
  ]);
  await expect(page.locator('.ag-row[row-index]').first()).toBeVisible({ timeout: 45_000 });
}

const field = (page: Page, variable: string) =>
  page.getByTestId(`ecrf-row-${variable}`).locator('input').first();
const entered = new RegExp(`${appZh['visit.status.1']}|${appZh['visit.status.2']}`);

test('a CRC adds a subject, changes its base info with a reason, adds a visit, enters a page and marks another not occurred', async ({
  page,
}) => {
  await openSubjects(page, 'crc.li');
  await page.getByTestId('list-action-addSubject').click();

  const subjidInput = page.getByTestId('add-subject-subjid');
  await expect(subjidInput).toHaveValue(/^BJ01-\d{4}$/);
  const subjid = await subjidInput.inputValue();
  // a taken number is refused as typed, the proposed one is free
  await subjidInput.fill('BJ01-0001');
  await expect(page.getByTestId('add-subject-subjid-check')).toContainText('BJ01-0001');
  await subjidInput.fill(subjid);
  await expect(page.getByTestId('add-subject-subjid-check')).toHaveText(appZh['casebook.subjid.available']);
  await page.getByLabel(appZh['casebook.initials']).fill('zq');
  await page.getByTestId('add-subject-save').click();
  await expect(page.getByTestId('add-subject-form')).toBeHidden();

  // in the list (searched by its number)
  const search = page.getByRole('textbox', { name: /受试者编号/ });
  await search.fill(subjid);
  await search.press('Enter');
  const row = page.locator('.ag-row[row-index]', { hasText: subjid });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('subject-number')).toHaveText(subjid);
  await expect(page.getByTestId('subject-base-status')).toHaveText(appZh['casebook.status.1']);

  // base info changed with a reason, audited
  await page.getByTestId('subject-action-editInfo').click();
  await page.getByTestId('edit-info-initials').fill('ZQL');
  await page.getByTestId('edit-info-save').click();
  await expect(page.getByText(appZh['casebook.reasonRequired']).first()).toBeVisible();
  await page.getByTestId('edit-info-reason').fill('筛选日志抄写错误');
  await page.getByTestId('edit-info-save').click();
  await expect(page.getByTestId('edit-info')).toBeHidden();
  const audit = page.locator('[data-testid=subject-audit-row][data-action=update][data-field=initials]');
  await expect(audit).toHaveCount(1);
  await expect(audit).toContainText('ZQ');
  await expect(audit).toContainText('ZQL');
  await expect(audit).toContainText('筛选日志抄写错误');
  await expect(audit).toContainText('crc.li');

  // a visit added (unscheduled), nothing entered in it
  await page.getByTestId('visit-add').click();
  await page.getByTestId('add-visit-visitnum').click();
  await page.getByRole('option', { name: /计划外访视/ }).click();
  await page.getByTestId('add-visit-save').click();
  await expect(page.getByTestId('add-visit')).toBeHidden();
  await expect(page.getByTestId('visit-UNS.1.1')).toBeVisible();
  await expect(page.getByTestId('visit-status-UNS.1.1')).toHaveText(appZh['visit.status.0']);

  // a page of the new visit entered: opened from the visit grid, values typed, saved
  const subjectUrl = page.url();
  await page.getByTestId('visit-UNS.1.1').getByRole('button', { expanded: false }).first().click();
  await expect(page.getByTestId('form-status-UNS.1.1-VS')).toHaveText(appZh['visit.status.0']);
  await page.getByTestId('form-UNS.1.1-VS').getByRole('link').click();
  await field(page, 'VSDAT').fill('2026-03-10');
  await field(page, 'SYSBP').fill('120');
  await field(page, 'DIABP').fill('80');
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/data/savedata.do')),
    page.getByTestId('form-save').click(),
  ]);
  expect(((await saved.json()) as { data: { outcome: string } }).data.outcome).toBe('saved');
  await page.goto(subjectUrl);
  await expect(page.getByTestId('visit-status-UNS.1.1')).toHaveText(entered);
  await page.getByTestId('visit-UNS.1.1').getByRole('button', { expanded: false }).first().click();
  await expect(page.getByTestId('form-status-UNS.1.1-VS')).toHaveText(entered);

  // another page (V1 LB) marked not occurred with a reason of the dictionary
  await page.getByTestId('visit-V1.1.1').getByRole('button', { expanded: false }).first().click();
  await page.getByTestId('form-actions-V1.1.1-LB').click();
  await page.getByTestId('form-actions-V1.1.1-LB-unoccurred').click();
  await page.getByTestId('mark-save').click();
  await expect(page.getByText(appZh['visit.mark.reasonRequired']).first()).toBeVisible();
  await page.getByTestId('mark-reason').click();
  await page.getByRole('option', { name: '受试者未到访' }).click();
  await page.getByTestId('mark-save').click();
  await expect(page.getByTestId('mark')).toBeHidden();
  await expect(page.getByTestId('form-mark-V1.1.1-LB')).toHaveText(appZh['visit.mark.unoccurred']);

  // both in the visit audit trail
  await page.getByTestId('visit-history-toggle').click();
  await expect(page.locator('[data-testid=visit-audit-row][data-action=addVisit]')).toHaveCount(1);
  const marked = page.locator('[data-testid=visit-audit-row][data-action=mark]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('受试者未到访');
  await expect(page.getByTestId('unoccurred-row')).toHaveCount(1);

  // the subject list's row action Overview opens the subject's overview
  await page.goto('/edcweb/index/subjects');
  const search2 = page.getByRole('textbox', { name: /受试者编号/ });
  await search2.fill(subjid);
  await search2.press('Enter');
  await expect(page.locator('.ag-row[row-index]', { hasText: subjid })).toBeVisible();
  await expect(page.locator('.ag-row[row-index="1"]')).toHaveCount(0);
  // the actions column is pinned right: its cells sit in a row element of their own, one row left
  await page.getByTestId('row-action-overview').first().click();
  await expect(page).toHaveURL(/\/index\/subjectInfo\?subjectid=/);
  await expect(page.getByText(subjid).first()).toBeVisible();
});

test("a monitor sees the subject list without the site staff's actions", async ({ page }) => {
  await openSubjects(page, 'cra.zhao', false);
  // list actions are gated by the role's permissions: a CRA holds none of the subject list's (add, batch upload,
  // batch operations, sign), so there is no action toolbar at all
  await expect(page.getByTestId('list-action-addSubject')).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: appZh['list.actions'] })).toHaveCount(0);
});
