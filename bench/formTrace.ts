/**
 * Where the form benchmark's slow runs spend what the fast ones do not (numbers for attribution, not pass/fail): the
 * page of bench/formBench.ts under a Chromium trace, each measured run marked, and per run the main thread's trace
 * events summed by name (tasks, JS, GC, style, layout, paint …) with React's commits and the long tasks counted.
 * Prints, per scenario, the runs sorted by their time and the events where the slowest quarter differs from the
 * fastest half.
 *
 * `npx tsx bench/formTrace.ts [mount|first]` (both by default). FORM_TRACE_ITEMS (mount: 500, first: 1000),
 * FORM_TRACE_RUNS (20), FORM_TRACE_DIR: an existing build of the bench page (default: built into
 * .cache/form-bench-trace with FORM_BENCH_MINIFY=0, readable names).
 */
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import type { FormBenchApi } from './formBench/main';
import { buildBenchPage, pageApi, ROOT, serveStatic } from './support/pageBench';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

const RUNS = Number(process.env.FORM_TRACE_RUNS ?? 20);
const WARMUP = 3;
const which = process.argv[2];
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.gc',
].join(',');

let dir = process.env.FORM_TRACE_DIR;
if (!dir) {
  dir = join(ROOT, '.cache', 'form-bench-trace');
  process.env.FORM_BENCH_MINIFY ??= '0';
  buildBenchPage('bench/formBench/vite.config.ts', dir);
}

const mark = (page: Page, name: string) => page.evaluate((n) => performance.mark(n), name);

/** The renderer's main thread: where the user timing marks are. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const m = events.find((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('run:'));
  if (!m) throw new Error('no run marks in the trace');
  return { pid: m.pid, tid: m.tid };
}

interface RunSummary {
  run: number;
  ms: number;
  byName: Map<string, number>;
  counts: Map<string, number>;
  longTasks: number;
}

function summarise(events: TraceEvent[], label: string, times: number[]): RunSummary[] {
  const { pid, tid } = mainThread(events);
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  const marks = new Map<string, number>();
  for (const e of main) if (e.name.startsWith('run:')) marks.set(e.name, e.ts);
  const runs: RunSummary[] = [];
  for (let i = 0; i < times.length; i++) {
    const from = marks.get(`run:${label}:${i}:start`);
    const to = marks.get(`run:${label}:${i}:end`);
    if (from === undefined || to === undefined) continue;
    const byName = new Map<string, number>();
    const counts = new Map<string, number>();
    let longTasks = 0;
    // self time: an event's duration less its children's (events nest on one thread)
    const inside = main
      .filter((e) => e.ph === 'X' && e.ts >= from && e.ts <= to)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: { end: number; name: string; child: number; dur: number }[] = [];
    const close = (until: number) => {
      while (stack.length > 0 && stack.at(-1)!.end <= until) {
        const done = stack.pop()!;
        byName.set(done.name, (byName.get(done.name) ?? 0) + Math.max(0, done.dur - done.child));
      }
    };
    for (const e of inside) {
      close(e.ts);
      const dur = Math.min(e.dur ?? 0, to - e.ts) / 1000;
      const name =
        e.name === 'FunctionCall' || e.name === 'TimerFire' || e.name === 'EventDispatch'
          ? `${e.name} ${String(e.args?.data?.type ?? e.args?.data?.functionName ?? '')}`.trim()
          : e.name;
      if (stack.length > 0) stack.at(-1)!.child += dur;
      stack.push({ end: e.ts + (e.dur ?? 0), name, child: 0, dur });
      counts.set(name, (counts.get(name) ?? 0) + 1);
      if (e.name === 'RunTask' && dur > 50) longTasks++;
    }
    close(Infinity);
    runs.push({ run: i, ms: times[i]!, byName, counts, longTasks });
  }
  return runs;
}

function report(title: string, runs: RunSummary[]) {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  console.log(
    `\n## ${title}\nruns by time (ms): ${sorted.map((r) => `#${r.run} ${r.ms.toFixed(1)}`).join(', ')}`,
  );
  const fast = sorted.slice(0, Math.ceil(sorted.length / 2));
  const slow = sorted.slice(Math.floor((sorted.length * 3) / 4));
  const mean = (group: RunSummary[], name: string, of: 'byName' | 'counts') =>
    group.reduce((s, r) => s + (r[of].get(name) ?? 0), 0) / group.length;
  const names = new Set(runs.flatMap((r) => [...r.byName.keys()]));
  const rows = [...names]
    .map((name) => ({
      name,
      fast: mean(fast, name, 'byName'),
      slow: mean(slow, name, 'byName'),
      fastN: mean(fast, name, 'counts'),
      slowN: mean(slow, name, 'counts'),
    }))
    .filter((r) => r.slow > 0.3 || r.fast > 0.3)
    .sort((a, b) => b.slow - b.fast - (a.slow - a.fast));
  console.log('| event (main thread, self time) | fastest half ms (count) | slowest quarter ms (count) |');
  console.log('|---|---|---|');
  for (const r of rows.slice(0, 30)) {
    console.log(
      `| ${r.name} | ${r.fast.toFixed(1)} (${r.fastN.toFixed(1)}) | ${r.slow.toFixed(1)} (${r.slowN.toFixed(1)}) |`,
    );
  }
  console.log('per run: ms, GC ms, long tasks, commits (React layout effects), style+layout ms');
  for (const r of sorted) {
    const gc = [...r.byName]
      .filter(([n]) => /GC|Scavenge|MarkCompact/i.test(n))
      .reduce((s, [, v]) => s + v, 0);
    const style = (r.byName.get('UpdateLayoutTree') ?? 0) + (r.byName.get('Layout') ?? 0);
    console.log(
      `#${r.run}: ${r.ms.toFixed(1)} ms, GC ${gc.toFixed(1)}, long tasks ${r.longTasks}, style+layout ${style.toFixed(1)}, tasks ${r.counts.get('RunTask') ?? 0}`,
    );
  }
}

/** Every main-thread event of one run over 0.1 ms, nested, with its data (what a keystroke did, in order). */
function dump(events: TraceEvent[], label: string, run: number) {
  const { pid, tid } = mainThread(events);
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  const from = main.find((e) => e.name === `run:${label}:${run}:start`)?.ts ?? 0;
  const to = main.find((e) => e.name === `run:${label}:${run}:end`)?.ts ?? 0;
  const inside = main
    .filter((e) => e.ph === 'X' && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const ends: number[] = [];
  console.log(`\n## run ${run}, ${label}: events over 0.1 ms`);
  for (const e of inside) {
    while (ends.length > 0 && ends.at(-1)! <= e.ts) ends.pop();
    if ((e.dur ?? 0) >= 300) {
      const data = e.args ? JSON.stringify(e.args).slice(0, 200) : '';
      console.log(
        `${((e.ts - from) / 1000).toFixed(2).padStart(7)} ${'  '.repeat(ends.length)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(2)} ${data}`,
      );
    }
    ends.push(e.ts + (e.dur ?? 0));
  }
}

/** Mean self time per event name of two scenarios, the largest differences first. */
function compare(aLabel: string, a: RunSummary[], bLabel: string, b: RunSummary[]) {
  const mean = (group: RunSummary[], name: string, of: 'byName' | 'counts') =>
    group.reduce((s, r) => s + (r[of].get(name) ?? 0), 0) / group.length;
  const names = new Set([...a, ...b].flatMap((r) => [...r.byName.keys()]));
  const rows = [...names]
    .map((name) => ({
      name,
      a: mean(a, name, 'byName'),
      b: mean(b, name, 'byName'),
      aN: mean(a, name, 'counts'),
      bN: mean(b, name, 'counts'),
    }))
    .sort((x, y) => y.a - y.b - (x.a - x.b));
  console.log(`\n## ${aLabel} against ${bLabel}: mean self time per run, ms (count)`);
  console.log(`| event | ${aLabel} | ${bLabel} |\n|---|---|---|`);
  for (const r of rows.slice(0, 25)) {
    console.log(
      `| ${r.name} | ${r.a.toFixed(2)} (${r.aN.toFixed(1)}) | ${r.b.toFixed(2)} (${r.bN.toFixed(1)}) |`,
    );
  }
}

const site = await serveStatic(dir);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.formBench !== undefined);
  const call = pageApi<FormBenchApi>(page, 'formBench');

  if (!which || which === 'mount') {
    const items = Number(process.env.FORM_TRACE_ITEMS ?? 500);
    for (let i = 0; i < WARMUP; i++) await call('mount', items, 'empty');
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await mark(page, `run:mount:${i}:start`);
      times.push((await call('mount', items, 'empty')).allItems);
      await mark(page, `run:mount:${i}:end`);
    }
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents;
    report(`${items} items: mount → all items interactive`, summarise(events, 'mount', times));
  }

  if (!which || which === 'first') {
    const items = Number(process.env.FORM_TRACE_ITEMS ?? 1000);
    // FORM_TRACE_FOCUS_WAIT=ms: a pause between focusing (and scrolling to) the field and the first key
    const focusWait = Number(process.env.FORM_TRACE_FOCUS_WAIT ?? 0);
    // FORM_TRACE_VALUES=filled: the form mounted with plausible values (the field typed in already holds text)
    const values = process.env.FORM_TRACE_VALUES === 'filled' ? 'filled' : 'empty';
    const once = async () => {
      await call('mount', items, values);
      await call('settle');
      await call('focusMiddle');
      if (focusWait > 0) await page.waitForTimeout(focusWait);
    };
    for (let i = 0; i < WARMUP; i++) {
      await once();
      await page.keyboard.press('7');
      await page.waitForTimeout(100);
      await call('takeKeystrokes');
    }
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    const times: number[] = [];
    const seconds: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await once();
      await mark(page, `run:first:${i}:start`);
      await page.keyboard.press('7');
      await page.waitForTimeout(100);
      await mark(page, `run:first:${i}:end`);
      const taken = await call('takeKeystrokes');
      times.push(taken[0]?.nextFrame ?? NaN);
      // the second keystroke in the same field, as a mid-form keystroke: what the first one does more
      await mark(page, `run:second:${i}:start`);
      await page.keyboard.press('8');
      await page.waitForTimeout(100);
      await mark(page, `run:second:${i}:end`);
      seconds.push((await call('takeKeystrokes'))[0]?.nextFrame ?? NaN);
    }
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents;
    report(`${items} items: first keystroke → next frame painted`, summarise(events, 'first', times));
    if (process.env.FORM_TRACE_DUMP) {
      dump(events, 'first', Number(process.env.FORM_TRACE_DUMP));
      dump(events, 'second', Number(process.env.FORM_TRACE_DUMP));
    }
    const second = summarise(events, 'second', seconds);
    report(`${items} items: second keystroke → next frame painted`, second);
    compare('first keystroke', summarise(events, 'first', times), 'second keystroke', second);
  }
  if (which === 'profile') {
    // JS sampled (CDP Profiler, 100 µs): self time per function of the first keystroke and of the second, summed
    const items = Number(process.env.FORM_TRACE_ITEMS ?? 1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const totals = { first: new Map<string, number>(), second: new Map<string, number>() };
    const profiled = async (key: 'first' | 'second', text: string) => {
      await cdp.send('Profiler.start');
      await page.keyboard.press(text);
      await page.waitForTimeout(100);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
        profile: {
          nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
          samples: number[];
          timeDeltas: number[];
        };
      };
      const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
      profile.samples.forEach((id, i) => {
        const f = nodes.get(id)!;
        if (f.functionName === '(idle)') return;
        const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
        totals[key].set(name, (totals[key].get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
    };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      await call('mount', items, 'empty');
      await call('settle');
      await call('focusMiddle');
      if (i < WARMUP) {
        await page.keyboard.press('7');
        await page.keyboard.press('8');
        await page.waitForTimeout(100);
        continue;
      }
      await profiled('first', '7');
      await profiled('second', '8');
      await call('takeKeystrokes');
    }
    const names = new Set([...totals.first.keys(), ...totals.second.keys()]);
    const rows = [...names]
      .map((n) => ({ n, a: (totals.first.get(n) ?? 0) / RUNS, b: (totals.second.get(n) ?? 0) / RUNS }))
      .sort((x, y) => y.a - y.b - (x.a - x.b));
    console.log(
      `\n## ${items} items: JS self time per keystroke (ms, mean of ${RUNS}), first against second`,
    );
    for (const r of rows.slice(0, 40)) console.log(`| ${r.n} | ${r.a.toFixed(2)} | ${r.b.toFixed(2)} |`);
    const sum = (m: Map<string, number>) => [...m.values()].reduce((s, v) => s + v, 0) / RUNS;
    console.log(
      `total sampled (not idle): first ${sum(totals.first).toFixed(2)}, second ${sum(totals.second).toFixed(2)}`,
    );
  }
  await call('unmount');
} finally {
  await browser.close();
  await site.close();
}
