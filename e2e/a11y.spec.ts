/**
 * Accessibility (issue 11): axe (WCAG 2.1 A and AA) finds no violation on the subject list, a subject's visits, a
 * form showing errors after a refused save, and the audit trail dialog, as a CRC at BJ01 on the demo seed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { WCAG_TAGS, chooseRoleAndSite, describeViolations, logIn } from './support';

const CRC = 'crc.li';
/** The seed leaves V1 VS of this subject not entered and V1 DM entered (server/seed/forms.ts). */
const SUBJECT = 'subj-bj01-0001';
const visitForm = (tid: string) => `/edcweb/index/subjects/${SUBJECT}/visits/V1/1/1/forms/${tid}`;

async function expectNoViolations(page: Page, include?: string) {
  // colours measured mid-transition (a button fading from disabled to enabled) are neither state's: let them settle
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(describeViolations(violations)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await logIn(page, CRC);
  await chooseRoleAndSite(page, 0);
});

test('the subject list has no WCAG 2.1 AA violation', async ({ page }) => {
  await page.goto('/edcweb/index/subjects');
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expect(page.locator('.ag-row').first()).toBeVisible();
  await expectNoViolations(page);

  // the enrolment date search's calendar, opened from the keyboard
  const date = page.getByRole('group', { name: /（起）$/ }).first();
  await date.getByRole('spinbutton').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').locator('[role=gridcell]:focus')).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(date.locator(':focus')).toHaveCount(1); // focus back on the field
});

test('a subject page with a visit opened has no WCAG 2.1 AA violation', async ({ page }) => {
  await page.goto(`/edcweb/index/subjects/${SUBJECT}`);
  const v1 = page.getByTestId('visit-V1.1.1');
  await v1.getByRole('button').first().click();
  await expect(page.getByTestId('form-V1.1.1-VS')).toBeVisible();
  await expectNoViolations(page);
});

test('a form with errors after a refused save has no WCAG 2.1 AA violation', async ({ page }) => {
  await page.goto(visitForm('VS'));
  const sysbp = page.getByTestId('ecrf-row-SYSBP');
  await expect(sysbp.locator('input')).toBeVisible();
  await sysbp.locator('input').fill('12a');
  await page.getByTestId('form-save').click();
  await expect(page.getByTestId('notices').getByText(appZh['formPage.pleaseCheck']).first()).toBeVisible();
  await expect(sysbp).toHaveClass(/ecrf-row-error/);
  await expect(page.getByTestId('ecrf-row-VSDAT')).toHaveClass(/ecrf-row-error/); // required, left blank
  await expectNoViolations(page);

  // the date item's calendar, opened from the keyboard
  await page.getByTestId('ecrf-row-VSDAT').locator('input').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('dialog').locator('[role=gridcell]:focus')).toBeVisible();
  await expectNoViolations(page);
});

test('the audit trail dialog has no WCAG 2.1 AA violation', async ({ page }) => {
  await page.goto(visitForm('DM'));
  await expect(page.getByTestId('ecrf-row-DMDAT').locator('input')).toBeVisible();
  await page.getByTestId('form-audit').click();
  const audit = page.getByRole('dialog');
  await expect(audit.getByTestId('audit-table')).toBeVisible();
  await expect(audit.locator('[data-testid=audit-row]').first()).toBeVisible();
  await expectNoViolations(page);
});
