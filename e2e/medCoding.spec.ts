/**
 * Medical coding against the reference server (demo seed, issue 14): a coder (CODER at BJ01) opens the worklist,
 * opens the seed's uncoded AE term 'Fatigue' (no exact match in the demo dictionary), searches the dictionary, codes it
 * to 'Tiredness', then recodes it to 'Fatigue aggravated' — refused without a reason, done with one — and sees the
 * coding history: who, from → to, why.
 */
import { expect, test } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

test.beforeEach(() => test.slow());

test('a coder codes an AE term and recodes it with a reason', async ({ page }) => {
  await logIn(page, 'coder.zhou');
  await chooseRoleAndSite(page, 0);
  await page.goto('/edcweb/index/medCoding');
  const fatigue = page.locator('.ag-row[row-index]').filter({ hasText: 'Fatigue' }).first();
  await expect(fatigue).toBeVisible({ timeout: 45_000 });
  await expect(fatigue).toContainText(appZh['coding.state.uncoded']);
  await fatigue.getByRole('button', { name: 'Fatigue' }).click();

  // code: search the dictionary (the verbatim term is the first search), choose Tiredness
  const dialog = page.getByTestId('coding-term-dialog');
  await expect(dialog.getByTestId('coding-status')).toHaveText(appZh['coding.state.uncoded']);
  await dialog.getByTestId('coding-search').click();
  await dialog.getByTestId('coding-result-10043890').click();
  const [coded] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/medCoding/saveCoding.do')),
    dialog.getByTestId('coding-save').click(),
  ]);
  expect(((await coded.json()) as { success: boolean }).success).toBe(true);
  await expect(dialog.getByTestId('coding-status')).toHaveText(appZh['coding.state.coded']);
  await expect(dialog.getByTestId('coding-path')).toContainText('Tiredness');
  await expect(dialog.getByTestId('coding-history-code')).toContainText('coder.zhou');

  // recode: refused without a reason (before any request), then done with one
  await dialog.getByTestId('coding-search-input').fill('fatigue');
  await dialog.getByTestId('coding-search').click();
  await dialog.getByTestId('coding-result-10016257').click();
  await dialog.getByTestId('coding-save').click();
  await expect(dialog.getByTestId('coding-refusal')).toHaveText(appZh['coding.reasonRequired']);
  await dialog.getByTestId('coding-reason').fill('原始病历记录为疲劳加重');
  const [recoded] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/medCoding/saveCoding.do')),
    dialog.getByTestId('coding-save').click(),
  ]);
  expect(((await recoded.json()) as { success: boolean }).success).toBe(true);
  await expect(dialog.getByTestId('coding-path')).toContainText('Fatigue aggravated');
  const recode = dialog.getByTestId('coding-history-recode');
  await expect(recode).toContainText('原始病历记录为疲劳加重');
  await expect(recode).toContainText('10043890');
  await expect(recode).toContainText('10016257');

  // the worklist shows the term coded
  await page.getByTestId('coding-term-close').click();
  await expect(
    page.locator('.ag-row[row-index]').filter({ hasText: 'Fatigue aggravated' }).first(),
  ).toContainText(appZh['coding.state.coded'], { timeout: 45_000 });
});
