/**
 * The casebook's subject tables (migration 0007): the study's protocol and eCRF versions and subject-number pattern,
 * the roles' permissions and the workflow transitions, writing subjects, and the subject audit trail (append-only).
 */
import type { StudyVersion, SubjectRow } from '../../../engine/api/subjects';
import { DEFAULT_SUBJECT_ID_PATTERN } from '../../../engine/subjects/subjectIdPattern';
import { queryOne, type Db } from '../../core/db/db';
import { SUBJECT_ROW_COLUMNS } from './list';

export type VersionKind = 'protocol' | 'crf';
const VERSION_TABLE: Record<VersionKind, string> = { protocol: 'protocol_versions', crf: 'crf_versions' };

export function studyVersions(db: Db, studyId: string, kind: VersionKind): Promise<StudyVersion[]> {
  return db.query<StudyVersion>(
    `select id, name, current from ${VERSION_TABLE[kind]} where study_id = $1 order by sort, id`,
    [studyId],
  );
}

/** A version by id; the study's current one for null (subjects written before migration 0007). */
export function studyVersion(
  db: Db,
  studyId: string,
  kind: VersionKind,
  id: string | null,
): Promise<StudyVersion | null> {
  return queryOne<StudyVersion>(
    db,
    `select id, name, current from ${VERSION_TABLE[kind]}
     where study_id = $1 and (id = $2 or ($2::text is null and current))`,
    [studyId, id],
  );
}

export async function subjectIdPattern(db: Db, studyId: string): Promise<string> {
  const row = await queryOne<{ pattern: string }>(
    db,
    'select subject_id_pattern as pattern from study_settings where study_id = $1',
    [studyId],
  );
  return row?.pattern ?? DEFAULT_SUBJECT_ID_PATTERN;
}

export interface SiteRow {
  siteid: string;
  sitecode: string;
  sitename: string;
  studycode: string;
}

export function findSite(db: Db, studyId: string, siteId: string): Promise<SiteRow | null> {
  return queryOne<SiteRow>(
    db,
    `select si.id as siteid, si.sitecode, si.sitename, st.studycode
     from sites si join studies st on st.id = si.study_id where si.study_id = $1 and si.id = $2`,
    [studyId, siteId],
  );
}

/** The subject numbers of a site starting with `prefix` (the pattern's literal start), for the next number. */
export async function siteSubjids(
  db: Db,
  studyId: string,
  siteId: string,
  prefix: string,
): Promise<string[]> {
  const rows = await db.query<{ subjid: string }>(
    `select subjid from subjects where study_id = $1 and site_id = $2 and starts_with(subjid, $3)`,
    [studyId, siteId, prefix],
  );
  return rows.map((r) => r.subjid);
}

/** The subject with that number in the study (any site), if any. */
export function subjectByNumber(db: Db, studyId: string, subjid: string): Promise<{ id: string } | null> {
  return queryOne<{ id: string }>(db, 'select id from subjects where study_id = $1 and subjid = $2', [
    studyId,
    subjid,
  ]);
}

/** Subject ids equal to `base` or starting with `base-`. */
export async function subjectIdsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from subjects where id = $1 or starts_with(id, $1 || '-')`,
    [base],
  );
  return rows.map((r) => r.id);
}

export async function rolePermissions(db: Db, roleId: string): Promise<Set<string>> {
  const rows = await db.query<{ permission: string }>(
    'select permission from role_permissions where role_id = $1',
    [roleId],
  );
  return new Set(rows.map((r) => r.permission));
}

export interface Transition {
  to: string;
  permission: string;
}

export function transitionsFrom(db: Db, status: string): Promise<Transition[]> {
  return db.query<Transition>(
    'select to_status as "to", permission from subject_transitions where from_status = $1 order by to_status',
    [status],
  );
}

/** The stored fields of a subject that the casebook changes (null versions: the study's current ones). */
export interface SubjectFields {
  id: string;
  siteId: string;
  subjid: string;
  initials: string;
  sex: string;
  birthdate: string | null;
  age: number | null;
  status: string;
  enrolldate: string | null;
  protover: string | null;
  crfver: string | null;
  updatedat: string;
}

/** The subject in the study and at one of the sites (not abandoned), locked for the caller's transaction. */
export function lockSubjectFields(
  db: Db,
  studyId: string,
  siteIds: readonly string[],
  subjectId: string,
): Promise<SubjectFields | null> {
  return queryOne<SubjectFields>(
    db,
    `select id, site_id as "siteId", subjid, initials, sex, to_char(birthdate, 'YYYY-MM-DD') as birthdate, age,
            status, to_char(enrolldate, 'YYYY-MM-DD') as enrolldate, protover, crfver,
            to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updatedat
     from subjects where id = $1 and study_id = $2 and site_id = any($3::text[]) and abandoned_at is null
     for update`,
    [subjectId, studyId, [...siteIds]],
  );
}

export interface NewSubject {
  id: string;
  studyId: string;
  siteId: string;
  subjid: string;
  initials: string;
  sex: string;
  birthdate: string | null;
  protover: string;
  crfver: string;
  at: Date;
}

export async function insertSubject(db: Db, s: NewSubject): Promise<void> {
  await db.query(
    `insert into subjects (id, study_id, site_id, subjid, initials, sex, birthdate, age, status, visitcount,
                           protover, crfver, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::date,
             case when $7::date is null then null else extract(year from age($8::timestamptz::date, $7::date))::int end,
             '1', 0, $9, $10, $8, $8)`,
    [
      s.id,
      s.studyId,
      s.siteId,
      s.subjid,
      s.initials,
      s.sex,
      s.birthdate,
      s.at.toISOString(),
      s.protover,
      s.crfver,
    ],
  );
}

/** The columns updateSubjectFields may set. */
export const WRITABLE_FIELDS = {
  subjid: 'subjid',
  initials: 'initials',
  sex: 'sex',
  birthdate: 'birthdate',
  age: 'age',
  status: 'status',
  enrolldate: 'enrolldate',
  protover: 'protover',
  crfver: 'crfver',
} as const;
export type WritableField = keyof typeof WRITABLE_FIELDS;

const CASTS: Partial<Record<WritableField, string>> = {
  birthdate: '::date',
  enrolldate: '::date',
  age: '::int',
};

export async function updateSubjectFields(
  db: Db,
  subjectId: string,
  changes: Partial<Record<WritableField, string | number | null>>,
  at: Date,
): Promise<void> {
  const entries = Object.entries(changes) as [WritableField, string | number | null][];
  const sets = entries.map(([field], i) => `${WRITABLE_FIELDS[field]} = $${i + 3}${CASTS[field] ?? ''}`);
  await db.query(`update subjects set ${[...sets, 'updated_at = $2'].join(', ')} where id = $1`, [
    subjectId,
    at.toISOString(),
    ...entries.map(([, v]) => v),
  ]);
}

export function subjectRow(db: Db, subjectId: string): Promise<SubjectRow | null> {
  return queryOne<SubjectRow>(
    db,
    `select ${SUBJECT_ROW_COLUMNS} from subjects s join sites si on si.id = s.site_id where s.id = $1`,
    [subjectId],
  );
}

export interface SubjectAuditEntry {
  studyId: string;
  subjectId: string;
  action: 'create' | 'update' | 'status';
  field: string;
  oldvalue: string | null;
  newvalue: string | null;
  reason: string | null;
  userId: string;
  roleId: string;
  siteId: string;
  at: Date;
}

/** Appends the entries in one statement (in the caller's transaction). */
export async function appendSubjectAudit(db: Db, entries: readonly SubjectAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const col = <K extends keyof SubjectAuditEntry>(k: K) => entries.map((e) => e[k]);
  await db.query(
    `insert into subject_audit (study_id, subject_id, action, field, oldvalue, newvalue, reason, user_id, role_id,
       site_id, at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::text[], $11::timestamptz[])`,
    [
      col('studyId'),
      col('subjectId'),
      col('action'),
      col('field'),
      col('oldvalue'),
      col('newvalue'),
      col('reason'),
      col('userId'),
      col('roleId'),
      col('siteId'),
      entries.map((e) => e.at.toISOString()),
    ],
  );
}

export interface SubjectAuditRowDb {
  id: string;
  action: 'create' | 'update' | 'status';
  field: string;
  oldvalue: string | null;
  newvalue: string | null;
  reason: string | null;
  username: string;
  realname: string;
  rolenameZh: string;
  rolenameEn: string;
  sitecode: string;
  at: Date;
}

/** The subject's audit rows, oldest first; a user, role or site no longer found shows by its id. */
export function subjectAuditRows(db: Db, subjectId: string): Promise<SubjectAuditRowDb[]> {
  return db.query<SubjectAuditRowDb>(
    `select a.id::text as id, a.action, a.field, a.oldvalue, a.newvalue, a.reason,
            coalesce(u.username, a.user_id) as username, coalesce(u.realname, a.user_id) as realname,
            coalesce(r.rolename_zh, a.role_id) as "rolenameZh", coalesce(r.rolename_en, a.role_id) as "rolenameEn",
            coalesce(si.sitecode, a.site_id) as sitecode, a.at
     from subject_audit a left join users u on u.id = a.user_id left join roles r on r.id = a.role_id
       left join sites si on si.id = a.site_id
     where a.subject_id = $1 order by a.id`,
    [subjectId],
  );
}
