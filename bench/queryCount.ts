/**
 * `npx tsx bench/queryCount.ts [--explain]`: the SQL each request of bench/load.ts's loop sends (subject list, open an
 * AE form, save an AE line, heartbeat), counted per request with the statement heads, on the tests' database (PGlite,
 * or PostgreSQL with DATABASE_URL). With `--explain` on PostgreSQL, each statement of the loop that is not a
 * transaction command is run again under EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction and its plan summary
 * printed (the slowest first). Numbers of statements and plans, not times: docs/load.md "Where the time goes".
 */
import { loggerOptions } from '../server/core/logging';
import { startCountingRun } from '../server/test/statementCount';

const head = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110);

async function main(): Promise<void> {
  const explain = process.argv.includes('--explain');
  // the load loop's user and requests, counted (server/test/statementCount.ts, shared with statementCounts.test.ts)
  const run = await startCountingRun({ logger: loggerOptions('error') });
  const t = run.h;
  try {
    // twice: the second round shows what caches save (the first request of a process fills them)
    const perRequest = await run.perRequest(2);
    console.log(`database: ${t.db.kind}; statements per request (second round of the load loop)\n`);
    for (const [name, statements] of perRequest) {
      console.log(`${name}: ${statements.length} statements`);
      for (const s of statements) console.log(`    ${head(s.sql)}`);
    }
    if (explain && t.db.kind === 'postgres') {
      const plans: { name: string; ms: number; sql: string; plan: string }[] = [];
      for (const [name, statements] of perRequest) {
        for (const s of statements) {
          if (/^\s*(begin|commit|rollback|set |select set_config|savepoint|release)/i.test(s.sql)) continue;
          try {
            await t.owner.transaction(async (tx) => {
              const rows = await tx.query<{ 'QUERY PLAN': string }>(
                `explain (analyze, buffers, format text) ${s.sql}`,
                s.params,
              );
              const text = rows.map((r) => r['QUERY PLAN']).join('\n');
              const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
              plans.push({ name, ms, sql: head(s.sql), plan: text });
              throw new Error('rollback');
            });
          } catch (err) {
            if (!(err instanceof Error && err.message === 'rollback')) {
              plans.push({ name, ms: -1, sql: head(s.sql), plan: String(err) });
            }
          }
        }
      }
      plans.sort((a, b) => b.ms - a.ms);
      console.log('\nEXPLAIN ANALYZE, slowest first');
      for (const p of plans.slice(0, 8)) {
        console.log(`\n--- ${p.name} ${p.ms} ms: ${p.sql}\n${p.plan}`);
      }
      console.log('\nall:');
      for (const p of plans)
        console.log(`${p.ms.toFixed(3).padStart(8)} ms  ${p.name}  ${p.sql.slice(0, 90)}`);
    }
  } finally {
    await run.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
