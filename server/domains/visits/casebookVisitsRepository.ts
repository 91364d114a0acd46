/**
 * The casebook's visits and pages in the database (migration 0008): the schedule's kinds and optional forms, a
 * subject's visits added and deleted, the forms added to a visit, the marks on pages and visits, the
 * invalidation-reasons dictionary and the visit audit trail (append-only).
 */
import { queryOne, type Db } from '../../core/db/db';
import { noteLocked } from '../../core/db/rowLocks';
import type { CasebookMarkKind } from '../../../engine/api/visits';

export interface VisitKeysRow {
  visitnum: string;
  cycnum: number;
  svnum: number;
}

/** A page (tid) or the whole visit (tid ''). */
export interface MarkTarget extends VisitKeysRow {
  subjectId: string;
  tid: string;
}

export interface ScheduleRow {
  visitnum: string;
  name_zh: string;
  name_en: string;
  kind: string;
  tids: string[];
  optional_tids: string[];
}

export function scheduleVisit(db: Db, studyId: string, visitnum: string): Promise<ScheduleRow | null> {
  return queryOne<ScheduleRow>(
    db,
    `select visitnum, name_zh, name_en, kind, tids, optional_tids from visit_schedule
     where study_id = $1 and visitnum = $2`,
    [studyId, visitnum],
  );
}

/** Hidden and repeating visits the subject has not got yet and unscheduled visits, in schedule order. */
export function selectableVisits(db: Db, studyId: string, subjectId: string): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(
    `select vs.visitnum, vs.name_zh, vs.name_en, vs.kind, vs.tids, vs.optional_tids from visit_schedule vs
     where vs.study_id = $1 and (vs.kind = 'unscheduled' or (vs.kind in ('hidden', 'repeating') and not exists
       (select 1 from subject_visits sv where sv.subject_id = $2 and sv.visitnum = vs.visitnum)))
     order by vs.sort, vs.visitnum`,
    [studyId, subjectId],
  );
}

/** Locks the subject's row for the rest of the transaction (two adds at once number their visits one after the other). */
export async function lockSubject(tx: Db, subjectId: string): Promise<{ status: string } | null> {
  const row = await queryOne<{ status: string }>(tx, 'select status from subjects where id = $1 for update', [
    subjectId,
  ]);
  // the data domain's lockSubject (the same row lock) need not lock it again in this transaction
  noteLocked(tx, `subjects:${subjectId}`);
  return row;
}

export async function subjectStatus(db: Db, subjectId: string): Promise<string | null> {
  const row = await queryOne<{ status: string }>(db, 'select status from subjects where id = $1', [
    subjectId,
  ]);
  return row?.status ?? null;
}

/** The highest cycle and sub-visit of a visit of the subject (0 when it has none). */
export async function lastInstance(
  db: Db,
  subjectId: string,
  visitnum: string,
): Promise<{ cycnum: number; svnum: number }> {
  const row = await queryOne<{ cycnum: number | null; svnum: number | null }>(
    db,
    `select max(cycnum) as cycnum, max(svnum) as svnum from subject_visits where subject_id = $1 and visitnum = $2`,
    [subjectId, visitnum],
  );
  return { cycnum: row?.cycnum ?? 0, svnum: row?.svnum ?? 0 };
}

export async function insertSubjectVisit(
  tx: Db,
  subjectId: string,
  keys: VisitKeysRow,
  visitdate: string | null,
): Promise<void> {
  await tx.query(
    `insert into subject_visits (subject_id, visitnum, cycnum, svnum, visitdate, added)
     values ($1, $2, $3, $4, $5::date, true)`,
    [subjectId, keys.visitnum, keys.cycnum, keys.svnum, visitdate],
  );
}

export async function deleteSubjectVisit(tx: Db, subjectId: string, keys: VisitKeysRow): Promise<void> {
  await tx.query(
    'delete from subject_visits where subject_id = $1 and visitnum = $2 and cycnum = $3 and svnum = $4',
    [subjectId, keys.visitnum, keys.cycnum, keys.svnum],
  );
}

export async function setExtraTids(
  tx: Db,
  subjectId: string,
  keys: VisitKeysRow,
  tids: readonly string[],
): Promise<void> {
  await tx.query(
    `update subject_visits set extra_tids = $5 where subject_id = $1 and visitnum = $2 and cycnum = $3 and svnum = $4`,
    [subjectId, keys.visitnum, keys.cycnum, keys.svnum, [...tids]],
  );
}

/** Records of a visit (of one of its forms when `tid` is given). */
export async function recordCount(
  db: Db,
  subjectId: string,
  keys: VisitKeysRow,
  tid?: string,
): Promise<number> {
  const params: unknown[] = [subjectId, keys.visitnum, keys.cycnum, keys.svnum];
  if (tid) params.push(tid);
  const row = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from form_records
     where subject_id = $1 and visitnum = $2 and cycnum = $3 and svnum = $4${tid ? ' and tid = $5' : ''}`,
    params,
  );
  return row?.n ?? 0;
}

/** Forms of a visit that hold records. */
export async function enteredTids(db: Db, subjectId: string, keys: VisitKeysRow): Promise<Set<string>> {
  const rows = await db.query<{ tid: string }>(
    `select distinct tid from form_records where subject_id = $1 and visitnum = $2 and cycnum = $3 and svnum = $4`,
    [subjectId, keys.visitnum, keys.cycnum, keys.svnum],
  );
  return new Set(rows.map((r) => r.tid));
}

// ---------------------------------------------------------------------------------------------------------------
// Marks

export interface MarkRow extends VisitKeysRow {
  tid: string;
  mark: CasebookMarkKind;
  reasoncode: string;
  reasonZh: string;
  reasonEn: string;
  reasontext: string | null;
  realname: string;
  at: Date;
}

const MARK_SELECT = `select m.visitnum, m.cycnum, m.svnum, m.tid, m.mark, m.reason_code as reasoncode,
    coalesce(ir.text_zh, m.reason_code) as "reasonZh", coalesce(ir.text_en, m.reason_code) as "reasonEn",
    m.reason_text as reasontext, coalesce(u.realname, m.marked_by) as realname, m.marked_at as at
  from casebook_marks m
    left join subjects s on s.id = m.subject_id
    left join invalidation_reasons ir on ir.study_id = s.study_id and ir.code = m.reason_code
    left join users u on u.id = m.marked_by`;

/** The subject's marks (of one visit when given). */
export function subjectMarks(db: Db, subjectId: string, keys?: VisitKeysRow): Promise<MarkRow[]> {
  const params: unknown[] = [subjectId];
  let where = 'm.subject_id = $1';
  if (keys) {
    params.push(keys.visitnum, keys.cycnum, keys.svnum);
    where += ' and m.visitnum = $2 and m.cycnum = $3 and m.svnum = $4';
  }
  return db.query<MarkRow>(`${MARK_SELECT} where ${where}`, params);
}

/** The subject's marks of one kind, in schedule order. */
export function marksOfKind(db: Db, subjectId: string, mark: CasebookMarkKind): Promise<MarkRow[]> {
  return db.query<MarkRow>(
    `${MARK_SELECT} left join visit_schedule vs on vs.study_id = s.study_id and vs.visitnum = m.visitnum
     where m.subject_id = $1 and m.mark = $2
     order by vs.sort, m.visitnum, m.cycnum, m.svnum, m.tid`,
    [subjectId, mark],
  );
}

export async function insertMark(
  tx: Db,
  target: MarkTarget,
  mark: CasebookMarkKind,
  reason: { code: string; text: string | null },
  actor: { userId: string; roleId: string },
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into casebook_marks (subject_id, visitnum, cycnum, svnum, tid, mark, reason_code, reason_text, marked_by,
       role_id, marked_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      target.subjectId,
      target.visitnum,
      target.cycnum,
      target.svnum,
      target.tid,
      mark,
      reason.code,
      reason.text,
      actor.userId,
      actor.roleId,
      at.toISOString(),
    ],
  );
}

export async function deleteMark(tx: Db, target: MarkTarget): Promise<void> {
  await tx.query(
    `delete from casebook_marks where subject_id = $1 and visitnum = $2 and cycnum = $3 and svnum = $4 and tid = $5`,
    [target.subjectId, target.visitnum, target.cycnum, target.svnum, target.tid],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The invalidation-reasons dictionary

export interface InvalidationReasonRow {
  code: string;
  text_zh: string;
  text_en: string;
  needs_text: boolean;
}

export function invalidationReasons(db: Db, studyId: string): Promise<InvalidationReasonRow[]> {
  return db.query<InvalidationReasonRow>(
    `select code, text_zh, text_en, needs_text from invalidation_reasons where study_id = $1 order by sort, code`,
    [studyId],
  );
}

export function invalidationReasonByCode(
  db: Db,
  studyId: string,
  code: string,
): Promise<InvalidationReasonRow | null> {
  return queryOne<InvalidationReasonRow>(
    db,
    'select code, text_zh, text_en, needs_text from invalidation_reasons where study_id = $1 and code = $2',
    [studyId, code],
  );
}

export async function putInvalidationReason(
  tx: Db,
  studyId: string,
  r: InvalidationReasonRow & { sort: number },
): Promise<void> {
  await tx.query(
    `insert into invalidation_reasons (study_id, code, text_zh, text_en, needs_text, sort)
     values ($1, $2, $3, $4, $5, $6) on conflict (study_id, code) do nothing`,
    [studyId, r.code, r.text_zh, r.text_en, r.needs_text, r.sort],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The visit audit trail

export type VisitAuditAction = 'addVisit' | 'deleteVisit' | 'addForm' | 'removeForm' | 'mark' | 'unmark';

export interface VisitAuditEntry extends VisitKeysRow {
  studyId: string;
  subjectId: string;
  tid: string;
  action: VisitAuditAction;
  oldvalue: string | null;
  newvalue: string | null;
  reasonCode: string | null;
  reasonText: string | null;
  userId: string;
  roleId: string;
  siteId: string;
  at: Date;
}

export async function appendVisitAudit(tx: Db, e: VisitAuditEntry): Promise<void> {
  await tx.query(
    `insert into visit_audit (study_id, subject_id, visitnum, cycnum, svnum, tid, action, oldvalue, newvalue,
       reason_code, reason_text, user_id, role_id, site_id, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      e.studyId,
      e.subjectId,
      e.visitnum,
      e.cycnum,
      e.svnum,
      e.tid,
      e.action,
      e.oldvalue,
      e.newvalue,
      e.reasonCode,
      e.reasonText,
      e.userId,
      e.roleId,
      e.siteId,
      e.at.toISOString(),
    ],
  );
}

export interface VisitAuditRowDb extends VisitKeysRow {
  id: string;
  action: VisitAuditAction;
  visitnameZh: string;
  visitnameEn: string;
  tid: string;
  oldvalue: string | null;
  newvalue: string | null;
  reasoncode: string | null;
  reasonZh: string | null;
  reasonEn: string | null;
  reasontext: string | null;
  username: string;
  realname: string;
  rolenameZh: string;
  rolenameEn: string;
  sitecode: string;
  at: Date;
}

/** The subject's visit audit rows, oldest first; a user, role, site or reason no longer found shows by its id. */
export function visitAuditRows(db: Db, studyId: string, subjectId: string): Promise<VisitAuditRowDb[]> {
  return db.query<VisitAuditRowDb>(
    `select a.id::text as id, a.action, a.visitnum, a.cycnum, a.svnum, a.tid,
            coalesce(vs.name_zh, a.visitnum) as "visitnameZh", coalesce(vs.name_en, a.visitnum) as "visitnameEn",
            a.oldvalue, a.newvalue, a.reason_code as reasoncode,
            coalesce(ir.text_zh, a.reason_code) as "reasonZh", coalesce(ir.text_en, a.reason_code) as "reasonEn",
            a.reason_text as reasontext,
            coalesce(u.username, a.user_id) as username, coalesce(u.realname, a.user_id) as realname,
            coalesce(r.rolename_zh, a.role_id) as "rolenameZh", coalesce(r.rolename_en, a.role_id) as "rolenameEn",
            coalesce(si.sitecode, a.site_id) as sitecode, a.at
     from visit_audit a
       left join visit_schedule vs on vs.study_id = a.study_id and vs.visitnum = a.visitnum
       left join invalidation_reasons ir on ir.study_id = a.study_id and ir.code = a.reason_code
       left join users u on u.id = a.user_id left join roles r on r.id = a.role_id
       left join sites si on si.id = a.site_id
     where a.study_id = $1 and a.subject_id = $2 order by a.id`,
    [studyId, subjectId],
  );
}

/**
 * A new subject's casebook: every scheduled visit of the study (cycle 1, sub-visit 1, not dated yet), as the seed
 * gives every demo subject; hidden, unscheduled and repeating visits are added by users (savevisit, addNextVisit).
 */
export async function openCasebook(tx: Db, studyId: string, subjectId: string): Promise<void> {
  await tx.query(
    `insert into subject_visits (subject_id, visitnum, cycnum, svnum, visitdate)
     select $2, visitnum, 1, 1, null from visit_schedule where study_id = $1 and kind = 'scheduled'`,
    [studyId, subjectId],
  );
}
