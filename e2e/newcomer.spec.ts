/**
 * The newcomer path against the reference server (fresh PGlite, demo seed): open /edcweb/, log in, choose role and
 * site, see the shell and the footer, switch role, get logged out with the right message when the server
 * invalidates the token, and find the way home from an unknown path.
 */
import { expect, test } from '@playwright/test';
import zh from '../src/i18n/zh_CN.json' with { type: 'json' };
import { PASSWORD, chooseRoleAndSite, logIn } from './support';

/** CRC at two sites (Beijing and Shanghai) in the demo seed. */
const CRC = 'crc.li';

test('log in, choose role and site, see the shell and footer, switch role', async ({ page }) => {
  await logIn(page, CRC);

  // role and site are required before going on
  await expect(page).toHaveURL(/\/edcweb\/checkRole/);
  await page.getByRole('button', { name: zh['checkRole.confirm'] }).click();
  // a single role is preselected; the site must still be chosen
  await expect(page.getByText(zh['checkRole.site.required'])).toBeVisible();

  await chooseRoleAndSite(page, 0);
  await expect(page).toHaveURL(/\/edcweb\/index/);
  await expect(page.getByTestId('footer-release')).toContainText('V4.1.0');
  await expect(page.getByTestId('footer-copyright')).toBeVisible();
  const firstSite = await page.getByTestId('account-role-site').first().innerText();

  // switch role: back to the selection, choose the other site
  await page.getByRole('button', { name: zh['shell.switchRole'] }).first().click();
  await expect(page).toHaveURL(/\/edcweb\/checkRole/);
  await chooseRoleAndSite(page, 1);
  await expect(page.getByTestId('account-role-site').first()).not.toHaveText(firstSite);

  // a reload keeps the session and the chosen role
  await page.reload();
  await expect(page.getByTestId('home-shell')).toBeVisible();
});

test('a login elsewhere invalidates the token: message, then the login page with expireType 504', async ({
  page,
  browser,
}) => {
  await logIn(page, CRC);
  await chooseRoleAndSite(page, 0);

  // the same account logs in from another browser: the server replaces the first session
  const other = await browser.newContext();
  const res = await other.request.post('/login/front/login.do', {
    data: { username: CRC, password: PASSWORD },
    headers: { locale: 'zh_CN' },
  });
  expect((await res.json()).success).toBe(true);
  await other.close();

  // within one heartbeat (10 s) the first page learns it and shows the message of expire type 504
  await expect(page.getByText(zh['logout.expire.504']).first()).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/edcweb\/loginfront\?expireType=504/, { timeout: 10_000 });
  await expect(page.getByTestId('expire-message')).toContainText(zh['logout.expire.504']);
});

test('an unknown path shows 404, and Back home returns to the shell', async ({ page }) => {
  await logIn(page, CRC);
  await chooseRoleAndSite(page, 0);

  await page.goto('/edcweb/no/such/page');
  await expect(page.getByTestId('error-status')).toContainText('404');
  await page.getByRole('button', { name: zh['error.backHome'] }).click();
  await expect(page).toHaveURL(/\/edcweb\/index/);
  await expect(page.getByTestId('home-shell')).toBeVisible();
});

test('a wrong password is refused with a message and nothing else happens', async ({ page }) => {
  await logIn(page, CRC, 'not-the-password');
  await expect(page).toHaveURL(/\/edcweb\/loginfront/);
  await expect(page.getByTestId('notices')).not.toBeEmpty();
  await expect(page.locator('input[name=username]')).toHaveValue(CRC);
});
