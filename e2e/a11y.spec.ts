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

test('every button reached by Tab shows a focus outline (no ripple draws one, stop 28)', async ({ page }) => {
  await page.goto(visitForm('VS'));
  await expect(page.getByTestId('ecrf-row-SYSBP').locator('input')).toBeVisible();
  // from the first item back up through the form's toolbar, the menu and the header, then down the form
  await page.getByTestId('ecrf-row-VSDAT').locator('input').focus();
  const seen = new Map<string, { outline: string; width: string; color: string; background: string }>();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(i < 25 ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !el.classList.contains('MuiButtonBase-root')) return null;
      const style = getComputedStyle(el);
      // the colour behind the outline: the first ancestor (outside the control) with a background
      let bg = 'rgba(0, 0, 0, 0)';
      for (let p = el.parentElement; p && bg === 'rgba(0, 0, 0, 0)'; p = p.parentElement)
        bg = getComputedStyle(p).backgroundColor;
      return {
        name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30) || el.tagName,
        outline: style.outlineStyle,
        width: style.outlineWidth,
        color: style.outlineColor,
        background: bg,
        ripple: el.querySelector('.MuiTouchRipple-root') !== null,
        focusVisible: el.classList.contains('Mui-focusVisible'),
      };
    });
    if (!focused) continue;
    expect(focused.ripple, focused.name).toBe(false);
    expect(focused.focusVisible, focused.name).toBe(true);
    seen.set(focused.name, focused);
  }
  // the header's buttons, the menu's rows and the form's save button at least
  expect(seen.size).toBeGreaterThanOrEqual(5);
  for (const [name, f] of seen) {
    expect(f.outline, name).toBe('solid');
    expect(f.width, name).toBe('2px');
    expect(f.color, name).not.toBe(f.background);
  }
});
