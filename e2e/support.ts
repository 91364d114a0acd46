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

/** The WCAG 2.1 A and AA rules axe checks (issue 11: 0 violations on the subject list, a visit, a form, the audit). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One entry per violated rule and element: what to fix, compared with [] so a failure lists them all. */
export function describeViolations(
  violations: readonly {
    id: string;
    impact?: string | null;
    help: string;
    nodes: readonly { target: unknown; failureSummary?: string }[];
  }[],
): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact ?? '?'}) at ${JSON.stringify(n.target)}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
    ),
  );
}

/** Presses Tab until the focused element matches `selector` (at most `max` presses); returns what Tab went through. */
export async function tabUntil(page: Page, selector: string, max = 60): Promise<string[]> {
  const visited: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return visited;
    await page.keyboard.press('Tab');
    visited.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        const row = el?.closest('[data-testid^="ecrf-row-"]')?.getAttribute('data-testid');
        return `${el?.tagName.toLowerCase() ?? '?'}${row ? `@${row}` : ''}`;
      }),
    );
  }
  throw new Error(`Tab never reached ${selector}; went through ${visited.join(', ')}`);
}
