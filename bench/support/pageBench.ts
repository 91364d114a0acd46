/**
 * Node side of the browser benchmarks (numbers, not pass/fail): builds a benchmark page with the app's build plugins,
 * serves it statically, and repeats and summarises timings (first cold run apart, warm-up runs left out).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { extname, join, normalize } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;

/** `vite build --config <config>` unless SKIP_BUILD=1 and `outDir` already holds a build. */
export function buildBenchPage(config: string, outDir: string): void {
  if (process.env.SKIP_BUILD === '1' && existsSync(join(outDir, 'index.html'))) return;
  const t0 = performance.now();
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', config],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`the benchmark page ${config} failed to build`);
  console.log(`built ${config} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Serves `dir` on a free local port (unknown paths → index.html). */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const rel = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    let file = join(dir, rel);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
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

export interface Stat {
  label: string;
  runs: number;
  first: number;
  p50: number;
  p95: number;
  max: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export function stat(label: string, times: number[], first: number): Stat {
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

/** Runs `once` warmup + runs times; the first (cold) run is reported apart, the warm-up runs are left out. */
export async function repeat<T>(
  once: (i: number) => Promise<T>,
  warmup: number,
  runs: number,
): Promise<{ first: T; runs: T[] }> {
  const first = await once(0);
  for (let i = 1; i < warmup; i++) await once(i);
  const measured: T[] = [];
  for (let i = 0; i < runs; i++) measured.push(await once(warmup + i));
  return { first, runs: measured };
}

/** Prints the stats as a table, then one JSON line for the record. */
export function printStats(title: string, stats: readonly Stat[], extra: Record<string, unknown>): void {
  console.log(`\n${title}\n`);
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
  console.log(`\n${JSON.stringify({ ...extra, stats })}`);
}

/** The page's benchmark API: an object of async or sync methods under a global name (`window.formBench` …). */
type PageApi = object;
type Method<A extends PageApi, K extends keyof A> = A[K] extends (...args: infer P) => infer R
  ? { args: P; result: Awaited<R> }
  : never;

/** A caller of the page's benchmark API published at `window[globalName]`. */
export function pageApi<A extends PageApi>(page: Page, globalName: string) {
  return <K extends keyof A & string>(
    method: K,
    ...args: Method<A, K>['args']
  ): Promise<Method<A, K>['result']> =>
    page.evaluate(
      ([g, m, a]) => {
        const api = (window as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>)[g]!;
        return api[m]!(...(a as unknown[]));
      },
      [globalName, method, args] as const,
    ) as Promise<Method<A, K>['result']>;
}
