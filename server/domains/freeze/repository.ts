/**
 * The freeze tables (migration 0013): requests (`freeze_requests`), the freezes in force (`freezes`) and their history
 * (`freeze_audit`). A target is named within its subject by its key (targetKey): the subject, a page (one form of a
 * visit) or an item of a saved record.
 */
import type { FreezeLevel } from '../../../engine/api/freeze';
import type { Db } from '../../core/db/db';
import type { PageOnSql } from '../data/recordHooks';

export interface PageKeys {
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
}

/** A resolved target: its subject, site, level, key and what names it. */
export interface ResolvedTarget {
  subjectId: string;
  siteId: string;
  level: FreezeLevel;
  key: string;
  page: PageKeys | null;
  recordId: string | null;
  variable: string | null;
}

export const pageKey = (p: PageKeys) => `page:${p.visitnum}:${p.cycnum}:${p.svnum}:${p.tid}`;
export const itemKey = (recordId: string, variable: string) => `item:${recordId}:${variable}`;
export const SUBJECT_KEY = 'subject';

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A freeze in force, as the form and the guard need it. */
export interface FreezeRow {
  level: FreezeLevel;
  targetKey: string;
  variable: string | null;
  recordId: string | null;
  reason: string;
  requestedBy: string;
  approvedBy: string;
  at: string;
}

const FREEZE_COLUMNS = `f.level, f.target_key as "targetKey", f.variable, f.record_id::text as "recordId", f.reason,
  ru.username as "requestedBy", coalesce(du.username, '') as "approvedBy", ${iso('f.frozen_at')} as at`;
const FREEZE_FROM = `freezes f join freeze_requests fr on fr.id = f.request_id
  join users ru on ru.id = fr.requested_by left join users du on du.id = fr.decided_by`;

/** pageFreezes' statement (freezeStatus.do), built once: postgres.ts hashes each text it sends. */
const PAGE_FREEZES_SQL = `select ${FREEZE_COLUMNS} from ${FREEZE_FROM}
     where f.subject_id = $1 and (f.target_key in ('subject', $2) or ($3::bigint is not null and f.record_id = $3::bigint))
     order by case f.level when 'subject' then 0 when 'page' then 1 else 2 end, f.variable`;

/**
 * The freezes in force on a page: its subject's, the page's, and (with a record) the record's items'. Subject and page
 * freezes first (they make the whole page read only).
 */
export function pageFreezes(
  db: Db,
  subjectId: string,
  page: PageKeys,
  recordId: string | null,
): Promise<FreezeRow[]> {
  return db.query<FreezeRow>(PAGE_FREEZES_SQL, [subjectId, pageKey(page), recordId]);
}

/**
 * pageFreezes as a sub-select answering ONE json value, an array of FreezeRow in pageFreezes' order (each with its
 * `ord`), the page named by SQL expressions (`on`; `on.record` null for a first entry or the page as a whole): the
 * freeze guard's read, carried by the data domain's own read of the page (data/recordHooks.ts beforeSaveRead).
 */
export function pageFreezesSql(on: PageOnSql): string {
  const key = `'page:' || ${on.visitnum} || ':' || (${on.cycnum})::text || ':' || (${on.svnum})::text || ':' || ${on.tid}`;
  return `select json_agg(to_json(x) order by x.ord, x.variable)
    from (select ${FREEZE_COLUMNS}, case f.level when 'subject' then 0 when 'page' then 1 else 2 end as ord
          from ${FREEZE_FROM}
          where f.subject_id = ${on.subject}
            and (f.target_key in ('subject', ${key}) or (${on.record} is not null and f.record_id = ${on.record}))) x`;
}

/**
 * The freezes in force on a saved record (its subject, its page, its items; `record`: its id, `study`: the asking
 * study, as SQL expressions), with the record's saved variables, as ONE jsonb value `{ rows: FreezeRow[], variables }`
 * (null when the study has no such record): a sub-select for the record hooks' combined item-state read. The rows in
 * pageFreezes' order; the page's key as pageKey writes it.
 */
export function recordFreezesSql(record: string, study: string): string {
  const key = `'page:' || r.visitnum || ':' || r.cycnum || ':' || r.svnum || ':' || r.tid`;
  return `select jsonb_build_object(
      'variables', coalesce((select jsonb_agg(k) from jsonb_object_keys(r.item_status) k), '[]'::jsonb),
      'rows', coalesce((
        select jsonb_agg(to_jsonb(x) - 'ord' order by x.ord, x.variable)
        from (select ${FREEZE_COLUMNS}, case f.level when 'subject' then 0 when 'page' then 1 else 2 end as ord
              from ${FREEZE_FROM}
              where f.subject_id = r.subject_id and (f.target_key in ('subject', ${key}) or f.record_id = r.id)) x
      ), '[]'::jsonb))
    from form_records r where r.id = ${record} and r.study_id = ${study}`;
}

export async function freezeInForce(db: Db, subjectId: string, key: string): Promise<boolean> {
  const rows = await db.query('select 1 from freezes where subject_id = $1 and target_key = $2', [
    subjectId,
    key,
  ]);
  return rows.length > 0;
}

export async function hasPendingRequest(db: Db, subjectId: string, key: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from freeze_requests where subject_id = $1 and target_key = $2 and status = 'pending'`,
    [subjectId, key],
  );
  return rows.length > 0;
}

export interface NewRequest {
  studyId: string;
  target: ResolvedTarget;
  action: 'freeze' | 'unfreeze';
  approvalRole: string;
  reason: string;
  userId: string;
  roleId: string;
  at: Date;
}

export async function insertRequest(db: Db, r: NewRequest): Promise<string> {
  const t = r.target;
  const rows = await db.query<{ id: string }>(
    `insert into freeze_requests (study_id, site_id, subject_id, target_key, level, visitnum, cycnum, svnum, tid,
       record_id, variable, action, approval_role, reason, requested_by, requested_role, requested_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::bigint, $11, $12, $13, $14, $15, $16, $17)
     returning id::text as id`,
    [
      r.studyId,
      t.siteId,
      t.subjectId,
      t.key,
      t.level,
      t.page?.visitnum ?? null,
      t.page?.cycnum ?? null,
      t.page?.svnum ?? null,
      t.page?.tid ?? null,
      t.recordId,
      t.variable,
      r.action,
      r.approvalRole,
      r.reason,
      r.userId,
      r.roleId,
      r.at,
    ],
  );
  return rows[0]!.id;
}

/** A request as the decision needs it. */
export interface RequestRow {
  id: string;
  studyId: string;
  siteId: string;
  subjectId: string;
  targetKey: string;
  level: FreezeLevel;
  visitnum: string | null;
  cycnum: number | null;
  svnum: number | null;
  tid: string | null;
  recordId: string | null;
  variable: string | null;
  action: 'freeze' | 'unfreeze';
  approvalRole: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  requestedBy: string;
}

export async function findRequestForUpdate(db: Db, studyId: string, id: string): Promise<RequestRow | null> {
  if (!/^[1-9]\d{0,17}$/.test(id)) return null;
  const rows = await db.query<RequestRow>(
    `select id::text as id, study_id as "studyId", site_id as "siteId", subject_id as "subjectId",
       target_key as "targetKey", level, visitnum, cycnum, svnum, tid, record_id::text as "recordId", variable,
       action, approval_role as "approvalRole", reason, status, requested_by as "requestedBy"
     from freeze_requests where id = $1::bigint and study_id = $2 for update`,
    [id, studyId],
  );
  return rows[0] ?? null;
}

export async function decideRequest(
  db: Db,
  id: string,
  d: {
    status: 'approved' | 'rejected' | 'withdrawn';
    userId: string;
    roleId: string;
    reason: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `update freeze_requests set status = $2, decided_by = $3, decided_role = $4, decided_at = $5, decision_reason = $6
     where id = $1::bigint and status = 'pending'`,
    [id, d.status, d.userId, d.roleId, d.at, d.reason],
  );
}

/** An approved freeze: its target becomes frozen. */
export async function insertFreeze(db: Db, r: RequestRow, at: Date): Promise<void> {
  await db.query(
    `insert into freezes (subject_id, target_key, study_id, site_id, level, visitnum, cycnum, svnum, tid, record_id,
       variable, request_id, reason, frozen_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::bigint, $11, $12::bigint, $13, $14)
     on conflict (subject_id, target_key) do nothing`,
    [
      r.subjectId,
      r.targetKey,
      r.studyId,
      r.siteId,
      r.level,
      r.visitnum,
      r.cycnum,
      r.svnum,
      r.tid,
      r.recordId,
      r.variable,
      r.id,
      r.reason,
      at,
    ],
  );
}

/** An approved unfreeze: the freeze is lifted. */
export async function deleteFreeze(db: Db, subjectId: string, key: string): Promise<void> {
  await db.query('delete from freezes where subject_id = $1 and target_key = $2', [subjectId, key]);
}

export interface FreezeAuditEntry {
  studyId: string;
  siteId: string;
  subjectId: string;
  requestId: string;
  targetKey: string;
  action: 'apply' | 'approve' | 'reject' | 'withdraw';
  request: 'freeze' | 'unfreeze';
  reason: string;
  userId: string;
  roleId: string;
  at: Date;
}

export async function appendFreezeAudit(db: Db, e: FreezeAuditEntry): Promise<void> {
  await db.query(
    `insert into freeze_audit (study_id, site_id, subject_id, request_id, target_key, action, request, reason, user_id,
       role_id, at)
     values ($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10, $11)`,
    [
      e.studyId,
      e.siteId,
      e.subjectId,
      e.requestId,
      e.targetKey,
      e.action,
      e.request,
      e.reason,
      e.userId,
      e.roleId,
      e.at,
    ],
  );
}

/**
 * Pending requests on a page: its subject's, the page's and (with a record) the record's items'; `mine`: applied for
 * by `userId` (who may withdraw it).
 */
export function pagePendingRequests(
  db: Db,
  subjectId: string,
  page: PageKeys,
  recordId: string | null,
  userId: string,
) {
  return db.query<{
    requestid: string;
    level: FreezeLevel;
    action: 'freeze' | 'unfreeze';
    variable: string | null;
    approvalRole: string;
    reason: string;
    requestedBy: string;
    at: string;
    mine: boolean;
  }>(
    `select fr.id::text as requestid, fr.level, fr.action, fr.variable, fr.approval_role as "approvalRole", fr.reason,
       u.username as "requestedBy", ${iso('fr.requested_at')} as at, fr.requested_by = $4 as mine
     from freeze_requests fr join users u on u.id = fr.requested_by
     where fr.subject_id = $1 and fr.status = 'pending'
       and (fr.target_key in ('subject', $2) or ($3::bigint is not null and fr.record_id = $3::bigint))
     order by fr.id`,
    [subjectId, pageKey(page), recordId, userId],
  );
}

/** The roles holding freeze.approve: the approval roles an application may name. */
export function approvalRoles(db: Db, permission: string) {
  return db.query<{ rolecode: string; zh: string; en: string }>(
    `select r.rolecode, r.rolename_zh as zh, r.rolename_en as en from roles r
     join role_permissions p on p.role_id = r.id and p.permission = $1 order by r.sort, r.rolecode`,
    [permission],
  );
}

/** Pending requests at the site the role is to approve: the approver's to-do. */
export async function requestsToApprove(
  db: Db,
  studyId: string,
  siteId: string,
  rolecode: string,
  userId: string,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from freeze_requests
     where study_id = $1 and site_id = $2 and status = 'pending' and approval_role = $3 and requested_by <> $4`,
    [studyId, siteId, rolecode, userId],
  );
  return rows[0]?.n ?? 0;
}

/** The list engine's join and row columns (freezeRequestRowSchema). */
export const FREEZE_LIST_JOINS = `join subjects s on s.id = fr.subject_id join sites si on si.id = fr.site_id
  join users ru on ru.id = fr.requested_by left join users du on du.id = fr.decided_by`;
export const FREEZE_LIST_COLUMNS = `
  fr.id::text as requestid, fr.status, fr.action, fr.level, fr.subject_id as subjectid, s.subjid, si.sitecode,
  fr.visitnum, fr.cycnum, fr.svnum, fr.tid, fr.variable, fr.approval_role as "approvalRole", fr.reason,
  ru.username as "requestedBy", ${iso('fr.requested_at')} as "requestedAt", du.username as "decidedBy",
  case when fr.decided_at is null then null else ${iso('fr.decided_at')} end as "decidedAt",
  fr.decision_reason as "decisionReason"`;
