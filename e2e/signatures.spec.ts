/**
 * The PI signature against the reference server (demo seed, issue 14): three Beijing subjects get their
 * demographics entered (by a CRC, through the API); the PI selects nothing and is told to select, then selects the
 * three on the subject list and batch-signs their casebooks — the first signing of the session asks for user name and
 * password, a wrong password is refused in place — and sees the manifestation (printed name, date and time, meaning),
 * then again on a signed page's signature icon. A CRC changes a signed value with a reason: the signature is broken,
 * shown on the page and counted in the PI's to-dos.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn, PASSWORD } from './support';

/** Beijing subjects no other spec enters data for (queries.spec uses BJ01-0020). */
const SUBJIDS = ['BJ01-0027', 'BJ01-0028', 'BJ01-0029'];
const subjectId = (subjid: string) => `subj-${subjid.toLowerCase()}`;
const FORM_URL = `/edcweb/index/subjects/${subjectId(SUBJIDS[0]!)}/visits/V1/1/1/forms/DM`;
const PI_NAME = '王伟';
const MEANING_ZH = '本人作为研究者确认本病例的数据';

test.beforeEach(() => test.slow());

/** The CRC enters V1 demographics of the three subjects through the API (login, role and site, savedata.do). */
async function enterDemographics(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const headers = { locale: 'zh_CN' };
  const login = await context.request.post('/login/front/login.do', {
    data: { username: 'crc.li', password: PASSWORD },
    headers,
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const asCrc = { ...headers, token };
  const opened = await context.request.get('/edc/edcserver/login.do', { headers: asCrc });
  expect(((await opened.json()) as { success: boolean }).success).toBe(true);
  const role = await context.request.post('/edc/edcserver/changeSiteRole.do', {
    data: { roleid: 'role-crc', siteid: 'site-bj01' },
    headers: asCrc,
  });
  expect(((await role.json()) as { success: boolean }).success).toBe(true);
  for (const [i, subjid] of SUBJIDS.entries()) {
    const res = await context.request.post('/edc/data/savedata.do', {
      data: {
        subjectid: subjectId(subjid),
        visitnum: 'V1',
        cycnum: 1,
        svnum: 1,
        tid: 'DM',
        version: 1,
        confirmWarnings: true,
        idempotencyKey: `e2e-signature-dm-${i}-${Date.now()}`,
        values: {
          DMDAT: '2026-01-15',
          BRTHDAT: '1980-05-01',
          SEX: 'M',
          CHILDPOT: null,
          ETHNIC: 'NOT HISPANIC OR LATINO',
          RACE: ['ASIAN'],
        },
      },
      headers: asCrc,
    });
    const body = (await res.json()) as { success: boolean; msg: string; data: { outcome: string } | null };
    expect(body.success, body.msg).toBe(true);
    expect(body.data?.outcome).toBe('saved');
  }
  await context.close();
}

const row = (page: Page, variable: string) => page.getByTestId(`ecrf-row-${variable}`);
const icon = (page: Page, variable: string, id: keyof typeof appZh) =>
  row(page, variable).getByRole('button', { name: appZh[id] });

test('a PI batch-signs three casebooks with re-authentication and sees the manifestation; a CRC edit breaks it', async ({
  page,
  browser,
}) => {
  await enterDemographics(browser);

  // PI: the subject list, filtered to the three subjects' neighbours
  await logIn(page, 'pi.wang');
  await chooseRoleAndSite(page, 0);
  await page.goto('/edcweb/index/subjects');
  const subjid = page.locator('input[name=subjid]');
  await subjid.fill('BJ01-002');
  await subjid.press('Enter');
  await expect(page.locator(`.ag-row[row-business-key="${subjectId(SUBJIDS[2]!)}"]`).first()).toBeVisible({
    timeout: 45_000,
  });

  // nothing selected: the spec's "select items to sign", nothing sent
  await page.getByTestId('list-action-signSubjects').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('signature-sign').click();
  await expect(dialog.getByTestId('signature-problem')).toHaveText(appZh['signature.selectItems']);
  await dialog.getByRole('button', { name: appZh['signature.cancel'] }).click();
  await expect(dialog).toBeHidden();

  // select the three and sign: the session's first signing asks for user name and password
  for (const s of SUBJIDS) {
    await page
      .locator(`.ag-row[row-business-key="${subjectId(s)}"] .ag-selection-checkbox input`)
      .first()
      .check();
  }
  await page.getByTestId('list-action-signSubjects').click();
  await expect(dialog.getByTestId('sign-subjects-list')).toContainText(SUBJIDS.join(', '));
  await dialog.getByTestId('signature-username').fill('pi.wang');
  await dialog.getByTestId('signature-password').fill('Wrong#password1');
  await dialog.getByTestId('signature-sign').click();
  await expect(dialog.getByTestId('signature-problem')).toHaveText('密码错误，签名失败');
  await dialog.getByTestId('signature-password').fill(PASSWORD);
  const [signed] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/varstatus/saveSignature.do')),
    dialog.getByTestId('signature-sign').click(),
  ]);
  const body = (await signed.json()) as { success: boolean; data: { signed: number; records: string[] } };
  expect(body.success).toBe(true);
  expect(body.data.signed).toBe(3);
  // the manifestation: printed name, date and time, meaning
  await expect(dialog.getByTestId('signature-signer')).toContainText(PI_NAME);
  await expect(dialog.getByTestId('signature-signer')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await expect(dialog.getByTestId('signature-meaning')).toHaveText(MEANING_ZH);
  await dialog.getByTestId('signature-close').click();

  // the signed page shows it on its items
  await page.goto(FORM_URL);
  await expect(icon(page, 'DMDAT', 'signature.state.signed')).toBeVisible({ timeout: 45_000 });
  await icon(page, 'DMDAT', 'signature.state.signed').click();
  await expect(page.getByTestId('signature-signer')).toContainText(PI_NAME);
  await expect(page.getByTestId('signature-meaning')).toHaveText(MEANING_ZH);
  await page.getByTestId('signature-item-close').click();

  // CRC (another browser): changes the date with a reason → the signature is broken
  const crcContext = await browser.newContext();
  const crc = await crcContext.newPage();
  await logIn(crc, 'crc.li');
  await chooseRoleAndSite(crc, 0);
  await crc.goto(FORM_URL);
  const date = row(crc, 'DMDAT').locator('input').first();
  await expect(date).toBeVisible({ timeout: 45_000 });
  await expect(icon(crc, 'DMDAT', 'signature.state.signed')).toBeVisible();
  await date.fill('2026-01-16');
  await crc.getByTestId('form-save').click();
  const reasons = crc.getByRole('dialog');
  await reasons.getByTestId('reason-row-DMDAT').getByRole('textbox').fill('转录错误已更正');
  const [update] = await Promise.all([
    crc.waitForResponse((r) => r.url().includes('/data/updatedata.do')),
    reasons.getByRole('button', { name: appZh['ecrf.reason.ok'] }).click(),
  ]);
  expect(((await update.json()) as { data: { outcome: string } }).data.outcome).toBe('saved');
  await expect(icon(crc, 'DMDAT', 'signature.state.broken')).toBeVisible();
  await crcContext.close();

  // PI: the page shows the broken signature and why; the to-dos count it
  await page.reload();
  await expect(icon(page, 'SEX', 'signature.state.broken')).toBeVisible({ timeout: 45_000 });
  await icon(page, 'SEX', 'signature.state.broken').click();
  await expect(page.getByTestId('signature-broken-why')).toContainText('DMDAT');
  await expect(page.getByTestId('signature-broken-why')).toContainText('李娜');
  await page.getByTestId('signature-item-close').click();
  await page.goto('/edcweb/index/statistics');
  await expect(page.getByTestId('task-brokenSignatures-count')).toHaveText('1', { timeout: 45_000 });
});
