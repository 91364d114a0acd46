/**
 * Migration 0021: a database seeded before freeze requests could be withdrawn (0020) gets `withdrawn` in each study's
 * FREEZESTATUS code list, after its last option; a study that has it already, or has no such list, is left alone.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from './migrate';
import { wrapPglite } from './pglite';
import type { Db } from './db';

let pg: PGlite;
let db: Db;
beforeAll(async () => {
  pg = new PGlite();
  db = wrapPglite(pg);
}, 60_000);
afterAll(() => pg?.close());

describe('migration 0021: withdrawn in FREEZESTATUS', () => {
  it('adds the status where the list lacks it, once', async () => {
    const all = await loadMigrations();
    await migrate(
      db,
      all.filter((m) => m.version < 21),
    );
    await db.exec(`insert into studies (id, studycode, studyname) values ('s-old', 'O', 'O'), ('s-new', 'N', 'N'), ('s-none', 'X', 'X');
      insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en, sort) values
        ('s-old', 'FREEZESTATUS', 'pending', '待审批', 'Pending', 0),
        ('s-old', 'FREEZESTATUS', 'approved', '已批准', 'Approved', 1),
        ('s-old', 'FREEZESTATUS', 'rejected', '已驳回', 'Rejected', 2),
        ('s-new', 'FREEZESTATUS', 'pending', '待审批', 'Pending', 0),
        ('s-new', 'FREEZESTATUS', 'withdrawn', '撤回', 'Taken back', 1),
        ('s-none', 'SEX', 'M', '男', 'Male', 0);`);
    expect(await migrate(db, all)).toContain(21);
    const rows = await db.query<{ study_id: string; codevalue: string; codedesp_en: string; sort: number }>(
      `select study_id, codevalue, codedesp_en, sort from codelist_items
       where codevalue = 'withdrawn' or study_id = 's-none' order by study_id`,
    );
    expect(rows).toEqual([
      { study_id: 's-new', codevalue: 'withdrawn', codedesp_en: 'Taken back', sort: 1 },
      { study_id: 's-none', codevalue: 'M', codedesp_en: 'Male', sort: 0 },
      { study_id: 's-old', codevalue: 'withdrawn', codedesp_en: 'Withdrawn', sort: 3 },
    ]);
  }, 120_000);
});
