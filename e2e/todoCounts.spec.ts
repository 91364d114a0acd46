/**
 * The to-do counts move (issue 12) against the reference server (demo seed): as the CRC at BJ01, my to-dos on
 * /index/statistics count the pages to enter; a batch operation (3 steps, preview, run) marks V3's laboratory page
 * not collected in the site's casebooks — a job followed with its progress to 'Batch job successfully', found again
 * under Batch runs — and the count of pages to enter goes down by what the run took off.
 */
import { expect, test, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

test.beforeEach(() => test.slow());

async function pagesToEnter(page: Page): Promise<number> {
  await page.goto('/edcweb/index/statistics');
  const count = page.getByTestId('task-pagesToEnter-count');
  await expect(count).toBeVisible({ timeout: 45_000 });
  return Number((await count.textContent())?.replace(/\D/g, ''));
}

async function choose(page: Page, testId: string, option: RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test('a CRC sees the pages to enter go down after a batch operation marks pages not collected', async ({
  page,
}) => {
  await logIn(page, 'crc.li');
  await chooseRoleAndSite(page, 0);
  const before = await pagesToEnter(page);
  expect(before).toBeGreaterThan(0);

  await page.goto('/edcweb/index/subjects');
  await expect(page.locator('.ag-row[row-index]').first()).toBeVisible({ timeout: 45_000 });
  await page.getByTestId('list-action-batchOperations').click();
  // step 1: type and version
  await choose(page, 'batch-ops-type', new RegExp(appZh['casebook.batchOps.type.uncollected']));
  await choose(page, 'batch-ops-version', /eCRF V1\.1/);
  await page.getByTestId('batch-ops-next').click();
  // step 2: visit and CRF, date (today), reason
  await choose(page, 'batch-ops-visit', /^V3/);
  await choose(page, 'batch-ops-form', /^LB/);
  await choose(page, 'batch-ops-reason', /检查未做/);
  await page.getByTestId('batch-ops-next').click();
  // step 3: every subject of the site on that version; preview, then run
  await page.getByTestId('batch-ops-preview').click();
  await expect(page.getByTestId('batch-ops-counts')).toBeVisible();
  const previewed = await page.getByTestId('batch-ops-page').count();
  expect(previewed).toBeGreaterThan(0);
  await page.getByTestId('batch-ops-run').click();
  // the run is a job: its progress shown until it is done
  await expect(page.getByTestId('batch-run')).toBeVisible();
  await expect(page.getByTestId('batch-ops-done')).toContainText('Batch job successfully', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('batch-run')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('batch-run-count')).toHaveText(/^(\d+) \/ \1$/);
  await page.getByTestId('batch-ops-close').click();
  // found again under Batch runs, done
  await page.getByTestId('list-action-batchRuns').click();
  const run = page.getByTestId('batch-runs-row').first();
  await expect(run).toHaveAttribute('data-state', 'done');
  await expect(run.getByTestId('batch-runs-answer')).toContainText('Batch job successfully');
  await page.getByTestId('batch-runs-close').click();

  const after = await pagesToEnter(page);
  expect(after).toBeLessThan(before);
  expect(before - after).toBeLessThanOrEqual(previewed);
});
