/**
 * Subject transfer against the reference server (issue 12): as the data manager at BJ01, move BJ01-0025 to SH01 with
 * a reason; the page confirms it and its list of transfers shows the move; then, as the data manager at SH01, the
 * same move is in SH01's list, and the subject — now at SH01 — shows the site change with its reason in its own
 * audit trail. No other spec uses BJ01-0025.
 */
import { expect, test, type Page } from '@playwright/test';
import zh from '../src/i18n/zh_CN.json' with { type: 'json' };
import { logIn } from './support';

const SUBJID = 'BJ01-0025';
const SUBJECT_ID = 'subj-bj01-0025';
const REASON = '受试者搬至上海';

test.beforeEach(() => test.slow());

/** dm.chen holds CRA@SH01 and DM@BJ01,BOS01,SH01: the DM role at the named site. */
async function asDataManagerAt(page: Page, sitecode: string): Promise<void> {
  await logIn(page, 'dm.chen');
  await expect(page).toHaveURL(/\/edcweb\/checkRole/);
  const role = page.locator('select[name=roleid]');
  await expect(role.locator('option:not([value=""])').first()).toBeAttached();
  const dm = await role
    .locator('option')
    .evaluateAll((os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
  const value = dm.find((o) => o.value && /Data manager|数据管理/i.test(o.text))?.value ?? 'role-dm';
  await role.selectOption(value);
  const site = page.locator('select[name=siteid]');
  await expect(site.locator('option:not([value=""])').first()).toBeAttached();
  const sites = await site
    .locator('option')
    .evaluateAll((os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
  await site.selectOption(sites.find((s) => s.text.includes(sitecode))!.value);
  // dm.chen works in English: the button in either language
  await page.getByRole('button', { name: new RegExp(`^(${zh['checkRole.confirm']}|Confirm)$`) }).click();
  await expect(page.getByTestId('home-shell')).toBeVisible();
}

test('a data manager moves a subject to another site; both sites see the move, the subject its audit', async ({
  browser,
}) => {
  const bj = await browser.newPage();
  await asDataManagerAt(bj, 'BJ01');
  await bj.goto('/edcweb/index/subjectTransfer');
  await expect(bj.getByTestId('transfer-form')).toBeVisible();
  await bj.getByTestId('transfer-subject').click();
  await bj.getByRole('option', { name: new RegExp(`^${SUBJID}`) }).click();
  await bj.getByTestId('transfer-site').click();
  await bj.getByRole('option', { name: /SH01/ }).click();
  // no reason: nothing is sent, the form says why
  await bj.getByTestId('transfer-submit').click();
  await expect(bj.getByTestId('transfer-done')).toHaveCount(0);
  await bj.getByTestId('transfer-reason').fill(REASON);
  await bj.getByTestId('transfer-submit').click();
  await expect(bj.getByTestId('transfer-done')).toContainText(SUBJID);
  await expect(bj.getByTestId('transfer-done')).toContainText('SH01');
  const bjRow = bj.getByTestId('transfer-row').filter({ hasText: SUBJID });
  await expect(bjRow).toContainText(REASON);
  await bj.close();

  const sh = await browser.newPage();
  await asDataManagerAt(sh, 'SH01');
  await sh.goto('/edcweb/index/subjectTransfer');
  await expect(sh.getByTestId('transfer-row').filter({ hasText: SUBJID })).toContainText('BJ01');
  await sh.goto(`/edcweb/index/subjects/${SUBJECT_ID}`);
  const audit = sh.getByTestId('subject-audit-row').filter({ hasText: REASON });
  await expect(audit).toHaveAttribute('data-field', 'siteid');
  await expect(audit).toContainText('SH01');
  await sh.close();
});
