/**
 * List rendering benchmark (numbers, not pass/fail). Builds bench/listBench/ (production build, the app's build
 * plugins) into .cache/list-bench/, serves it statically, and drives headless Chromium:
 *  (a) SearchBar with 30 definitions of mixed types — mount to every item painted;
 *  (b) MetaGrid with 30 columns — first page of 20 and of 100 rows: from the fake client's answer to the rows
 *      painted (and from mount), then page changes (click "next page" → the new rows painted).
 * The fake client answers in memory, so the numbers are the client's own cost. "Painted" = the DOM shows it and two
 * animation frames have passed. 100 rows are measured as the app renders them (row virtualisation: only the rows
 * in view are in the DOM) and with every row in the DOM.
 *
 * `npm run bench:list`. LIST_BENCH_RUNS (25), LIST_BENCH_WARMUP (3), SKIP_BUILD=1 reuses the last build.
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import type { GridTiming, ListBenchApi } from './listBench/main';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, '.cache', 'list-bench');
const RUNS = Number(process.env.LIST_BENCH_RUNS ?? 25);
const WARMUP = Number(process.env.LIST_BENCH_WARMUP ?? 3);

function build(): void {
  if (process.env.SKIP_BUILD === '1' && existsSync(join(OUT, 'index.html'))) return;
  const t0 = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'bench/listBench/vite.config.ts',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the benchmark page failed to build');
  console.log(`built bench/listBench in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

async function serve(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const rel = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    let file = join(OUT, rel);
    if (!file.startsWith(OUT) || !existsSync(file) || statSync(file).isDirectory())
      file = join(OUT, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

interface Stat {
  label: string;
  runs: number;
  first: number;
  p50: number;
  p95: number;
  max: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

function stat(label: string, times: number[], first: number): Stat {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    label,
    runs: times.length,
    first,
    p50: pct(sorted, 0.5),
    p95: pct(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
  };
}

/** Calls one method of the page's benchmark API. */
function call<K extends keyof ListBenchApi>(
  page: Page,
  method: K,
  ...args: Parameters<ListBenchApi[K]>
): Promise<Awaited<ReturnType<ListBenchApi[K]>>> {
  return page.evaluate(
    ([m, a]) => {
      const api = window.listBench as unknown as Record<string, (...x: unknown[]) => unknown>;
      return api[m as string]!(...(a as unknown[]));
    },
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<ListBenchApi[K]>>>;
}

/** Runs `once` WARMUP + RUNS times; the first (cold) run is reported apart, the warm-up runs are left out. */
async function repeat<T>(once: (i: number) => Promise<T>): Promise<{ first: T; runs: T[] }> {
  const first = await once(0);
  for (let i = 1; i < WARMUP; i++) await once(i);
  const runs: T[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(WARMUP + i));
  return { first, runs };
}

build();
const site = await serve();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.listBench !== undefined);
  const stats: Stat[] = [];

  const search = await repeat(() => call(page, 'mountSearchBar'));
  stats.push(stat('SearchBar, 30 items: mount → all items painted', search.runs, search.first));

  for (const [size, allRows, note] of [
    [20, false, ''],
    [100, false, ' (virtualised, as in the app)'],
    [100, true, ' (all 100 rows in the DOM)'],
  ] as const) {
    const mounts = await repeat(() => call(page, 'mountGrid', size, allRows));
    const timings = mounts.runs as GridTiming[];
    stats.push(
      stat(
        `MetaGrid ${size} rows${note}: answer → rows painted`,
        timings.map((t) => t.requestToPaint),
        mounts.first.requestToPaint,
      ),
      stat(
        `MetaGrid ${size} rows${note}: mount → rows painted`,
        timings.map((t) => t.actionToPaint),
        mounts.first.actionToPaint,
      ),
    );
    await call(page, 'mountGrid', size, allRows);
    const pages = await repeat(() => call(page, 'nextPage'));
    stats.push(
      stat(
        `MetaGrid ${size} rows${note}: next page click → rows painted`,
        pages.runs.map((t) => t.actionToPaint),
        pages.first.actionToPaint,
      ),
    );
  }
  await call(page, 'unmount');

  const version = browser.version();
  console.log(`\nList rendering, headless Chromium ${version}, production build, fake client in memory (ms)`);
  console.log(`${WARMUP} warm-up runs (the first reported as "first"), then ${RUNS} measured runs each\n`);
  const width = Math.max(...stats.map((s) => s.label.length));
  console.log(
    ['scenario'.padEnd(width), ...['first', 'p50', 'p95', 'max'].map((h) => h.padStart(7))].join(' '),
  );
  for (const s of stats) {
    console.log(
      [s.label.padEnd(width), ...[s.first, s.p50, s.p95, s.max].map((n) => n.toFixed(1).padStart(7))].join(
        ' ',
      ),
    );
  }
  console.log(`\n${JSON.stringify({ chromium: version, runs: RUNS, warmup: WARMUP, stats })}`);
} finally {
  await browser.close();
  await site.close();
}
