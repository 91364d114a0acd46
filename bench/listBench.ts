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
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import type { GridTiming, ListBenchApi } from './listBench/main';
import {
  buildBenchPage,
  printStats,
  repeat as repeatRuns,
  ROOT,
  pageApi,
  serveStatic,
  stat,
  type Stat,
} from './support/pageBench';

const OUT = join(ROOT, '.cache', 'list-bench');
const RUNS = Number(process.env.LIST_BENCH_RUNS ?? 25);
const WARMUP = Number(process.env.LIST_BENCH_WARMUP ?? 3);

const repeat = <T>(once: (i: number) => Promise<T>) => repeatRuns(once, WARMUP, RUNS);

buildBenchPage('bench/listBench/vite.config.ts', OUT);
const site = await serveStatic(OUT);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.listBench !== undefined);
  const call = pageApi<ListBenchApi>(page, 'listBench');
  const stats: Stat[] = [];

  const search = await repeat(() => call('mountSearchBar'));
  stats.push(stat('SearchBar, 30 items: mount → all items painted', search.runs, search.first));

  for (const [size, allRows, note] of [
    [20, false, ''],
    [100, false, ' (virtualised, as in the app)'],
    [100, true, ' (all 100 rows in the DOM)'],
  ] as const) {
    const mounts = await repeat(() => call('mountGrid', size, allRows));
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
    await call('mountGrid', size, allRows);
    const pages = await repeat(() => call('nextPage'));
    stats.push(
      stat(
        `MetaGrid ${size} rows${note}: next page click → rows painted`,
        pages.runs.map((t) => t.actionToPaint),
        pages.first.actionToPaint,
      ),
    );
  }
  await call('unmount');

  const version = browser.version();
  printStats(
    `List rendering, headless Chromium ${version}, production build, fake client in memory (ms)\n${WARMUP} warm-up runs (the first reported as "first"), then ${RUNS} measured runs each`,
    stats,
    { chromium: version, runs: RUNS, warmup: WARMUP },
  );
} finally {
  await browser.close();
  await site.close();
}
