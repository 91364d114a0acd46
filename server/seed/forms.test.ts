/**
 * The forms part of the demo seed: schemas, schedule, reasons, every subject's visits (one INSERT … SELECT), the
 * demo records (deterministic: the e2e's subject has V1 VS not entered), and subjects generated anew (`--subjects`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../core/db/db';
import { DEMO_SUBJECTS, richDemoSubject, topUpForms } from './forms';
import { replaceSubjects } from './subjects';
import { openTestDb, type TestDb } from '../test/testDb';

const STUDY = 'study-demo-001';
let t: TestDb;
let db: Db;
/** The seed's generators reset id sequences (setval): with the owner/app split only the owner may. */
let owner: Db;
beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
  owner = t.owner;
}, 120_000);
afterAll(() => t?.cleanup());

const n = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(sql, params))[0]?.n ?? 0;

const recordsOf = (subject: string) =>
  db.query<{ key: string; status: string }>(
    `select visitnum || '/' || tid || '/' || lineno as key, status from form_records where subject_id = $1
     order by visitnum, tid, lineno`,
    [subject],
  );

describe('forms seed', () => {
  it('stores the forms with their versions, the schedule and the reasons for change', async () => {
    const tids = await db.query<{ tid: string }>('select tid from form_schemas order by tid');
    expect(tids.map((r) => r.tid)).toEqual(['AE', 'BIG500', 'CM', 'DA', 'DM', 'IE', 'LB', 'VS']);
    expect(await n(`select count(*)::int as n from visit_schedule where kind = 'scheduled'`)).toBe(6);
    // the casebook's hidden, unscheduled and repeating visits (server/seed/casebookVisits.ts)
    expect(await n(`select count(*)::int as n from visit_schedule where kind <> 'scheduled'`)).toBe(4);
    expect(await n(`select count(*)::int as n from edit_reasons`)).toBe(6);
  });

  it('gives every subject the six visits, V1 dated at screening, LOG and EXT undated', async () => {
    expect(await n('select count(*)::int as n from subject_visits where not added')).toBe(6 * 90);
    // the rich demo subject's unscheduled visit (docs/casebook-visits.md)
    expect(await n('select count(*)::int as n from subject_visits where added')).toBe(1);
    expect(
      await n(`select count(*)::int as n from subject_visits where visitnum = 'V1' and visitdate is null`),
    ).toBe(0);
    expect(
      await n(
        `select count(*)::int as n from subject_visits where visitnum in ('LOG', 'EXT') and visitdate is not null`,
      ),
    ).toBe(0);
  });

  it('enters the demo records: the e2e subject without V1 VS, the rich subject with a change', async () => {
    expect(await recordsOf(DEMO_SUBJECTS.entry)).toEqual([
      { key: 'LOG/AE/1', status: '2' },
      { key: 'V1/DM/1', status: '2' },
      { key: 'V1/IE/1', status: '2' },
    ]);
    const rich = await richDemoSubject(db, STUDY);
    expect(rich).toBe('subj-bj01-0002');
    expect((await recordsOf(rich!)).map((r) => r.key)).toEqual([
      'LOG/AE/1',
      'LOG/AE/2',
      'LOG/CM/1',
      'V1/DM/1',
      'V1/IE/1',
      'V1/LB/1',
      'V1/VS/1',
      'V2/VS/1',
    ]);
    expect(
      await n(
        `select count(*)::int as n from data_audit where action = 'update' and reason_code = 'TRANSCRIPTION'`,
      ),
    ).toBe(1);
    expect((await recordsOf(DEMO_SUBJECTS.sh01)).map((r) => r.key)).toEqual(['V1/DM/1']);
  });

  it('subjects generated anew get visits and demo records anew; the audit trail stays', async () => {
    const audits = await n('select count(*)::int as n from data_audit');
    // a database that already holds a query on a record (it used to refuse: form_records referenced without cascade)
    await db.query(
      `insert into queries (study_id, subject_id, site_id, record_id, visitnum, cycnum, svnum, tid, lineno, visit_tname,
         kind, status, note, created_by, created_role, created_at, updated_at)
       select r.study_id, r.subject_id, r.site_id, r.id, r.visitnum, r.cycnum, r.svnum, r.tid, 1, '{}'::jsonb, 'table',
              'created', '{}'::jsonb, 'user-cra.zhao', 'role-cra', now(), now()
       from form_records r limit 1`,
    );
    expect(await n('select count(*)::int as n from queries')).toBe(1);
    await replaceSubjects(owner, STUDY, 30, new Date('2026-03-02T00:00:00Z'));
    expect(await n('select count(*)::int as n from subject_visits')).toBe(6 * 30);
    expect((await recordsOf(DEMO_SUBJECTS.entry)).map((r) => r.key)).toContain('V1/DM/1');
    expect(await n('select count(*)::int as n from data_audit')).toBeGreaterThan(audits);
    expect(await n('select count(*)::int as n from queries')).toBe(0);
  });

  it('tops up a database seeded before the forms', async () => {
    expect(await topUpForms(owner, STUDY, new Date())).toBe(false);
    // as the owner: the app role may not delete stored form versions (ownerSplit.ts)
    await owner.exec('delete from form_schemas; delete from visit_schedule;');
    expect(await topUpForms(owner, STUDY, new Date('2026-03-02T00:00:00Z'))).toBe(true);
    expect(await n('select count(*)::int as n from form_schemas')).toBe(8);
    expect(await n('select count(*)::int as n from subject_visits')).toBe(6 * 30);
  });
});
