/**
 * Whether a page may take data: a page marked not collected, not occurred or invalid — itself or through its whole
 * visit (casebook_marks, migration 0008; docs/casebook-visits.md) — takes no new or changed data until it is made
 * valid again. Checked by savedata.do and updatedata.do inside their transaction, and by datalist.do / datainfo.do
 * for the capabilities they grant.
 */
import { queryOne, type Db } from '../../core/db/db';
import { NotFound } from './scope';

export interface PageRef {
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
}

/** The mark on the page or its visit, or null. */
export async function pageMark(db: Db, subjectId: string, page: PageRef): Promise<string | null> {
  const row = await queryOne<{ mark: string }>(
    db,
    `select mark from casebook_marks
     where subject_id = $1 and visitnum = $2 and cycnum = $3 and svnum = $4 and tid in ($5, '')
     order by tid desc limit 1`,
    [subjectId, page.visitnum, page.cycnum, page.svnum, page.tid],
  );
  return row?.mark ?? null;
}

/** Refuses (success:false, pageMarkedNoEntry) when the page or its visit is marked. */
export async function requireUnmarkedPage(db: Db, subjectId: string, page: PageRef): Promise<void> {
  if ((await pageMark(db, subjectId, page)) !== null) throw new NotFound('pageMarkedNoEntry');
}
