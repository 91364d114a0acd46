/**
 * Keyboard-only entry (issue 11): a CRC enters a whole form without the mouse — Tab between items, typing, the date
 * from the calendar by keys, a radio by Space, a select by arrows — saves with Ctrl+S, and after a reload the saved
 * values are there. The form is V1 LB of subj-bj01-0001 (a date, a time, a radio, numbers, a select and a text; the
 * seed leaves it not entered, and e2e/ecrf.spec.ts enters VS, not LB).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn, tabUntil } from './support';

const CRC = 'crc.li';
const SUBJECT = 'subj-bj01-0001';
const FORM_URL = `/edcweb/index/subjects/${SUBJECT}/visits/V1/1/1/forms/LB`;
/** The items in the form's order (fixtures/forms/schemas/LB.json). */
const ORDER = ['LBDAT', 'LBTIM', 'LBFAST', 'HGB', 'WBC', 'PLT', 'ALT', 'AST', 'CREAT', 'LBNRIND', 'LBCOMM'];

const row = (page: Page, variable: string): Locator => page.getByTestId(`ecrf-row-${variable}`);
const control = (variable: string, what = 'input') => `[data-testid="ecrf-row-${variable}"] ${what}`;

/** Tabs to the item's control, then types the text. */
async function tabAndType(page: Page, variable: string, text: string, visited: string[], what = 'input') {
  visited.push(...(await tabUntil(page, control(variable, what))));
  await page.keyboard.type(text);
}

test('a CRC enters a whole form by keyboard only, saves with Ctrl+S, and finds the values after a reload', async ({
  page,
}) => {
  await logIn(page, CRC);
  await chooseRoleAndSite(page, 0);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (/\/data\/(savedata|updatedata)\.do/.test(r.url())) saves.push(r.url());
  });
  await page.goto(FORM_URL);
  await expect(row(page, 'LBDAT').locator('input')).toBeVisible();

  // from here on, the keyboard only
  const visited: string[] = [];
  visited.push(...(await tabUntil(page, control('LBDAT'))));

  // the date: ArrowDown opens the calendar on today, ArrowLeft is yesterday, Enter picks it, focus comes back
  await page.keyboard.press('ArrowDown');
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('[role=gridcell]:focus')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  const yesterday = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() - 1);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  });
  await expect(row(page, 'LBDAT').locator('input')).toHaveValue(yesterday);
  await expect(row(page, 'LBDAT').locator('input')).toBeFocused();

  await tabAndType(page, 'LBTIM', '08:30', visited);

  // the radio group: Tab lands on its first option, Space checks it, ArrowRight moves the choice to the next
  visited.push(...(await tabUntil(page, control('LBFAST', 'input[type=radio]'))));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  const fasting = row(page, 'LBFAST').locator('input[type=radio]');
  await expect(fasting.nth(1)).toBeChecked();
  const fastingValue = await fasting.nth(1).getAttribute('value');

  await tabAndType(page, 'HGB', '135', visited);
  // Enter in an input submits nothing: nothing is saved before Ctrl+S
  await page.keyboard.press('Enter');
  await tabAndType(page, 'WBC', '6.2', visited);
  await tabAndType(page, 'PLT', '250', visited);
  await tabAndType(page, 'ALT', '20', visited);
  await tabAndType(page, 'AST', '22', visited);
  await tabAndType(page, 'CREAT', '80', visited);

  // the select: ArrowDown on the closed select takes the next option; the third is "abnormal, clinically
  // significant", which shows the (then required) description of the abnormality after it
  visited.push(...(await tabUntil(page, control('LBNRIND', 'select'))));
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'LBNRIND').locator('select')).toHaveValue('NORMAL');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'LBNRIND').locator('select')).toHaveValue('ABNORMAL CS');

  await tabAndType(page, 'LBCOMM', 'Mild anaemia, entered by keyboard', visited, 'textarea');

  // Tab went through the items in the form's order
  const rows = visited.map((v) => v.split('@ecrf-row-')[1]).filter((v): v is string => v !== undefined);
  const positions = rows.map((v) => ORDER.indexOf(v));
  expect(positions).toEqual([...positions].sort((a, b) => a - b));

  expect(saves).toEqual([]);
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/data/savedata.do')),
    page.keyboard.press('Control+s'),
  ]);
  expect(((await saved.json()) as { data: { outcome: string } }).data.outcome).toBe('saved');
  await expect(page.getByTestId('notices').getByText(appZh['formPage.saved']).first()).toBeVisible();

  await page.reload();
  await expect(row(page, 'LBDAT').locator('input')).toHaveValue(yesterday);
  await expect(row(page, 'LBTIM').locator('input')).toHaveValue('08:30');
  await expect(row(page, 'LBFAST').locator(`input[type=radio][value="${fastingValue}"]`)).toBeChecked();
  await expect(row(page, 'HGB').locator('input')).toHaveValue('135');
  await expect(row(page, 'WBC').locator('input')).toHaveValue('6.2');
  await expect(row(page, 'PLT').locator('input')).toHaveValue('250');
  await expect(row(page, 'ALT').locator('input')).toHaveValue('20');
  await expect(row(page, 'AST').locator('input')).toHaveValue('22');
  await expect(row(page, 'CREAT').locator('input')).toHaveValue('80');
  await expect(row(page, 'LBNRIND').locator('select')).toHaveValue('ABNORMAL CS');
  await expect(row(page, 'LBCOMM').locator('textarea')).toHaveValue('Mild anaemia, entered by keyboard');
});
