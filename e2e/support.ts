/** Steps shared by the e2e specs: logging in through the login front and choosing a role and site. */
import { expect, type Page } from '@playwright/test';
import zh from '../src/i18n/zh_CN.json' with { type: 'json' };

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026';

export async function logIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/edcweb/');
  await expect(page).toHaveURL(/\/edcweb\/loginfront/);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

/** Chooses the role (first one offered) and the site with the given index among that role's sites. */
export async function chooseRoleAndSite(page: Page, siteIndex = 0): Promise<{ site: string }> {
  await expect(page).toHaveURL(/\/edcweb\/checkRole/);
  const role = page.locator('select[name=roleid]');
  // the roles arrive from sitelist.do
  await expect(role.locator('option:not([value=""])').first()).toBeAttached();
  const roleValues = await role
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  expect(roleValues.length).toBeGreaterThan(0);
  await role.selectOption(roleValues[0]!);
  const site = page.locator('select[name=siteid]');
  await expect(site.locator('option:not([value=""])').first()).toBeAttached();
  const sites = await site
    .locator('option')
    .evaluateAll((os) =>
      os
        .filter((o) => (o as HTMLOptionElement).value)
        .map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
  expect(sites.length).toBeGreaterThan(siteIndex);
  await site.selectOption(sites[siteIndex]!.value);
  await page.getByRole('button', { name: zh['checkRole.confirm'] }).click();
  await expect(page.getByTestId('home-shell')).toBeVisible();
  return { site: sites[siteIndex]!.text };
}
