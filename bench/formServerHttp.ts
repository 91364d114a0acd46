/**
 * The HTTP half of bench/formServer.ts: the reference server in-process (Fastify inject on the test database, PGlite
 * unless DATABASE_URL is set), crc.li as CRC. `editcheck/check.do` of the 500 values on one subject, then
 * `savedata.do` of a new BIG500 record on a different subject each run (the record + its audit rows).
 */
import { editCheck } from '../engine/api/editChecks';
import { saveData } from '../engine/api/data';
import type { FormValues } from '../engine/form';
import { startHarness } from '../server/test/harness';
import { stat, type Stat } from './support/pageBench';

const VISIT = { visitnum: 'EXT', cycnum: 1, svnum: 1, tid: 'BIG500', version: 1 };

export async function runHttpBench(values: FormValues, runs: number): Promise<Stat[]> {
  const harness = await startHarness();
  try {
    const token = await harness.loginAs('crc.li', 'CRC', 'BJ01');
    const subjects = (
      await harness.db.query<{ id: string }>(
        `select s.id from subjects s join sites t on t.id = s.site_id
          where t.sitecode in ('BJ01', 'SH01') order by s.id`,
      )
    ).map((r) => r.id);
    const timed = async (fn: () => Promise<{ body: { success: boolean; msg: string } }>) => {
      const t0 = performance.now();
      const res = await fn();
      const ms = performance.now() - t0;
      if (!res.body.success) throw new Error(`refused: ${res.body.msg}`);
      return ms;
    };

    const check = () =>
      timed(() => harness.call(editCheck, { ...VISIT, subjectid: subjects[0], values }, { token }));
    const checkFirst = await check();
    for (let i = 0; i < 5; i++) await check();
    const checks: number[] = [];
    for (let i = 0; i < runs; i++) checks.push(await check());

    const saves: number[] = [];
    let saveFirst = 0;
    const count = Math.min(subjects.length, runs + 3);
    for (let i = 0; i < count; i++) {
      const ms = await timed(() =>
        harness.call(
          saveData,
          {
            ...VISIT,
            subjectid: subjects[i],
            values,
            confirmWarnings: true,
            idempotencyKey: `bench-${Date.now()}-${i}-abcdef`,
          },
          { token },
        ),
      );
      if (i === 0) saveFirst = ms;
      else if (i >= 3) saves.push(ms);
    }
    return [
      stat(`HTTP (inject, ${harness.db.kind}): editcheck/check.do, 500 values`, checks, checkFirst),
      stat(
        `HTTP (inject, ${harness.db.kind}): savedata.do, new 500-item record + audit rows`,
        saves,
        saveFirst,
      ),
    ];
  } finally {
    await harness.close();
  }
}
