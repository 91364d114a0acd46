/**
 * eCRF form benchmark (numbers, not pass/fail). Builds bench/formBench/ (production build, the app's build plugins)
 * into .cache/form-bench/, serves it statically and drives headless Chromium with the generated 500- and 1,000-item
 * forms (fixtures/forms/generateBigForm):
 * forms (fixtures/forms/generateBigForm). "Painted" = the frame showing the change has been produced on the main
 * thread (its style, layout, pre-paint, paint and layerize ran: support/paint.ts framePainted). Targets (issue 11):
 *  (a) mount: render() → first items painted, and → all items mounted (interactive) and painted (≤ 170 ms at 500
 *      items, ≤ 300 ms at 1,000); also the page's defaultValues and render() → React's first commit;
 *  (b) first keystroke on a pristine form (mounted, settled, a text input in the middle focused): keydown → next frame
 *      painted (≤ 16 ms);
 *  (c) keystroke: real key presses in a text input in the middle of the form, keydown's event time → next frame
 *      painted (≤ 16 ms median, ≤ 20 ms p95 at 1,000 items), and → synchronous work done;
 *  (d) full validation: the engine's validateForm, and controller.validateAll() from no problem shown to every
 *      problem painted at its field (≤ 100 ms at 500 items, ≤ 150 ms at 1,000), with plausible values and with a bad
 *      value in every number and date item.
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
    const row = (label: string, pick: (m: MountTiming) => number) =>
      stat(`${items} items: ${label}`, runs.map(pick), pick(mounts.first));
    stats.push(
      row('compileForm (cold once, then cached)', (m) => m.compile),
      row('defaultValues (the page, before render)', (m) => m.values),
      row('render() → first commit', (m) => m.firstCommit),
      row('mount → first items painted', (m) => m.firstScreen),
      row('mount → all items interactive, painted', (m) => m.allItems),
    );
  }

  // the first keystroke on a pristine form: mounted, settled, a field in the middle focused, one key
  for (const items of [500, 1000]) {
    const firsts = await repeat(async () => {
      await call('mount', items, 'empty');
      await call('settle');
      await call('focusMiddle');
      await page.keyboard.press('7');
      await page.waitForTimeout(100);
      const taken = await call('takeKeystrokes');
      if (taken.length !== 1) throw new Error(`first keystroke: ${taken.length} samples`);
      return taken[0]!;
    });
    stats.push(
      stat(
        `${items} items: first keystroke on a pristine form → next frame painted`,
        firsts.runs.map((k) => k.nextFrame),
        firsts.first.nextFrame,
      ),
      stat(
        `${items} items: first keystroke on a pristine form → work done`,
        firsts.runs.map((k) => k.handled),
        firsts.first.handled,
      ),
      stat(
        `${items} items: first keystroke on a pristine form, its frame's own work`,
        firsts.runs.map((k) => k.frame),
        firsts.first.frame,
      ),
    );
  }

  // typing in the middle of the form, one key at a time (each key's frame has been produced before the next)
  let keyCount = 0;
  for (const items of [500, 1000]) {
    const count = items === 1000 ? KEYS : Math.ceil(KEYS / 2);
    await call('mount', items, 'empty');
    await call('settle');
    const variable = await call('focusMiddle');
    const text = '1234567890';
    for (let i = 0; i < 10; i++) await page.keyboard.press(text[i % text.length]!, { delay: 0 }); // warm-up
    await page.waitForTimeout(400);
    await call('takeKeystrokes');
    const keys: KeystrokeSample[] = [];
    for (let i = 0; i < count; i++) {
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
    keyCount += keys.length;
    stats.push(
      stat(
        `${items} items: keystroke in ${variable} → next frame painted`,
        keys.map((k) => k.nextFrame),
        keys[0]?.nextFrame ?? 0,
      ),
      stat(
        `${items} items: keystroke in ${variable} → work done`,
        keys.map((k) => k.handled),
        keys[0]?.handled ?? 0,
      ),
      stat(
        `${items} items: keystroke in ${variable}, its frame's own work`,
        keys.map((k) => k.frame),
        keys[0]?.frame ?? 0,
      ),
    );
  }

  for (const items of [500, 1000]) {
    for (const mode of ['filled', 'invalid'] as const) {
      await call('mount', items, mode);
      await call('settle');
      const validations = await repeat(() => call('validateAll'));
      const label = mode === 'filled' ? 'plausible values' : 'a bad value in every number and date';
      stats.push(
        stat(
          `${items} items, ${label}: validateForm (engine, in the browser)`,
          validations.runs.map((v) => v.engine),
          validations.first.engine,
        ),
        stat(
          `${items} items, ${label}: controller.validateAll, the call (${validations.first.problems} items with problems)`,
          validations.runs.map((v) => v.sync),
          validations.first.sync,
        ),
        stat(
          `${items} items, ${label}: controller.validateAll → errors painted`,
          validations.runs.map((v) => v.nextFrame),
          validations.first.nextFrame,
        ),
      );
    }
  }
  await call('unmount');

  const version = browser.version();
  printStats(
    `eCRF form, headless Chromium ${version}, production build (ms)\n${WARMUP} warm-up runs (the first reported as "first"), then ${RUNS} measured runs each; ${keyCount} keystrokes`,
    stats,
    { chromium: version, runs: RUNS, warmup: WARMUP, keys: keyCount },
  );
} finally {
  await browser.close();
  await site.close();
}
