/**
 * Reading a site's clinical data for exports, page by page (keyset on the subject number): the subjects, their
 * records, and for ODM the data audit trail, the open and closed queries and the signatures of those records. Only
 * one page is ever in memory.
 */
import type { Db } from '../../core/db/db';

export const EXPORT_PAGE_SUBJECTS = 200;
/**
 * ODM ClinicalData reads small pages: a subject's audit trail is ~10 rows per record (~220 rows a subject at 20
 * forms), and writing one subject allocates ~1.5 MB while V8 scavenges its young generation every ~15 MB. A page
 * whose rows stay alive across two scavenges is promoted to the old generation, which V8 lets grow to ~3.5× the
 * live heap before it collects: with pages of 10 subjects ~0.7 MB was promoted at every scavenge and the old space
 * reached 132 MB at 1,500 subjects; with pages of 3 or 5 nothing of a page outlives a scavenge (old space 28 MB,
 * peak RSS 235 → 130 MB; docs/export-memory.md, "Stop 25"). Pages of 200 held 44,000 audit rows at once.
 */
export const ODM_PAGE_SUBJECTS = 3;

export interface ExportSubject {
  id: string;
  subjid: string;
  siteId: string;
  sitecode: string;
}

export async function subjectCount(db: Db, studyId: string, siteId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from subjects where study_id = $1 and site_id = $2 and abandoned_at is null`,
    [studyId, siteId],
  );
  return rows[0]?.n ?? 0;
}

/** The next page of the site's subjects after `after` (by number). */
export function subjectPage(
  db: Db,
  studyId: string,
  siteId: string,
  after: string,
  size: number = EXPORT_PAGE_SUBJECTS,
): Promise<ExportSubject[]> {
  return db.query<ExportSubject>(
    `select s.id, s.subjid, s.site_id as "siteId", st.sitecode from subjects s join sites st on st.id = s.site_id
     where s.study_id = $1 and s.site_id = $2 and s.abandoned_at is null and s.subjid > $3
     order by s.subjid limit $4`,
    [studyId, siteId, after, size],
  );
}

/** Every subject page of a site, in order. */
export async function* subjectPages(
  db: Db,
  studyId: string,
  siteId: string,
  size: number = EXPORT_PAGE_SUBJECTS,
): AsyncGenerator<ExportSubject[]> {
  let after = '';
  for (;;) {
    const page = await subjectPage(db, studyId, siteId, after, size);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.subjid;
    if (page.length < size) return;
  }
}

export interface ExportRecord {
  id: string;
  subjectId: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number;
  values: Record<string, unknown>;
}

export function recordsOf(
  db: Db,
  subjectIds: readonly string[],
  tid: string | null,
): Promise<ExportRecord[]> {
  return db.query<ExportRecord>(
    `select r.id::text as id, r.subject_id as "subjectId", r.visitnum, r.cycnum, r.svnum, r.tid, r.lineno,
       r.form_values as values
     from form_records r left join visit_schedule vs on vs.study_id = r.study_id and vs.visitnum = r.visitnum
     where r.subject_id = any($1::text[]) and ($2::text is null or r.tid = $2)
     order by r.subject_id, coalesce(vs.sort, 0), r.visitnum, r.cycnum, r.svnum, r.tid, r.lineno`,
    [[...subjectIds], tid],
  );
}

export interface ExportAudit {
  recordId: string;
  variable: string;
  action: string;
  userId: string;
  siteId: string;
  at: Date;
  reason: string | null;
}

export function auditOf(db: Db, recordIds: readonly string[]): Promise<ExportAudit[]> {
  return db.query<ExportAudit>(
    `select record_id::text as "recordId", variable, action, user_id as "userId", site_id as "siteId", at,
       coalesce(nullif(reason_text, ''), reason_code) as reason
     from data_audit where record_id = any($1::bigint[]) order by record_id, id`,
    [[...recordIds]],
  );
}

export interface ExportQuery {
  id: string;
  recordId: string;
  variable: string | null;
  status: string;
  note: unknown;
}

export function queriesOf(db: Db, recordIds: readonly string[]): Promise<ExportQuery[]> {
  return db.query<ExportQuery>(
    `select id::text as id, record_id::text as "recordId", variable, status, note from queries
     where record_id = any($1::bigint[]) and status <> 'candidate' order by id`,
    [[...recordIds]],
  );
}

export interface ExportSignature {
  recordId: string;
  userId: string;
  siteId: string;
  at: Date;
  meaning: unknown;
}

export function signaturesOf(db: Db, recordIds: readonly string[]): Promise<ExportSignature[]> {
  return db.query<ExportSignature>(
    `select record_id::text as "recordId", signed_by as "userId", site_id as "siteId", signed_at as at, meaning
     from signatures where record_id = any($1::bigint[]) and status = 'signed'`,
    [[...recordIds]],
  );
}
