/**
 * Source data verification on the demo seed (issue 14): a monitor verifies items, pages and subjects; a later change
 * of a verified value resets its SDV in the save's transaction, with why; the targeted SDV plan decides which items
 * are required (critical items always; the first N subjects per site and a reproducible x % of the others); the
 * worklist and progress count against the plan. Every refusal — wrong role, nothing selected, another site than the
 * chosen one, a page changed since it was seen, an item not entered — leaves the database unchanged (every table),
 * and the SDV audit is append-only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo, saveData, updateData } from '../../../engine/api/data';
import { saveVarStatusList, sdvWorklist, subjectSdvSign } from '../../../engine/api/sdv';
import { DEMO_SUBJECTS, richDemoSubject } from '../../seed/forms';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';
import { APPEND_ONLY } from '../../test/appendOnly';

const STUDY = 'study-demo-001';
let h: Harness;
let crc: string;
let cra: string;
let dm: string;
let pi: string;
let rich: string;
/** rich subject's V1 VS record (saved by the seed: SYSBP 118). */
let vsRecord: string;
let sh01Record: string;

async function recordOf(subjectId: string, visitnum: string, tid: string): Promise<string> {
  const rows = await h.db.query<{ id: string }>(
    `select id::text as id from form_records where subject_id = $1 and visitnum = $2 and tid = $3 and lineno = 1`,
    [subjectId, visitnum, tid],
  );
  if (!rows[0]) throw new Error(`no record ${subjectId} ${visitnum} ${tid}`);
  return rows[0].id;
}

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  rich = (await richDemoSubject(h.db, STUDY))!;
  vsRecord = await recordOf(rich, 'V1', 'VS');
  sh01Record = await recordOf(DEMO_SUBJECTS.sh01, 'V1', 'DM');
}, 120_000);
afterAll(() => h?.close());

async function unchanged(fn: () => Promise<void>) {
  const before = await snapshotDb(h.db);
  await fn();
  expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
}

const vsKeys = () => ({ subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' });

async function info(token: string, keys = vsKeys()) {
  const res = await h.call(dataInfo, keys, { token });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

const verify = (token: string, list: object[]) =>
  h.call(saveVarStatusList, { list }, { token, locale: 'en' });

const sdvAudit = async (recordId: string) =>
  h.db.query<{
    variable: string;
    action: string;
    scope: string;
    oldvalue: string | null;
    newvalue: string | null;
  }>(
    `select variable, action, scope, oldvalue, newvalue from sdv_audit where record_id = $1::bigint order by id`,
    [recordId],
  );

describe('verifying items and pages', () => {
  it('grants `sdv` to monitors only; every saved item starts required (a sampled subject)', async () => {
    expect((await info(cra)).capabilities).toContain('sdv');
    for (const token of [crc, dm, pi]) expect((await info(token)).capabilities).not.toContain('sdv');
    const items = (await info(crc)).items;
    expect(items.SYSBP).toMatchObject({ datatype: 0, sdv: 'required' });
    expect(items.TEMP).toMatchObject({ sdv: 'required' });
  });

  it('refuses nothing selected, a role without sdv.verify, and changes nothing', async () => {
    await unchanged(async () => {
      const none = await verify(cra, []);
      expect(none.body).toMatchObject({ success: false, msg: 'Select items to verify' });
      const zh = await h.call(saveVarStatusList, { list: [] }, { token: cra });
      expect(zh.body.msg).toBe('请选择要核查的条目');
      for (const token of [crc, dm, pi]) {
        const res = await verify(token, [{ recordid: vsRecord, variable: 'SYSBP' }]);
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('Your current role may not verify source data');
      }
    });
  });

  it('refuses the whole batch for one bad target: another site, an unknown item, an item not entered, a stale page', async () => {
    const rowversion = (await info(cra)).record!.rowversion;
    const good = { recordid: vsRecord, variable: 'SYSBP' };
    await unchanged(async () => {
      const other = await verify(cra, [good, { recordid: sh01Record }]);
      expect(other.body).toMatchObject({ success: false, msg: 'No such record at the sites of your role' });
      const unknown = await verify(cra, [good, { recordid: vsRecord, variable: 'NOSUCH' }]);
      expect(unknown.body).toMatchObject({ success: false, msg: 'The form has no such item' });
      const stale = await verify(cra, [{ ...good, rowversion: rowversion + 1 }]);
      expect(stale.body).toMatchObject({
        success: false,
        msg: 'The page was changed meanwhile; reload it and verify again',
      });
      const bad = await verify(cra, [{ recordid: 'abc' }]);
      expect(bad.body.success).toBe(false);
    });
  });

  it('verifies one item as CRA with its audit row; the item shows who and when', async () => {
    const rowversion = (await info(cra)).record!.rowversion;
    const res = await verify(cra, [{ recordid: vsRecord, variable: 'SYSBP', rowversion }]);
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toMatchObject({
      verified: 1,
      already: 0,
      items: [{ recordid: vsRecord, variable: 'SYSBP', sdv: 'verified', sdvBy: 'cra.zhao' }],
    });
    expect((await info(crc)).items.SYSBP).toMatchObject({ sdv: 'verified', sdvBy: 'cra.zhao' });
    expect(await sdvAudit(vsRecord)).toEqual([
      { variable: 'SYSBP', action: 'verify', scope: 'item', oldvalue: null, newvalue: null },
    ]);
  });

  it('verifies a page: its other saved items; the one verified already is left as it was', async () => {
    const items0 = (await info(cra)).items as Record<string, { sdv?: string }>;
    // entered items only: the derived BMI has no source document and no SDV state
    expect(items0.BMI).toBeDefined();
    expect(items0.BMI).not.toHaveProperty('sdv');
    const saved = Object.keys(items0).filter((v) => items0[v]?.sdv !== undefined);
    const res = await verify(cra, [{ recordid: vsRecord }]);
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data.verified).toBe(saved.length - 1);
    expect(res.body.data.already).toBe(1);
    const items = (await info(cra)).items;
    for (const v of saved) expect(items[v], v).toMatchObject({ sdv: 'verified' });
    // again: nothing new, no audit row
    const before = (await sdvAudit(vsRecord)).length;
    const again = await verify(cra, [{ recordid: vsRecord }]);
    expect(again.body.success && again.body.data).toMatchObject({ verified: 0, already: saved.length });
    expect(await sdvAudit(vsRecord)).toHaveLength(before);
  });
});

describe('a change of a verified value resets its SDV (the onSaved hook)', () => {
  it('CRC changes SYSBP with a reason: SYSBP is reset with why, DIABP stays verified; audited in the save', async () => {
    const data = await info(crc);
    const res = await h.call(
      updateData,
      {
        recordid: vsRecord,
        rowversion: data.record!.rowversion,
        version: 1,
        values: { ...data.values, SYSBP: '121' },
        reasons: { SYSBP: { code: null, text: 'transcription error' } },
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    if (!res.body.success) throw new Error(res.body.msg);
    const saved = res.body.data;
    if (saved.outcome !== 'saved') throw new Error(JSON.stringify(saved));
    // the save's own answer carries the new state
    expect(saved.items.SYSBP).toMatchObject({ sdv: 'reset' });
    const items = (await info(cra)).items;
    expect(items.SYSBP).toMatchObject({
      sdv: 'reset',
      sdvBy: 'cra.zhao',
      sdvReset: { by: 'crc.li', from: '118', to: '121', at: expect.any(String) },
    });
    expect(items.DIABP).toMatchObject({ sdv: 'verified' });
    // stop 29: read as jsonb with the other providers' states, the times are the stored ones as the driver reads them
    const [stored] = await h.db.query<{ verified_at: Date; reset_at: Date }>(
      `select verified_at, reset_at from sdv_items where record_id = $1::bigint and variable = 'SYSBP'`,
      [vsRecord],
    );
    expect(items.SYSBP).toMatchObject({
      sdvAt: new Date(stored!.verified_at).toISOString(),
      sdvReset: { at: new Date(stored!.reset_at).toISOString() },
    });
    // and the save's answer is what the stored record reads for the same role
    expect(saved.items).toEqual((await info(crc)).items);
    expect((await sdvAudit(vsRecord)).at(-1)).toEqual({
      variable: 'SYSBP',
      action: 'reset',
      scope: 'change',
      oldvalue: '118',
      newvalue: '121',
    });
  });

  it('the reset item is on the worklist again; verifying it again clears the reset', async () => {
    const list = await h.call(sdvWorklist, { page: 1, size: 100 }, { token: cra });
    if (!list.body.success) throw new Error(list.body.msg);
    const page = list.body.data.list.find((r) => r.recordid === vsRecord);
    expect(page).toMatchObject({ subjectid: rich, visitnum: 'V1', tid: 'VS', pending: 1, reset: 1 });
    expect(list.body.data.progress.reset).toBeGreaterThanOrEqual(1);
    const res = await verify(cra, [{ recordid: vsRecord, variable: 'SYSBP' }]);
    expect(res.body.success && res.body.data.verified).toBe(1);
    expect((await info(cra)).items.SYSBP).toMatchObject({ sdv: 'verified' });
    expect((await info(cra)).items.SYSBP).not.toHaveProperty('sdvReset');
    const after = await h.call(sdvWorklist, { page: 1, size: 100 }, { token: cra });
    expect(after.body.success && after.body.data.list.some((r) => r.recordid === vsRecord)).toBe(false);
  });
});

/** The plan's draw, written again here from its definition (docs/notes-and-sdv.md). */
function drawn(seed: string, subjectId: string, percent: number): boolean {
  const first32 = parseInt(createHash('md5').update(`${seed}:${subjectId}`).digest('hex').slice(0, 8), 16);
  return first32 < Math.floor((percent * 4294967296) / 100);
}

describe('the targeted SDV plan', () => {
  it('samples the first 3 subjects per site and a reproducible 20 % of the others (same draw as the definition)', async () => {
    const subjects = await h.db.query<{ id: string; subjid: string }>(
      `select s.id, s.subjid from subjects s join sites si on si.id = s.site_id
       where si.sitecode = 'BJ01' order by s.subjid`,
    );
    const plan = (
      await h.db.query<{ seed: string; percent: number; first_n: number }>(
        'select seed, percent, first_n from sdv_plans',
      )
    )[0]!;
    expect(plan).toEqual({ seed: 'DEMO-001-TSDV-2026', percent: 20, first_n: 3 });
    const expected = subjects.map((s, i) => i < 3 || drawn(plan.seed, s.id, plan.percent));
    const rows = await h.db.query<{ id: string; sampled: boolean }>(
      `select s.id, ((select count(*) from subjects s2 where s2.study_id = s.study_id and s2.site_id = s.site_id
                      and s2.subjid < s.subjid) < p.first_n
              or ('x' || lpad(substr(md5(p.seed || ':' || s.id), 1, 8), 16, '0'))::bit(64)::bigint
                 < (p.percent::bigint * 4294967296 / 100)) as sampled
       from subjects s join sdv_plans p on p.study_id = s.study_id join sites si on si.id = s.site_id
       where si.sitecode = 'BJ01' order by s.subjid`,
    );
    expect(rows.map((r) => r.sampled)).toEqual(expected);
    // some but not all of the 27 others are drawn
    const others = expected.slice(3);
    expect(others.some(Boolean)).toBe(true);
    expect(others.every(Boolean)).toBe(false);
  });

  it('an unsampled subject: critical items required, the others not required', async () => {
    const subjects = await h.db.query<{ id: string }>(
      `select s.id from subjects s join sites si on si.id = s.site_id where si.sitecode = 'BJ01' order by s.subjid`,
    );
    const unsampled = subjects.slice(3).find((s) => !drawn('DEMO-001-TSDV-2026', s.id, 20))!;
    const keys = { subjectid: unsampled.id, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
    const res = await h.call(
      saveData,
      {
        ...keys,
        version: 1,
        values: {
          VSDAT: '2026-03-01',
          VSPOS: 'SITTING',
          SYSBP: '120',
          DIABP: '80',
          PULSE: '70',
          TEMP: '36.5',
        },
        confirmWarnings: true,
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    if (!res.body.success || res.body.data.outcome !== 'saved') throw new Error(JSON.stringify(res.body));
    const items = (await info(cra, keys)).items;
    expect(items.SYSBP).toMatchObject({ sdv: 'required' });
    expect(items.DIABP).toMatchObject({ sdv: 'required' });
    expect(items.PULSE).toMatchObject({ sdv: 'notRequired' });
    expect(items.TEMP).toMatchObject({ sdv: 'notRequired' });
    expect(items.RESP).toBeUndefined();

    // an item not entered cannot be verified (and the batch with it writes nothing)
    const recordid = (await info(cra, keys)).record!.recordid;
    await unchanged(async () => {
      const res = await verify(cra, [
        { recordid, variable: 'SYSBP' },
        { recordid, variable: 'RESP' },
      ]);
      expect(res.body).toMatchObject({
        success: false,
        msg: 'Item RESP has not been entered and cannot be verified',
      });
    });

    // a change of an item that is not verified resets nothing
    expect((await verify(cra, [{ recordid, variable: 'SYSBP' }])).body.success).toBe(true);
    const data = await info(crc, keys);
    const changed = await h.call(
      updateData,
      {
        recordid,
        rowversion: data.record!.rowversion,
        version: 1,
        values: { ...data.values, PULSE: '72' },
        reasons: { PULSE: { code: null, text: 'recounted' } },
        confirmWarnings: true,
        idempotencyKey: randomUUID(),
      },
      { token: crc },
    );
    expect(changed.body.success && changed.body.data.outcome).toBe('saved');
    expect((await info(cra, keys)).items.SYSBP).toMatchObject({ sdv: 'verified' });
    expect((await sdvAudit(recordid)).map((a) => a.action)).toEqual(['verify']);
  });
});

describe('verifying a subject', () => {
  it('refuses a role without sdv.verify and a subject outside the chosen site, changing nothing', async () => {
    await unchanged(async () => {
      const res = await h.call(subjectSdvSign, { subjectid: rich }, { token: crc, locale: 'en' });
      expect(res.status).toBe(403);
      const other = await h.call(
        subjectSdvSign,
        { subjectid: DEMO_SUBJECTS.sh01 },
        { token: cra, locale: 'en' },
      );
      expect(other.body).toMatchObject({ success: false, msg: 'No such subject at the sites of your role' });
      const list = await h.call(sdvWorklist, {}, { token: crc });
      expect(list.status).toBe(403);
    });
  });

  it('verifies every required item of the subject in one go; the worklist and progress follow', async () => {
    const before = await h.call(sdvWorklist, { page: 1, size: 100 }, { token: cra });
    if (!before.body.success) throw new Error(before.body.msg);
    const pending = before.body.data.list.filter((r) => r.subjectid === DEMO_SUBJECTS.entry);
    expect(pending.length).toBeGreaterThan(0);
    const total = pending.reduce((n, r) => n + r.pending, 0);
    const res = await h.call(subjectSdvSign, { subjectid: DEMO_SUBJECTS.entry }, { token: cra });
    if (!res.body.success) throw new Error(res.body.msg);
    expect(res.body.data).toEqual({ subjectid: DEMO_SUBJECTS.entry, verified: total, already: 0 });
    const after = await h.call(sdvWorklist, { page: 1, size: 100 }, { token: cra });
    if (!after.body.success) throw new Error(after.body.msg);
    expect(after.body.data.list.some((r) => r.subjectid === DEMO_SUBJECTS.entry)).toBe(false);
    expect(after.body.data.progress.verified).toBe(before.body.data.progress.verified + total);
    expect(after.body.data.progress.required).toBe(before.body.data.progress.required);
    const audit = await h.db.query<{ n: number }>(
      `select count(*)::int as n from sdv_audit where subject_id = $1 and scope = 'subject'`,
      [DEMO_SUBJECTS.entry],
    );
    expect(audit[0]?.n).toBe(total);
  });

  it('keeps the SDV audit append-only and sdv_items out of TRUNCATE', async () => {
    await expect(h.db.query(`update sdv_audit set action = 'verify'`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query(`delete from sdv_audit`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.exec(`truncate sdv_items`)).rejects.toThrow(/TRUNCATE|permission denied/);
    const images = await h.db.query<{ n: number }>(
      `select count(*)::int as n from clinical_audit where table_name = 'sdv_items'`,
    );
    expect(images[0]?.n).toBeGreaterThan(0);
  });
});
