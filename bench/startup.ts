/**
 * Cold start of the reference server (numbers, not pass/fail): time from process spawn to the first successful
 * GET /edcweb/, on an empty data directory (initdb + migrations + seed) and again on the existing one.
 * Uses the existing build (SKIP_BUILD=1); run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 8191);
const dataDir = mkdtempSync(join(tmpdir(), 'edc-startup-'));

async function timeStart(label: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
    {
      cwd: root,
      env: { ...process.env, SKIP_BUILD: '1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/edcweb/`);
        if (r.ok) break;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - t0 > 120_000) throw new Error('server not ready after 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - t0;
    console.log(`${label}: ready in ${(ms / 1000).toFixed(2)} s`);
    return ms;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

try {
  const cold = await timeStart('empty data directory   (target ≤ 15 s)');
  const warm = await timeStart('existing data directory (target ≤ 5 s)');
  console.log(JSON.stringify({ emptyDataDirMs: Math.round(cold), existingDataDirMs: Math.round(warm) }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
