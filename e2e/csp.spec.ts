/**
 * Issue 15, finding 6: the reference server sends a Content-Security-Policy (server/core/http/securityHeaders.ts)
 * and the app passes it. Every route of the app's route table (src/routes.tsx, from src/routing/paths.ts) is
 * loaded as a signed-in CRC, the embedded-page overlay is opened, and any CSP violation — a `securitypolicyviolation`
 * event in the page or a "Content Security Policy" console message — fails the test.
 */
import { expect, test, type Page } from '@playwright/test';
import zh from '../src/i18n/zh_CN.json' with { type: 'json' };
import { PATHS, REFRESH_TARGET_PARAM } from '../src/routing/paths';
import { chooseRoleAndSite, logIn } from './support';

const SUBJECT = 'subj-bj01-0001';
const FORM = `visits/V1/1/1/forms/VS`;

/**
 * Every route of src/routes.tsx with its parameters filled in from the demo seed; the pages that end the session
 * (401, 402) come last. A PATHS entry missing here fails the first test.
 */
const ROUTES: readonly { path: string; of: keyof typeof PATHS | 'unknown' }[] = [
  { path: PATHS.entrance, of: 'entrance' },
  { path: PATHS.checkRole, of: 'checkRole' },
  { path: PATHS.index, of: 'index' },
  { path: PATHS.statistics, of: 'statistics' },
  { path: PATHS.queryManage, of: 'queryManage' },
  // a monitor's page too: the CRC is shown the server's refusal
  { path: PATHS.queryImport, of: 'queryImport' },
  // a monitor's page: the CRC is shown that it may not, under the same CSP
  { path: PATHS.sdvWorklist, of: 'sdvWorklist' },
  // a management page the CRC may not open (the DM's), under the same CSP
  { path: PATHS.invalidTable, of: 'invalidTable' },
  // the coder's worklist: the CRC is shown that it may not, under the same CSP
  { path: PATHS.medCoding, of: 'medCoding' },
  // the CRA's and DM's freeze requests (issue 14): the CRC is shown that it may not
  { path: PATHS.freezeRequests, of: 'freezeRequests' },
  // the data manager's study import and export (issue 17): the CRC is shown that it may not
  { path: PATHS.studyImport, of: 'studyImport' },
  { path: PATHS.studyExport, of: 'studyExport' },
  { path: PATHS.subjects, of: 'subjects' },
  { path: `${PATHS.subjects}/${SUBJECT}`, of: 'subjects' },
  { path: `${PATHS.subjectInfo}?subjectid=${SUBJECT}`, of: 'subjectInfo' },
  { path: `${PATHS.subjects}/${SUBJECT}/${FORM}`, of: 'subjects' },
  { path: PATHS.standaloneSubjects, of: 'standaloneSubjects' },
  { path: `${PATHS.standaloneSubjects}/${SUBJECT}`, of: 'standaloneSubjects' },
  { path: `${PATHS.standaloneSubjects}/${SUBJECT}/${FORM}`, of: 'standaloneSubjects' },
  {
    path: `${PATHS.indexRefresh}?${REFRESH_TARGET_PARAM}=${encodeURIComponent(PATHS.subjects)}`,
    of: 'indexRefresh',
  },
  { path: `${PATHS.refresh}?${REFRESH_TARGET_PARAM}=${encodeURIComponent(PATHS.checkRole)}`, of: 'refresh' },
  { path: '/index/no-such-page', of: 'unknown' },
  { path: PATHS.notFound, of: 'notFound' },
  { path: PATHS.serverError, of: 'serverError' },
  { path: PATHS.root, of: 'root' },
  { path: PATHS.unauthorized, of: 'unauthorized' },
  { path: `${PATHS.forcedLogout}?code=601`, of: 'forcedLogout' },
  { path: PATHS.loginFront, of: 'loginFront' },
];

/** Collects CSP violations: DOM events (installed before any page script runs) and console messages. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(msg.text())) {
      seen.push(`console: ${msg.text()}`);
    }
  });
  return seen;
}

async function violationsIn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
}

test('the server sends the CSP and the other security headers', async ({ request }) => {
  const res = await request.get('/edcweb/');
  const headers = res.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  // the route table is covered: every path of src/routing/paths.ts is loaded below
  expect(new Set(ROUTES.map((r) => r.of))).toEqual(new Set([...Object.keys(PATHS), 'unknown']));
});

test('every route of the app loads with the CSP on and no violation', async ({ page }) => {
  test.setTimeout(240_000);
  const consoleViolations = await watchCsp(page);
  const violations: string[] = [];
  await logIn(page, 'crc.li');
  await chooseRoleAndSite(page, 0);
  violations.push(...(await violationsIn(page)).map((v) => `login and checkRole: ${v}`));

  // the embedded-page overlay: a help document in a frame
  await page.getByRole('button', { name: zh['shell.help'] }).first().click();
  const doc = page.getByRole('menuitem').first();
  await expect(doc).toBeVisible();
  // from the keyboard: a pointer click waits on the frame's navigation, which a PDF viewer never reports settled
  await doc.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('iframe')).toBeAttached();
  await page.waitForTimeout(1000);
  violations.push(...(await violationsIn(page)).map((v) => `overlay: ${v}`));
  await page.keyboard.press('Escape');

  for (const route of ROUTES) {
    await page.goto(`/edcweb${route.path}`);
    await page.waitForLoadState('networkidle');
    // the grid and the form draw late: give their styles a moment to be injected
    await page.waitForTimeout(300);
    violations.push(...(await violationsIn(page)).map((v) => `${route.path}: ${v}`));
  }
  expect([...violations, ...consoleViolations]).toEqual([]);
});
