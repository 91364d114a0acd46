/**
 * Issue 15, finding 9 (migration 0006): every audit table is append-only, and every change to a table holding
 * clinical data or its status leaves a row image in clinical_audit in the same statement — also a change made
 * directly in SQL, outside the app; TRUNCATE of a clinical table is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveData } from '../../../engine/api/data';
import { DEMO_SUBJECTS } from '../../seed/forms';
import { startHarness, type Harness } from '../../test/harness';

/** The tables that hold clinical data or its status. */
const CLINICAL_TABLES = ['form_records', 'subject_visits', 'subjects'];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logger: false });
});
afterAll(() => h?.close());

async function auditCount(table: string): Promise<number> {
  const rows = await h.db.query<{ n: number }>(
    'select count(*)::int as n from clinical_audit where table_name = $1',
    [table],
  );
  return rows[0]?.n ?? 0;
}

describe('audit tables are append-only', () => {
  it('finds every audit table in the catalogue and each refuses UPDATE, DELETE and TRUNCATE', async () => {
    const tables = (
      await h.db.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name like '%audit%'
         order by table_name`,
      )
    ).map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['audit_log', 'clinical_audit', 'data_audit']));
    await h.loginAs('crc.li', 'CRC', 'BJ01'); // an audit_log row at least
    for (const table of tables) {
      // the triggers, whether or not the table has rows yet
      const defs = (
        await h.db.query<{ def: string }>(
          `select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = $1::regclass and not tgisinternal`,
          [table],
        )
      )
        .map((r) => r.def)
        .filter((d) => /BEFORE/.test(d) && /append_only|immutable/.test(d))
        .join('\n');
      for (const op of ['UPDATE', 'DELETE', 'TRUNCATE']) expect(defs, `${table} ${op}`).toContain(op);
      const count = await h.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      if ((count[0]?.n ?? 0) === 0) continue;
      const columns = await h.db.query<{ name: string }>(
        `select column_name as name from information_schema.columns
         where table_schema = current_schema() and table_name = $1 and is_identity = 'NO' and is_generated = 'NEVER'
         order by ordinal_position limit 1`,
        [table],
      );
      const column = columns[0]!.name;
      await expect(h.db.query(`update ${table} set ${column} = ${column}`), table).rejects.toThrow(
        /append-only|permission denied/,
      );
      await expect(h.db.query(`delete from ${table}`), table).rejects.toThrow(
        /append-only|permission denied/,
      );
      await expect(h.db.query(`truncate ${table}`), table).rejects.toThrow(/append-only|permission denied/);
    }
  });
});

describe('clinical tables are audited by the database', () => {
  it('each clinical table has its insert, update and delete audit triggers and refuses TRUNCATE', async () => {
    for (const table of CLINICAL_TABLES) {
      const triggers = (
        await h.db.query<{ name: string }>(
          `select tgname as name from pg_trigger
           where tgrelid = $1::regclass and not tgisinternal and tgenabled <> 'D' order by tgname`,
          [table],
        )
      ).map((r) => r.name);
      expect(triggers, table).toEqual(
        expect.arrayContaining([
          `${table}_audit_insert`,
          `${table}_audit_update`,
          `${table}_audit_delete`,
          `${table}_no_truncate`,
        ]),
      );
      await expect(h.db.query(`truncate ${table} cascade`), table).rejects.toThrow(
        /TRUNCATE is not allowed|permission denied/,
      );
    }
  });

  it('a direct UPDATE and DELETE of form_records (outside the app) leaves its old and new row images', async () => {
    const before = await auditCount('form_records');
    const rows = await h.db.query<{ id: string }>(
      'select id::text as id from form_records order by id limit 1',
    );
    const id = rows[0]!.id;
    await h.db.query(`update form_records set status = '1' where id = $1::bigint`, [id]);
    const images = await h.db.query<{ op: string; image: string; db_user: string; row_id: string }>(
      `select op, image, db_user, row_data ->> 'id' as row_id from clinical_audit
       where table_name = 'form_records' order by id desc limit 2`,
    );
    expect(images.map((r) => [r.op, r.image, r.row_id]).sort()).toEqual([
      ['UPDATE', 'new', id],
      ['UPDATE', 'old', id],
    ]);
    expect(images[0]!.db_user).not.toBe('');
    await h.db.transaction(async (tx) => {
      await tx.query('delete from form_records where id = $1::bigint', [id]);
    });
    expect(await auditCount('form_records')).toBe(before + 3);
  });

  it('a save through the app leaves a row image naming the app user, with the item-level data_audit rows', async () => {
    const token = await h.loginAs('crc.li', 'CRC', 'BJ01');
    const before = await auditCount('form_records');
    const res = await h.call(
      saveData,
      {
        subjectid: DEMO_SUBJECTS.entry,
        visitnum: 'V1',
        cycnum: 1,
        svnum: 1,
        tid: 'VS',
        version: 1,
        values: { VSDAT: '2026-03-01', VSPOS: 'SITTING', SYSBP: '120', DIABP: '80', PULSE: '70' },
        confirmWarnings: true,
        idempotencyKey: 'audit-everywhere-0001',
      },
      { token },
    );
    expect(res.body.success && res.body.data.outcome).toBe('saved');
    const images = await h.db.query<{ op: string; app_user: string | null }>(
      `select op, app_user from clinical_audit where table_name = 'form_records' and id > 0 order by id desc limit 1`,
    );
    expect(await auditCount('form_records')).toBe(before + 1);
    expect(images[0]).toEqual({ op: 'INSERT', app_user: 'user-crc.li' });
  });

  it('the rows present when 0006 ran start the trail (one INSERT image each)', async () => {
    const rows = await h.db.query<{ n: number; audited: number }>(
      `select (select count(*)::int from subjects) as n,
              (select count(distinct row_data ->> 'id')::int from clinical_audit
               where table_name = 'subjects' and op = 'INSERT') as audited`,
    );
    expect(rows[0]!.audited).toBeGreaterThanOrEqual(rows[0]!.n);
  });
});
