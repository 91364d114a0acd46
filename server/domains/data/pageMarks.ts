/**
 * Whether a page may take data: a page marked not collected, not occurred or invalid — itself or through its whole
 * visit (casebook_marks, migration 0008; docs/casebook-visits.md) — takes no new or changed data until it is made
 * valid again. Checked by savedata.do (recordsRepository.ts newEntryPlace) and updatedata.do (findRecordToChange)
 * inside their transaction, under the subject lock, and by datalist.do / datainfo.do for the capabilities they grant.
 */
import { queryOne, type Db } from '../../core/db/db';

export interface PageRef {
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
}

/**
 * The statement (a select of one column `mark`, at most one row) of the mark on a page or its visit, with the
 * parameters named: the subject, visitnum, cycnum, svnum and tid (a page mark wins over its visit's: tid '' sorts
 * last). Also a part of the save's own first read (recordsRepository.ts newEntryPlace).
 */
export function pageMarkSql(p: {
  subject: string;
  visitnum: string;
  cycnum: string;
  svnum: string;
  tid: string;
}) {
  return `select mark from casebook_marks
     where subject_id = ${p.subject} and visitnum = ${p.visitnum} and cycnum = ${p.cycnum} and svnum = ${p.svnum}
       and tid in (${p.tid}, '')
     order by tid desc limit 1`;
}

/** pageMark's statement, built once. */
const PAGE_MARK_SQL = pageMarkSql({ subject: '$1', visitnum: '$2', cycnum: '$3', svnum: '$4', tid: '$5' });

/** The mark on the page or its visit, or null. */
export async function pageMark(db: Db, subjectId: string, page: PageRef): Promise<string | null> {
  const row = await queryOne<{ mark: string }>(db, PAGE_MARK_SQL, [
    subjectId,
    page.visitnum,
    page.cycnum,
    page.svnum,
    page.tid,
  ]);
  return row?.mark ?? null;
}
