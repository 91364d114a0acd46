/**
 * Two builds of the form benchmark page measured against each other under the same load (numbers, not pass/fail):
 * one headless Chromium per build, runs interleaved (A, B, A, B …) so that a change of the machine's load falls on
 * both alike. Measures what bench/formBench.ts measures for the mount (render() → all items interactive, painted)
 * and the first keystroke on a pristine form (keydown → next frame painted), with the page's own code.
 *
 * Build each version of bench/formBench/ into its own folder first (the page's vite config writes
 * .cache/form-bench; copy it), then:
 * `FORM_AB_A=.cache/form-bench-base FORM_AB_B=.cache/form-bench npx tsx bench/formAB.ts`
 * FORM_AB_RUNS (40 per build and scenario), FORM_AB_WARMUP (3), FORM_AB_SCENARIOS (mount500,mount1000,first500,first1000).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import type { FormBenchApi } from './formBench/main';
import { pageApi, serveStatic, stat, type Stat } from './support/pageBench';

const RUNS = Number(process.env.FORM_AB_RUNS ?? 40);
const WARMUP = Number(process.env.FORM_AB_WARMUP ?? 3);
const SCENARIOS = (process.env.FORM_AB_SCENARIOS ?? 'mount500,mount1000,first500,first1000').split(',');
const dirs = { A: process.env.FORM_AB_A, B: process.env.FORM_AB_B };
if (!dirs.A || !dirs.B) throw new Error('FORM_AB_A and FORM_AB_B: two builds of bench/formBench/');

interface Side {
  name: 'A' | 'B';
  browser: Browser;
  page: Page;
  call: ReturnType<typeof pageApi<FormBenchApi>>;
  close(): Promise<void>;
}

async function open(name: 'A' | 'B', dir: string): Promise<Side> {
  const site = await serveStatic(resolve(dir));
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error(`${name}: page error:`, error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.formBench !== undefined);
  return {
    name,
    browser,
    page,
    call: pageApi<FormBenchApi>(page, 'formBench'),
    async close() {
      await browser.close();
      await site.close();
    },
  };
}

/** One measured run of a scenario on one side (ms). */
async function once(side: Side, scenario: string): Promise<number> {
  const items = Number(/\d+$/.exec(scenario)?.[0]);
  if (scenario.startsWith('mount')) return (await side.call('mount', items, 'empty')).allItems;
  await side.call('mount', items, 'empty');
  await side.call('settle');
  await side.call('focusMiddle');
  await side.page.keyboard.press('7');
  await side.page.waitForTimeout(100);
  const taken = await side.call('takeKeystrokes');
  if (taken.length !== 1) throw new Error(`first keystroke: ${taken.length} samples`);
  return taken[0]!.nextFrame;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const sides = [await open('A', dirs.A), await open('B', dirs.B)];
const stats: Stat[] = [];
try {
  for (const scenario of SCENARIOS) {
    const times: Record<'A' | 'B', number[]> = { A: [], B: [] };
    const loadBefore = load();
    for (let i = 0; i < WARMUP + RUNS; i++) {
      // alternate which side goes first, so neither always runs right after the other's GC
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const ms = await once(side, scenario);
        if (i >= WARMUP) times[side.name].push(ms);
      }
    }
    console.log(`${scenario}: load average ${loadBefore} → ${load()}`);
    for (const name of ['A', 'B'] as const) stats.push(stat(`${scenario} ${name}`, times[name], NaN));
  }
} finally {
  for (const side of sides) await side.close();
}
console.log(`\nA = ${dirs.A}, B = ${dirs.B}; ${RUNS} runs each, interleaved, after ${WARMUP} warm-ups (ms)`);
console.log('| scenario | build | p50 | p95 | max |\n|---|---|---|---|---|');
for (const s of stats) {
  const [scenario, name] = s.label.split(' ');
  console.log(`| ${scenario} | ${name} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} |`);
}
console.log(JSON.stringify({ runs: RUNS, warmup: WARMUP, stats }));
