/**
 * Notes and source data verification against the reference server (demo seed, issue 14): a monitor (CRA at BJ01)
 * verifies the vital-signs page of the richly entered subject; a CRC changes a verified value with a reason — its SDV
 * is reset — and adds a note on the item, shown in its note dialog; the monitor sees the item required again, with
 * why, and the note.
 */
import { expect, test, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

/** The seed's richly entered BJ01 subject (server/seed/forms.ts): its V1 VS page is saved (SYSBP 118). */
const SUBJECT = 'subj-bj01-0002';
const FORM_URL = `/edcweb/index/subjects/${SUBJECT}/visits/V1/1/1/forms/VS`;

test.beforeEach(() => test.slow());

const row = (page: Page, variable: string) => page.getByTestId(`ecrf-row-${variable}`);
const icon = (page: Page, variable: string, id: keyof typeof appZh) =>
  row(page, variable).getByRole('button', { name: appZh[id] });

async function openForm(page: Page, username: string) {
  await logIn(page, username);
  await chooseRoleAndSite(page, 0);
  await page.goto(FORM_URL);
  await expect(row(page, 'SYSBP').locator('input').first()).toBeVisible({ timeout: 45_000 });
}

test('a CRA verifies a page, a CRC changes a verified value and annotates it, the CRA sees SDV required again', async ({
  page,
  browser,
}) => {
  // CRA: Verify (SDV) of the page — every item the plan requires is preselected
  await openForm(page, 'cra.zhao');
  await expect(icon(page, 'SYSBP', 'sdv.state.required')).toBeVisible();
  await page.getByTestId('form-sdv').click();
  await expect(page.getByTestId('sdv-page-table')).toBeVisible();
  const [verified] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/varstatus/saveVarStatusList.do')),
    page.getByTestId('sdv-verify-selected').click(),
  ]);
  expect(((await verified.json()) as { success: boolean }).success).toBe(true);
  await expect(icon(page, 'SYSBP', 'sdv.state.verified')).toBeVisible();
  await expect(icon(page, 'DIABP', 'sdv.state.verified')).toBeVisible();

  // CRC (another browser): changes SYSBP with a reason → its SDV is reset; annotates it
  const crcContext = await browser.newContext();
  const crc = await crcContext.newPage();
  await openForm(crc, 'crc.li');
  await expect(icon(crc, 'SYSBP', 'sdv.state.verified')).toBeVisible();
  await row(crc, 'SYSBP').locator('input').first().fill('121');
  await crc.getByTestId('form-save').click();
  const reasons = crc.getByRole('dialog');
  await reasons.getByTestId('reason-row-SYSBP').getByRole('textbox').fill('转录错误已更正');
  const [update] = await Promise.all([
    crc.waitForResponse((r) => r.url().includes('/data/updatedata.do')),
    reasons.getByRole('button', { name: appZh['ecrf.reason.ok'] }).click(),
  ]);
  expect(((await update.json()) as { data: { outcome: string } }).data.outcome).toBe('saved');
  await expect(icon(crc, 'SYSBP', 'sdv.state.reset')).toBeVisible();
  await expect(icon(crc, 'DIABP', 'sdv.state.verified')).toBeVisible();

  await icon(crc, 'SYSBP', 'ecrf.status.noteAdd').click();
  const notes = crc.getByTestId('note-dialog');
  await expect(notes.getByTestId('notes-empty')).toBeVisible();
  await notes.getByTestId('note-add').click();
  await expect(notes.getByText(appZh['notes.empty'])).toBeVisible();
  await notes.getByTestId('note-text-input').fill('已与门诊病历核对：121');
  await notes.getByTestId('note-add').click();
  await expect(notes.getByTestId('note-text')).toHaveText('已与门诊病历核对：121');
  await crc.getByTestId('note-dialog-close').click();
  await expect(icon(crc, 'SYSBP', 'ecrf.status.noteReview')).toBeVisible();
  await crcContext.close();

  // CRA: the page read again — SYSBP is to verify again, and says why; the note is there to review
  await page.reload();
  await expect(icon(page, 'SYSBP', 'sdv.state.reset')).toBeVisible({ timeout: 45_000 });
  await icon(page, 'SYSBP', 'sdv.state.reset').click();
  const why = page.getByTestId('sdv-reset-why');
  await expect(why).toContainText('118');
  await expect(why).toContainText('121');
  await expect(why).toContainText('crc.li');
  await page.getByTestId('sdv-verify-item').click();
  await expect(page.getByTestId('sdv-state')).toHaveText(appZh['sdv.state.verified']);
  await page.keyboard.press('Escape');
  await expect(icon(page, 'SYSBP', 'sdv.state.verified')).toBeVisible();
  await icon(page, 'SYSBP', 'ecrf.status.noteReview').click();
  await expect(page.getByTestId('note-dialog').getByTestId('note-text')).toHaveText('已与门诊病历核对：121');
});
