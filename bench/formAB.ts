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
 *
 * FORM_AB_CPU=1: each browser also traces its measured runs (Chromium's `toplevel` category) and reports, per run,
 * the main thread's CPU time (the thread time of its tasks) inside the measured window — the work done, which the
 * load of a shared machine stretches much less than the wall clock (a loaded machine delays a task; it does not make
 * it do more). Tracing costs both builds alike.
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

const CPU = process.env.FORM_AB_CPU === '1';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

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
const mark = (page: Page, name: string) => page.evaluate((n) => performance.mark(n), name);

async function once(side: Side, scenario: string, run: number): Promise<number> {
  const items = Number(/\d+$/.exec(scenario)?.[0]);
  if (scenario.startsWith('mount')) {
    if (CPU) await mark(side.page, `ab:${run}:start`);
    const ms = (await side.call('mount', items, 'empty')).allItems;
    if (CPU) await mark(side.page, `ab:${run}:end`);
    return ms;
  }
  await side.call('mount', items, 'empty');
  await side.call('settle');
  await side.call('focusMiddle');
  if (CPU) await mark(side.page, `ab:${run}:start`);
  await side.page.keyboard.press('7');
  await side.page.waitForTimeout(100);
  if (CPU) await mark(side.page, `ab:${run}:end`);
  const taken = await side.call('takeKeystrokes');
  if (taken.length !== 1) throw new Error(`first keystroke: ${taken.length} samples`);
  return taken[0]!.nextFrame;
}

/** Per measured run, the CPU time (ms) of the renderer main thread's tasks between the run's marks. */
function cpuPerRun(events: TraceEvent[], runs: number): number[] {
  const marks = events.filter((e) => e.name.startsWith('ab:'));
  const first = marks[0];
  if (!first) return [];
  const main = events.filter((e) => e.pid === first.pid && e.tid === first.tid);
  const at = new Map(marks.map((e) => [e.name, e.ts]));
  const tasks = main.filter(
    (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
  );
  // a task inside a task (nested names) is counted once: the outermost
  tasks.sort((a, b) => a.ts - b.ts);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const from = at.get(`ab:${i}:start`);
    const to = at.get(`ab:${i}:end`);
    if (from === undefined || to === undefined) continue;
    let cpu = 0;
    let until = 0;
    for (const t of tasks) {
      if (t.ts < from || t.ts > to || t.ts < until) continue;
      until = t.ts + (t.dur ?? 0);
      cpu += (t.tdur ?? t.dur ?? 0) / 1000;
    }
    out.push(cpu);
  }
  return out;
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
      if (CPU && i === WARMUP) {
        for (const side of sides)
          await side.browser.startTracing(side.page, { categories: ['toplevel', 'blink.user_timing'] });
      }
      // alternate which side goes first, so neither always runs right after the other's GC
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const ms = await once(side, scenario, i - WARMUP);
        if (i >= WARMUP) times[side.name].push(ms);
      }
    }
    console.log(`${scenario}: load average ${loadBefore} → ${load()}`);
    for (const name of ['A', 'B'] as const) stats.push(stat(`${scenario} ${name}`, times[name], NaN));
    if (CPU) {
      for (const side of sides) {
        const trace = JSON.parse((await side.browser.stopTracing()).toString()) as {
          traceEvents: TraceEvent[];
        };
        stats.push(stat(`${scenario}/cpu ${side.name}`, cpuPerRun(trace.traceEvents, RUNS), NaN));
      }
    }
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
