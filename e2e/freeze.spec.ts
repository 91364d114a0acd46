/**
 * Freeze with approval against the reference server (demo seed, issue 14; docs/freeze.md): a monitor (CRA at BJ01)
 * applies to freeze the V2 vital-signs page of the richly entered subject with the approval role DM and a reason; the
 * DM (dm.chen, DM at BJ01) sees it in the freeze requests and approves it with a reason; the page is then frozen —
 * the CRC who entered it finds it read only with the reason (no Save) and the frozen icon on its items; the server's
 * refusal of a change is covered by server/domains/freeze/freeze.test.ts. (V2 VS: no other spec uses it, the server
 * is shared.)
 */
import { expect, test, type Page } from '@playwright/test';
import appZh from '../src/i18n/app/zh_CN.json' with { type: 'json' };
import en from '../src/i18n/en.json' with { type: 'json' };
import zh from '../src/i18n/zh_CN.json' with { type: 'json' };
import { chooseRoleAndSite, logIn } from './support';

const SUBJECT = 'subj-bj01-0002';
const FORM_URL = `/edcweb/index/subjects/${SUBJECT}/visits/V2/1/1/forms/VS`;
const REASON = '中期分析前冻结（e2e）';

test.beforeEach(() => test.slow());

/** Chooses a role by its name (dm.chen is CRA at SH01 and DM at every site) and the site BJ01. */
async function chooseRole(page: Page, roleNames: readonly string[]) {
  await expect(page).toHaveURL(/\/edcweb\/checkRole/);
  const role = page.locator('select[name=roleid]');
  await expect(role.locator('option:not([value=""])').first()).toBeAttached();
  const roleValue = await role
    .locator('option')
    .evaluateAll(
      (os, names) =>
        (
          os.find((o) => names.some((n) => (o.textContent ?? '').includes(n))) as
            HTMLOptionElement | undefined
        )?.value,
      roleNames,
    );
  expect(roleValue, `a role among ${roleNames.join(', ')}`).toBeTruthy();
  await role.selectOption(roleValue!);
  const site = page.locator('select[name=siteid]');
  await expect(site.locator('option:not([value=""])').first()).toBeAttached();
  const bj01 = await site
    .locator('option')
    .evaluateAll(
      (os) =>
        (os.find((o) => (o.textContent ?? '').includes('BJ01')) as HTMLOptionElement | undefined)?.value,
    );
  await site.selectOption(bj01!);
  // the user's own language (dm.chen reads English)
  await page
    .getByRole('button', { name: new RegExp(`^(${zh['checkRole.confirm']}|${en['checkRole.confirm']})$`) })
    .click();
  await expect(page.getByTestId('home-shell')).toBeVisible();
}

async function openForm(page: Page) {
  await page.goto(FORM_URL);
  await expect(page.getByTestId('ecrf-row-SYSBP').locator('input').first()).toBeVisible({ timeout: 45_000 });
}

test('a CRA applies to freeze a page, the DM approves, and the page is read only with the reason', async ({
  page,
  browser,
}) => {
  // CRA: Freeze / unfreeze → the page, approval role DM, a reason
  await logIn(page, 'cra.zhao');
  await chooseRoleAndSite(page, 0);
  await openForm(page);
  await page.getByTestId('form-freeze').click();
  const dialog = page.getByTestId('freeze-apply-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('freeze-send').click();
  await expect(page.getByTestId('freeze-problem')).toHaveText(appZh['freeze.reasonRequired']);
  await page.getByTestId('freeze-reason-input').fill(REASON);
  const [applied] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/freeze/applyFreeze.do')),
    page.getByTestId('freeze-send').click(),
  ]);
  expect(((await applied.json()) as { success: boolean }).success).toBe(true);
  await expect(page.getByTestId('freeze-sent')).toBeVisible();
  await page.getByTestId('freeze-close').click();
  // pending: the page is not frozen yet
  await expect(page.getByTestId('form-frozen')).toHaveCount(0);

  // DM (another browser): the request in the freeze requests list, approved with a reason
  const dmContext = await browser.newContext();
  const dm = await dmContext.newPage();
  await logIn(dm, 'dm.chen');
  // dm.chen reads English: the role's name in either language
  await chooseRole(dm, ['数据管理员', 'Data manager']);
  await dm.goto('/edcweb/index/freezeRequests');
  // the only request (newest first): its row by index — its cells may be split over pinned and centre containers,
  // and columns far right may not be drawn — then its selection checkbox
  await expect(dm.locator('.ag-row[row-index="0"]', { hasText: 'BJ01-0002' })).toHaveCount(1, {
    timeout: 45_000,
  });
  await dm.locator('.ag-row[row-index="0"] input[type=checkbox]').first().check({ force: true });
  await dm.getByTestId('list-action-approve').click();
  await dm.getByTestId('freeze-decision-reason').fill('数据已清理，同意冻结');
  const [approved] = await Promise.all([
    dm.waitForResponse((r) => r.url().includes('/freeze/approveFreeze.do')),
    dm.getByTestId('freeze-decision-save').click(),
  ]);
  expect(((await approved.json()) as { success: boolean }).success).toBe(true);
  // the DM opens the page: frozen, with the reason
  await openForm(dm);
  await expect(dm.getByTestId('form-frozen')).toContainText(REASON);
  await dmContext.close();

  // CRC (a third browser): the page is read only with the reason — no Save
  const crcContext = await browser.newContext();
  const crc = await crcContext.newPage();
  await logIn(crc, 'crc.li');
  await chooseRoleAndSite(crc, 0);
  await openForm(crc);
  const notice = crc.getByTestId('form-frozen');
  await expect(notice).toContainText(appZh['freeze.readOnly']);
  await expect(notice).toContainText(REASON);
  await expect(notice).toContainText('dm.chen');
  await expect(crc.getByTestId('form-read-only')).toBeVisible();
  await expect(crc.getByTestId('form-save')).toHaveCount(0);
  await expect(
    crc.getByTestId('ecrf-row-SYSBP').getByRole('button', { name: appZh['freeze.state.frozen'] }),
  ).toBeVisible();
  await crcContext.close();
});
