/**
 * Session and access against the reference server (issue 10 §3): the chosen site limits what a CRC sees, a server
 * outage shows "network exception" without logging out (the typed draft stays, work goes on when it is back), a role
 * without the subject list gets /401, and a deep link opened while logged out is opened after login.
 */
import { expect, test, type Page } from '@playwright/test';
import zh from '../src/i18n/zh_CN.json' with { type: 'json' };
import { PASSWORD, chooseRoleAndSite, logIn } from './support';

/** CRC at BJ01 (first site) and SH01 in the demo seed. */
const CRC = 'crc.li';
/** Medical coder: no subject list in the menu. */
const CODER = 'coder.zhou';

/** Every request to the server fails without an answer (as when it is stopped), until `restore()`. */
async function stopAnswering(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/(edc|login)\//;
  await page.route(pattern, (route) => route.abort('connectionrefused'));
  return () => page.unroute(pattern);
}

test('site scope: crc.li at BJ01 sees BJ01 subjects only', async ({ page }) => {
  await logIn(page, CRC);
  const { site } = await chooseRoleAndSite(page, 0);
  expect(site).toContain('BJ01');
  await page.goto('/edcweb/index/subjects');
  const grid = page.locator('[role=grid], [role=treegrid]').first();
  await expect(grid.getByText(/^BJ01-\d{4}$/).first()).toBeVisible();
  await expect(grid.getByText(/^SH01-\d{4}$/)).toHaveCount(0);
});

test('outage: "network exception" while the server is away, the typed draft stays, work goes on after', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, CRC);
  await chooseRoleAndSite(page, 0);
  // V1 VS of the e2e subject is not entered yet
  await page.goto('/edcweb/index/subjects/subj-bj01-0001/visits/V1/1/1/forms/VS');
  const field = page.locator('main input[type=text]:not([readonly]):not([disabled])').first();
  await expect(field).toBeVisible();
  await field.fill('118');

  const restore = await stopAnswering(page);
  // the heartbeat (every 10 s) gets no answer: a banner, no logout
  const banner = page.getByTestId('outage-banner');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText(zh['request.network']);
  // three more heartbeats without an answer still do not log out
  await page.waitForTimeout(35_000);
  await expect(page).toHaveURL(/\/forms\/VS/);
  await expect(page).not.toHaveURL(/loginfront/);
  await expect(field).toHaveValue('118');

  await restore();
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/forms\/VS/);
  await expect(field).toHaveValue('118');
});

test('logging out while the server is away opens the login front from the app, which retries until it is back', async ({
  page,
}) => {
  await logIn(page, CRC);
  await chooseRoleAndSite(page, 0);
  const restore = await stopAnswering(page);
  // the logout cannot tell the server (it gives up after 5 s); the login front comes from the loaded app, not the network
  await page.getByRole('button', { name: zh['shell.logout'] }).click();
  await expect(page).toHaveURL(/\/edcweb\/loginfront/, { timeout: 15_000 });
  await expect(page.getByTestId('login-offline')).toContainText(zh['request.network'], { timeout: 15_000 });
  await expect(page.locator('input[name=username]')).toBeVisible();
  await restore();
  await expect(page.getByTestId('login-offline')).toBeHidden({ timeout: 35_000 });
  await page.locator('input[name=username]').fill(CRC);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/edcweb\/checkRole/);
});

test('a coder opening the subject list gets /401, without error banners', async ({ page }) => {
  await logIn(page, CODER);
  await chooseRoleAndSite(page, 0);
  await page.goto('/edcweb/index/subjects');
  await expect(page).toHaveURL(/\/edcweb\/401$/);
  await expect(page.getByText(zh['error.401.title'])).toBeVisible();
  await expect(page.getByText(zh['request.forbidden'])).toHaveCount(0);
  await page.goto('/edcweb/subjects');
  await expect(page).toHaveURL(/\/edcweb\/401$/);
});

test('a deep link opened while logged out is opened after login and role choice', async ({ page }) => {
  await page.goto('/edcweb/index/subjects/subj-bj01-0001');
  await expect(page).toHaveURL(/\/edcweb\/loginfront/);
  await page.locator('input[name=username]').fill(CRC);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await chooseRoleAndSite(page, 0);
  await expect(page).toHaveURL(/\/edcweb\/index\/subjects\/subj-bj01-0001$/);
});

test('each role lands on the first page of its menu: the CRC on the subject list', async ({ page }) => {
  await logIn(page, CRC);
  await chooseRoleAndSite(page, 0);
  await expect(page).toHaveURL(/\/edcweb\/index\/subjects$/);
});
