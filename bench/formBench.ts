/**
 * eCRF form benchmark (numbers, not pass/fail). Builds bench/formBench/ (production build, the app's build plugins)
 * into .cache/form-bench/, serves it statically and drives headless Chromium with the generated 500- and 1,000-item
 * forms (fixtures/forms/generateBigForm):
 *  (a) mount: render() → first items painted, and → every item painted (targets: ≤ 250 ms at 500 items);
 *  (b) keystroke: real key presses in a text input in the middle of the 1,000-item form, keydown → next animation
 *      frame (targets: ≤ 16 ms median, ≤ 33 ms p95), and keydown → synchronous work done;
 *  (c) full validation at 500 items: the engine's validateForm, and controller.validateAll() with every problem
 *      shown and painted (target ≤ 20 ms), with plausible values and with a bad value in every number and date item.
 *
 * `npm run bench:form`. FORM_BENCH_RUNS (20), FORM_BENCH_WARMUP (3), FORM_BENCH_KEYS (200), SKIP_BUILD=1.
 */
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import type { FormBenchApi, KeystrokeSample, MountTiming } from './formBench/main';
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

const OUT = join(ROOT, '.cache', 'form-bench');
const RUNS = Number(process.env.FORM_BENCH_RUNS ?? 20);
const WARMUP = Number(process.env.FORM_BENCH_WARMUP ?? 3);
const KEYS = Number(process.env.FORM_BENCH_KEYS ?? 200);
const repeat = <T>(once: (i: number) => Promise<T>) => repeatRuns(once, WARMUP, RUNS);

buildBenchPage('bench/formBench/vite.config.ts', OUT);
const site = await serveStatic(OUT);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.formBench !== undefined);
  const call = pageApi<FormBenchApi>(page, 'formBench');
  const stats: Stat[] = [];

  for (const items of [500, 1000]) {
    const mounts = await repeat(() => call('mount', items, 'empty'));
    const runs = mounts.runs as MountTiming[];
    stats.push(
      stat(
        `${items} items: compileForm (cold once, then cached)`,
        runs.map((r) => r.compile),
        mounts.first.compile,
      ),
      stat(
        `${items} items: mount → first items painted`,
        runs.map((r) => r.firstScreen),
        mounts.first.firstScreen,
      ),
      stat(
        `${items} items: mount → every item painted`,
        runs.map((r) => r.allItems),
        mounts.first.allItems,
      ),
    );
  }

  // typing in the middle of the 1,000-item form, one key at a time (each key's work has settled before the next)
  await call('mount', 1000, 'empty');
  const variable = await call('focusMiddle');
  const text = '1234567890';
  for (let i = 0; i < 10; i++) await page.keyboard.press(text[i % text.length]!, { delay: 0 }); // warm-up
  await page.waitForTimeout(400);
  await call('takeKeystrokes');
  const keys: KeystrokeSample[] = [];
  for (let i = 0; i < KEYS; i++) {
    if (i > 0 && i % 8 === 0) {
      await page.waitForTimeout(50);
      keys.push(...(await call('takeKeystrokes')));
      for (let k = 0; k < 8; k++) await page.keyboard.press('Backspace');
      await page.waitForTimeout(50);
      await call('takeKeystrokes'); // backspaces are not measured
    }
    await page.keyboard.press(text[i % text.length]!);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(400);
  keys.push(...(await call('takeKeystrokes')));
  stats.push(
    stat(
      `1,000 items: keystroke in ${variable} → next frame`,
      keys.map((k) => k.nextFrame),
      keys[0]?.nextFrame ?? 0,
    ),
    stat(
      `1,000 items: keystroke in ${variable} → work done`,
      keys.map((k) => k.handled),
      keys[0]?.handled ?? 0,
    ),
  );

  for (const mode of ['filled', 'invalid'] as const) {
    await call('mount', 500, mode);
    const validations = await repeat(() => call('validateAll'));
    const label = mode === 'filled' ? 'plausible values' : 'a bad value in every number and date';
    stats.push(
      stat(
        `500 items, ${label}: validateForm (engine, in the browser)`,
        validations.runs.map((v) => v.engine),
        validations.first.engine,
      ),
      stat(
        `500 items, ${label}: controller.validateAll, the call (${validations.first.problems} items with problems)`,
        validations.runs.map((v) => v.sync),
        validations.first.sync,
      ),
      stat(
        `500 items, ${label}: controller.validateAll → next frame`,
        validations.runs.map((v) => v.nextFrame),
        validations.first.nextFrame,
      ),
    );
  }
  await call('unmount');

  const version = browser.version();
  printStats(
    `eCRF form, headless Chromium ${version}, production build (ms)\n${WARMUP} warm-up runs (the first reported as "first"), then ${RUNS} measured runs each; ${keys.length} keystrokes`,
    stats,
    { chromium: version, runs: RUNS, warmup: WARMUP, keys: keys.length },
  );
} finally {
  await browser.close();
  await site.close();
}
