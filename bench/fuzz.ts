/**
 * The contract fuzzed at length (issue 15; numbers, not pass/fail): FUZZ_RUNS (10,000) requests generated from
 * every endpoint's schema plus hostile values (server/test/contractFuzz.ts), as every seeded role, anonymously and
 * before a role is chosen, against the reference server in-process on the test database (PGlite, or PostgreSQL when
 * DATABASE_URL is set). Reports the count per HTTP status and per endpoint, and every violation of the property:
 * a 5xx, internal error text in an answer, or a refused request (4xx) that changed the database.
 *
 * `npm run bench:fuzz`; FUZZ_RUNS and FUZZ_SEED to change the run.
 */
import fc from 'fast-check';
import {
  baseParams,
  fuzzCase,
  fuzzRecordId,
  FuzzSessions,
  runCase,
  type FuzzCase,
} from '../server/test/contractFuzz';
import { snapshotDb, type DbSnapshot } from '../server/test/dbSnapshot';
import { startHarness } from '../server/test/harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const h = await startHarness({ logger: false });
const sessions = new FuzzSessions(h);
await sessions.openAll();
const base = baseParams(await fuzzRecordId(h));
let before: DbSnapshot = await snapshotDb(h.db);

const byStatus = new Map<number, number>();
const byEndpoint = new Map<string, Map<number, number>>();
const violations: string[] = [];
const t0 = performance.now();
const cases = fc.sample(fuzzCase(), { numRuns: RUNS, seed: SEED });
let done = 0;
for (const c of cases as FuzzCase[]) {
  const { outcome, after } = await runCase(h, sessions, base, c, before);
  before = after;
  byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
  const per = byEndpoint.get(c.endpoint) ?? new Map<number, number>();
  per.set(outcome.status, (per.get(outcome.status) ?? 0) + 1);
  byEndpoint.set(c.endpoint, per);
  if (outcome.violation) {
    violations.push(
      `${c.endpoint} as ${c.actor} ${JSON.stringify(c.mutation).slice(0, 200)}: ${outcome.violation}`,
    );
  }
  if (++done % 1000 === 0) console.error(`… ${done} cases`);
}
const seconds = (performance.now() - t0) / 1000;
await h.close();

const fmt = (m: Map<number, number>) =>
  [...m.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
console.log(`fuzz: ${RUNS} cases (seed ${SEED}) in ${seconds.toFixed(1)} s on ${h.db.kind}`);
console.log(`by status: ${fmt(byStatus)}`);
console.log('by endpoint:');
for (const [name, m] of [...byEndpoint.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${name.padEnd(20)} ${fmt(m)}`);
}
console.log(`violations: ${violations.length}`);
for (const v of violations.slice(0, 50)) console.log(`  ${v}`);
process.exitCode = violations.length > 0 ? 1 : 0;
