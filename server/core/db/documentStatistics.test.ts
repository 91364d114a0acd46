/**
 * Migration 0026: ANALYZE gathers no statistics on the columns that hold documents (form values, item states, audit
 * images, coding paths and labels, stored answers, event details), and still gathers them on the columns queries
 * filter and join on. Autovacuum's ANALYZE of the tables every save grows takes about half as long (docs/load.md,
 * stop 33).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../test/testDb';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.cleanup());

const DOCUMENTS: Record<string, string[]> = {
  form_records: ['form_values', 'item_status'],
  clinical_audit: ['row_data'],
  coding_terms: ['path', 'visit_tname'],
  save_requests: ['response'],
  audit_log: ['detail'],
  security_events: ['detail'],
};

/** The columns of `table` that pg_stats has statistics for. */
async function columnsWithStatistics(table: string): Promise<string[]> {
  const rows = await t.db.query<{ attname: string }>(
    `select attname from pg_stats where schemaname = current_schema() and tablename = $1 order by attname`,
    [table],
  );
  return rows.map((r) => r.attname);
}

describe('document columns without planner statistics', () => {
  it('are declared so (statistics target 0) on every table that holds them', async () => {
    const rows = await t.db.query<{ table: string; column: string; target: number | null }>(
      `select c.relname as "table", a.attname as "column", a.attstattarget::int as target
         from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = current_schema()::regnamespace and c.relname = any($1::text[]) and a.attnum > 0
          and not a.attisdropped`,
      [Object.keys(DOCUMENTS)],
    );
    for (const [table, columns] of Object.entries(DOCUMENTS))
      for (const column of columns)
        expect(rows.find((r) => r.table === table && r.column === column)?.target, `${table}.${column}`).toBe(
          0,
        );
  });

  it('are skipped by ANALYZE, while the keys and states beside them keep their statistics', async () => {
    // the demo study's records: values and item states in every row
    expect(
      (await t.db.query<{ n: number }>('select count(*)::int as n from form_records'))[0]!.n,
    ).toBeGreaterThan(0);
    // as the tables' owner (with the owner/app split the app's role may not analyse them)
    await t.owner.exec('analyze form_records');
    const gathered = await columnsWithStatistics('form_records');
    expect(gathered).not.toContain('form_values');
    expect(gathered).not.toContain('item_status');
    expect(gathered).toEqual(expect.arrayContaining(['subject_id', 'tid', 'status', 'visitnum']));
  });
});
