/**
 * `DATABASE_URL=… npx tsx bench/pgCpu.ts [--rounds 300]`: CPU per request of the load loop (subject list, open an AE
 * form, save an AE line, heartbeat; server/test/statementCount.ts) run one request at a time in process on
 * PostgreSQL: the PostgreSQL backends' CPU (/proc, found by this run's application_name) and this process's (the
 * app without HTTP), per request. One request at a time, so contention inside the run inflates nothing; run it with
 * DB_PREPARED_STATEMENTS=false and without to compare (docs/load.md, stop 25).
 */
import { randomBytes } from 'node:crypto';
import { loggerOptions } from '../server/core/logging';
import { startCountingRun } from '../server/test/statementCount';
import { processCpuSeconds } from './support/procCpu';

const APP_NAME = `edc_cpu_${randomBytes(4).toString('hex')}`;
// node-postgres names every connection of this process so
process.env.PGAPPNAME = APP_NAME;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('pgCpu needs DATABASE_URL (PostgreSQL)');
  const rounds = Number(option('rounds', '300'));
  const run = await startCountingRun({ logger: loggerOptions('error') });
  try {
    const backends = async () =>
      (
        await run.h.db.query<{ pid: number }>(
          `select pid from pg_stat_activity where application_name = $1`,
          [APP_NAME],
        )
      ).map((r) => r.pid);
    const backendSeconds = async () => {
      let s = 0;
      for (const pid of await backends()) s += processCpuSeconds(pid) ?? 0;
      return s;
    };
    await run.perRequest(20); // warm: JIT, the pool's connections, their statement and plan caches
    const pgBefore = await backendSeconds();
    const nodeBefore = process.cpuUsage();
    const started = Date.now();
    await run.perRequest(rounds);
    const node = process.cpuUsage(nodeBefore);
    const pg = (await backendSeconds()) - pgBefore;
    const requests = rounds * 4;
    const ms = (s: number) => Math.round((s * 1000 * 100) / requests) / 100;
    console.log(
      `prepared statements: ${process.env.DB_PREPARED_STATEMENTS === 'false' ? 'off' : 'on'}; ${requests} requests ` +
        `one at a time in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(`PostgreSQL backends: ${ms(pg)} CPU ms per request`);
    console.log(`this process (the app, no HTTP): ${ms((node.user + node.system) / 1e6)} CPU ms per request`);
  } finally {
    await run.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
