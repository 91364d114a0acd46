/**
 * Migration 0019 (docs/codelists.md): code lists stored before it get a study — every study that exists keeps its own
 * copy of the lists it shared, so no study loses a list it used — and a study's list no longer collides with another
 * study's list of the same name.
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

describe('migration 0019: code lists per study', () => {
  it('gives each existing study its own copy of the lists, then keeps same-named lists apart', async () => {
    const all = await loadMigrations();
    await migrate(
      db,
      all.filter((m) => m.version < 19),
    );
    await db.exec(`insert into studies (id, studycode, studyname) values ('s-a', 'A', 'A'), ('s-b', 'B', 'B');
      insert into codelist_items (codelisttype, codevalue, codedesp_zh, codedesp_en, sort, version)
        values ('SEX', 'M', '男', 'Male', 1, 1), ('SEX', 'F', '女', 'Female', 2, 3);`);
    expect(await migrate(db, all)).toContain(19);
    const rows = await db.query<{ study_id: string; codevalue: string; version: number }>(
      'select study_id, codevalue, version from codelist_items order by study_id, sort',
    );
    expect(rows).toEqual([
      { study_id: 's-a', codevalue: 'M', version: 1 },
      { study_id: 's-a', codevalue: 'F', version: 3 },
      { study_id: 's-b', codevalue: 'M', version: 1 },
      { study_id: 's-b', codevalue: 'F', version: 3 },
    ]);
    // the same list name and code in two studies, other texts: both kept
    await db.query(
      `update codelist_items set codedesp_en = 'Man' where study_id = 's-b' and codevalue = 'M'`,
    );
    const texts = await db.query<{ codedesp_en: string }>(
      `select codedesp_en from codelist_items where codevalue = 'M' order by study_id`,
    );
    expect(texts.map((r) => r.codedesp_en)).toEqual(['Male', 'Man']);
    // a row needs a study that exists
    await expect(
      db.query(
        `insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en) values ('nope', 'X', '1', '一', 'One')`,
      ),
    ).rejects.toThrow();
  }, 120_000);
});
