/** Code lists (codelisttype → options in order), stored in codelist_items. */
import type { CodeOptionWire } from '../../../engine/api/lists';
import type { Db } from '../../core/db/db';

/** Options of a stored code list; null when there is no such list. */
export async function codeListItems(db: Db, codelisttype: string): Promise<CodeOptionWire[] | null> {
  const rows = await db.query<{ codevalue: string; codedesp_zh: string; codedesp_en: string }>(
    `select codevalue, codedesp_zh, codedesp_en from codelist_items where codelisttype = $1
     order by sort, codevalue`,
    [codelisttype],
  );
  if (rows.length === 0) return null;
  return rows.map((r) => ({ codevalue: r.codevalue, codedesp: { zh_CN: r.codedesp_zh, en: r.codedesp_en } }));
}

export async function putCodeListItem(
  db: Db,
  item: { codelisttype: string; codevalue: string; zh_CN: string; en: string; sort: number },
): Promise<void> {
  await db.query(
    `insert into codelist_items (codelisttype, codevalue, codedesp_zh, codedesp_en, sort) values ($1, $2, $3, $4, $5)
     on conflict (codelisttype, codevalue) do update
       set codedesp_zh = excluded.codedesp_zh, codedesp_en = excluded.codedesp_en, sort = excluded.sort`,
    [item.codelisttype, item.codevalue, item.zh_CN, item.en, item.sort],
  );
}
