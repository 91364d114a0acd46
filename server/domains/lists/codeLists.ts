/** A study's code lists (codelisttype → options in order), stored in codelist_items (docs/codelists.md). */
import type { CodeOptionWire } from '../../../engine/api/lists';
import type { Db } from '../../core/db/db';

/** Options of one of the study's code lists; null when the study has no such list. */
export async function codeListItems(
  db: Db,
  studyId: string,
  codelisttype: string,
): Promise<CodeOptionWire[] | null> {
  const rows = await db.query<{ codevalue: string; codedesp_zh: string; codedesp_en: string }>(
    `select codevalue, codedesp_zh, codedesp_en from codelist_items where study_id = $1 and codelisttype = $2
     order by sort, codevalue`,
    [studyId, codelisttype],
  );
  if (rows.length === 0) return null;
  return rows.map((r) => ({ codevalue: r.codevalue, codedesp: { zh_CN: r.codedesp_zh, en: r.codedesp_en } }));
}

/** The names of the study's code lists (SITE is not stored: it answers the sites of the role's scope). */
export async function codeListNames(db: Db, studyId: string): Promise<string[]> {
  const rows = await db.query<{ codelisttype: string }>(
    'select distinct codelisttype from codelist_items where study_id = $1 order by codelisttype',
    [studyId],
  );
  return rows.map((r) => r.codelisttype);
}

export async function putCodeListItem(
  db: Db,
  studyId: string,
  item: { codelisttype: string; codevalue: string; zh_CN: string; en: string; sort: number },
): Promise<void> {
  await db.query(
    `insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en, sort)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (study_id, codelisttype, codevalue) do update
       set codedesp_zh = excluded.codedesp_zh, codedesp_en = excluded.codedesp_en, sort = excluded.sort`,
    [studyId, item.codelisttype, item.codevalue, item.zh_CN, item.en, item.sort],
  );
}
