/**
 * The contract fuzzed (issue 15): requests generated for every endpoint of engine/api/allEndpoints.ts from its
 * parameter schema plus hostile values, as every seeded role, anonymously and before a role is chosen. No answer is
 * a 5xx or carries internal error text, and no refused request (4xx) changes the database (every table's rows).
 * CI runs FUZZ_RUNS cases (default 250); `npm run bench:fuzz` runs 10,000 and reports counts per status.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseParams,
  fuzzCase,
  fuzzRecordId,
  FuzzSessions,
  runCase,
  type FuzzCase,
} from '../test/contractFuzz';
import { snapshotDb, type DbSnapshot } from '../test/dbSnapshot';
import { startHarness, type Harness } from '../test/harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 250);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logger: false });
});
afterAll(() => h?.close());

describe('fuzzed contract', () => {
  it(`${RUNS} hostile requests over every endpoint and role: no 5xx, no internal text, no change on a refusal`, async () => {
    const sessions = new FuzzSessions(h);
    await sessions.openAll();
    const base = baseParams(await fuzzRecordId(h));
    let before: DbSnapshot = await snapshotDb(h.db);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzCase(), async (c: FuzzCase) => {
        const { outcome, after } = await runCase(h, sessions, base, c, before);
        before = after;
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        if (outcome.violation) throw new Error(`${c.endpoint} as ${c.actor}: ${outcome.violation}`);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261126), endOnFailure: true },
    );
    // most cases are refused, and some get through to a handler
    expect([...statuses.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  }, 180_000);
});
