/**
 * Bundle-size benchmark (numbers, not pass/fail … except the hard rule that AG Grid and the date pickers never load
 * on the login front or /entrance).
 *
 * Serves dist/ statically (history fallback, API calls answer 404), opens /edcweb/entrance (which sends an anonymous
 * visitor on to /edcweb/loginfront) in headless Debian chromium, records every JS file the page loads and sums their
 * gzip sizes. Run after `npm run build`.
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('bench:bundle: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (!url.pathname.startsWith('/edcweb/')) {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end('{"success":false,"msg":"bench","data":null}');
    return;
  }
  const rel = normalize(url.pathname.slice('/edcweb/'.length));
  let file = join(dist, rel);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
    file = join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;

const FORBIDDEN = [
  { name: 'AG Grid', marker: /ag-grid-community|AG Grid|agGrid/ },
  { name: '@mui/x-date-pickers', marker: /MuiPickers|MuiDateCalendar|x-date-pickers/ },
];

const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage();
const loaded = new Set<string>();
page.on('response', (r) => {
  const u = new URL(r.url());
  if (u.pathname.endsWith('.js')) loaded.add(u.pathname);
});
await page.goto(`http://127.0.0.1:${port}/edcweb/entrance`);
await page.waitForURL(/loginfront/, { timeout: 30_000 }).catch(() => undefined);
// the login form itself (its chunks load after the address changes; networkidle alone can come first under load)
await page
  .locator('input[name=username]')
  .waitFor({ timeout: 30_000 })
  .catch(() => undefined);
await page.waitForLoadState('networkidle');
await browser.close();
server.close();

let raw = 0;
let gz = 0;
const rows: string[] = [];
const violations: string[] = [];
for (const path of [...loaded].sort()) {
  const buf = readFileSync(join(dist, path.slice('/edcweb/'.length)));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push(
    `  ${path.padEnd(52)} ${(buf.length / 1024).toFixed(1).padStart(8)} KB  ${(g / 1024).toFixed(1).padStart(7)} KB gzip`,
  );
  const text = buf.toString('utf8');
  for (const f of FORBIDDEN) if (f.marker.test(text)) violations.push(`${f.name} in ${path}`);
}
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const allGz = all.reduce(
  (s, f) => s + gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length,
  0,
);

console.log(`JS loaded by /entrance → /loginfront (${loaded.size} files):`);
console.log(rows.join('\n'));
console.log(
  `  total ${(raw / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzip (target ≤ 200 KB gzip)`,
);
console.log(`Whole build: ${all.length} JS chunks, ${(allGz / 1024).toFixed(1)} KB gzip`);
if (violations.length > 0) {
  console.error(`Forbidden on the login front: ${violations.join(', ')}`);
  process.exit(1);
}
