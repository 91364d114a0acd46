/**
 * JS per route, against issue 11's targets: the login front ≤ 200 KB gzip, and the form route opened directly (all
 * its JS, with the workflows registered on the record) ≤ 200 KB gzip. Each figure is printed with its target and
 * whether it is met; a missed target makes the exit code 1 (BENCH_ROUTES_REPORT_ONLY=1: report only, exit 0).
 *
 * Starts the reference server on a fresh data directory serving dist/ (run `npm run build` first), logs in through
 * the UI in headless Debian chromium as crc.li (CRC at BJ01), then opens the subject list and a form, and sums the
 * gzip sizes of the JS files each step loads: the login front, the shell with the subject list (what the list adds
 * on top of the login front), and the form page (what opening a form adds on top of those), plus the total a user
 * who goes straight to a form has loaded.
 *
 * `npm run bench:routes`. BENCH_PORT (8195); BENCH_ROUTES_FILES=1 lists the form route's files with their sizes;
 * BENCH_ROUTES_DUMP=<file> writes the files of each step as JSON.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { PASSWORD, chooseRoleAndSite } from '../e2e/support';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 8195);
const DATA_DIR = path.join(ROOT, '.cache', 'bench-routes');
const BASE = `http://localhost:${PORT}`;
const FORM = '/edcweb/index/subjects/subj-bj01-0001/visits/V1/1/1/forms/VS';
/** Issue 11's targets, gzip bytes. */
const TARGETS = { loginFront: 200 * 1024, formRoute: 200 * 1024 } as const;

rmSync(DATA_DIR, { recursive: true, force: true });
const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('ready')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

const gzipOf = (urlPath: string) =>
  gzipSync(readFileSync(path.join(ROOT, 'dist', urlPath.slice('/edcweb/'.length))), { level: 9 }).length;

async function loadedDuring(page: Page, step: () => Promise<void>): Promise<Set<string>> {
  const seen = new Set<string>();
  const listener = (r: { url(): string }) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith('.js')) seen.add(p);
  };
  page.on('response', listener);
  await step();
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return seen;
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  const front = await loadedDuring(page, async () => {
    await page.goto(`${BASE}/edcweb/`);
    await page.locator('input[name=username]').waitFor();
  });
  const list = await loadedDuring(page, async () => {
    await page.locator('input[name=username]').fill('crc.li');
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await chooseRoleAndSite(page, 0);
    await page.waitForURL(/\/index\/subjects/);
    await page.locator('.ag-row').first().waitFor();
  });
  const form = await loadedDuring(page, async () => {
    await page.goto(`${BASE}${FORM}`);
    await page.getByTestId('ecrf-row-SYSBP').waitFor();
  });
  const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + gzipOf(f), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzip`;
  const newIn = (files: Set<string>, before: Set<string>[]) =>
    [...files].filter((f) => !before.some((b) => b.has(f)));
  // a reload on the form URL: everything a user who opens a form directly loads
  const direct = await loadedDuring(page, async () => {
    await page.reload();
    await page.getByTestId('ecrf-row-SYSBP').waitFor();
  });
  const against = (bytes: number, target: number) =>
    bytes <= target
      ? `target ≤ ${target / 1024} KB: met`
      : `target ≤ ${target / 1024} KB: NOT MET, ${((bytes - target) / 1024).toFixed(1)} KB over`;
  const frontBytes = sum(front);
  const directBytes = sum(direct);
  console.log(
    `login front (/loginfront):                 ${kb(frontBytes)} (${front.size} files)  ${against(frontBytes, TARGETS.loginFront)}`,
  );
  console.log(`+ shell and subject list:                  ${kb(sum(newIn(list, [front])))}`);
  console.log(`+ form page (on top of the list):          ${kb(sum(newIn(form, [front, list])))}`);
  console.log(
    `form route opened directly (all its JS):   ${kb(directBytes)} (${direct.size} files)  ${against(directBytes, TARGETS.formRoute)}`,
  );
  const missed = frontBytes > TARGETS.loginFront || directBytes > TARGETS.formRoute;
  if (missed && process.env.BENCH_ROUTES_REPORT_ONLY !== '1') process.exitCode = 1;
  // the files of each step as JSON, to compare chunk graphs (which chunks the list and the form share)
  if (process.env.BENCH_ROUTES_DUMP) {
    const files = (set: Set<string>) => [...set].sort();
    const steps = { front: files(front), list: files(list), form: files(form), direct: files(direct) };
    writeFileSync(process.env.BENCH_ROUTES_DUMP, JSON.stringify(steps, null, 1));
  }
  if (process.env.BENCH_ROUTES_FILES === '1') {
    for (const f of [...direct].sort((a, b) => gzipOf(b) - gzipOf(a)))
      console.log(`  ${f.padEnd(56)} ${kb(gzipOf(f))}`);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
