/**
 * Unsaved changes are never lost by leaving the form (issue 11, the in-house router's blocker): with a value typed
 * and not saved, the form's own "back" and the browser's back/forward are held — the address stays, the form asks —
 * "stay" keeps the value, "discard" leaves. Nothing is saved (a BJ01 subject no other spec opens: V1 VS not entered).
 */
import { expect, test, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

const SUBJECT = 'subj-bj01-0030';
const SUBJECT_URL = `/edcweb/index/subjects/${SUBJECT}`;
const FORM_URL = `${SUBJECT_URL}/visits/V1/1/1/forms/VS`;

const field = (page: Page) => page.getByTestId('ecrf-row-SYSBP').locator('input').first();
const dialog = (page: Page) => page.getByRole('dialog', { name: appZh['ecrf.unsaved.title'] });
const path = (page: Page) => new URL(page.url()).pathname;

test('a typed value holds the in-app back and the browser back/forward until the user discards it', async ({
  page,
}) => {
  test.slow();
  await logIn(page, 'crc.li');
  await chooseRoleAndSite(page, 0);
  // subject page → visit V1 → its VS form, inside the app (entries: subject, form)
  await page.goto(SUBJECT_URL);
  await page.getByTestId('visit-V1.1.1').getByRole('button').first().click();
  await page.getByTestId('form-V1.1.1-VS').getByRole('link').click();
  await expect.poll(() => path(page)).toBe(FORM_URL);
  await expect(field(page)).toBeVisible();
  await field(page).fill('123');

  // the form's back: held, the address stays, "stay" keeps the value
  await page.getByTestId('form-back').click();
  await expect(dialog(page)).toBeVisible();
  expect(path(page)).toBe(FORM_URL);
  await dialog(page).getByRole('button', { name: appZh['ecrf.unsaved.stay'] }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(field(page)).toHaveValue('123');

  // the browser's back: held and undone, the address is the form's again, the value stays
  await page.goBack();
  await expect(dialog(page)).toBeVisible();
  await expect.poll(() => path(page)).toBe(FORM_URL);
  await dialog(page).getByRole('button', { name: appZh['ecrf.unsaved.stay'] }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(field(page)).toHaveValue('123');
  expect(path(page)).toBe(FORM_URL);

  // back again, and discard: the subject page (entries: subject, form)
  await page.goBack();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole('button', { name: appZh['ecrf.unsaved.discard'] }).click();
  await expect.poll(() => path(page)).toBe(SUBJECT_URL);
  await expect(dialog(page)).toBeHidden();

  // the browser's forward returns to the form (the subject page holds nothing); typed again, forward is held too
  // (there is none: back instead) — the form's back with discard leaves
  await page.goForward();
  await expect.poll(() => path(page)).toBe(FORM_URL);
  await expect(field(page)).toBeVisible();
  await field(page).fill('456');
  await page.goBack();
  await expect(dialog(page)).toBeVisible();
  await expect.poll(() => path(page)).toBe(FORM_URL);
  await dialog(page).getByRole('button', { name: appZh['ecrf.unsaved.stay'] }).click();
  await expect(field(page)).toHaveValue('456');
  await page.getByTestId('form-back').click();
  await dialog(page).getByRole('button', { name: appZh['ecrf.unsaved.discard'] }).click();
  await expect.poll(() => path(page)).toBe(SUBJECT_URL);
});
