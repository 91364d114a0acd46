/**
 * Entered form records: one per form of a visit (lineno 1) or one per row of a log-line form (appended). Every write
 * goes through the save service (saveRecord.ts), in a transaction with its audit rows.
 */
import type { FormValues } from '../../../engine/form/types';
import type { EntryStatus } from '../../../engine/api/visits';
import type { ItemStatus } from '../../../engine/api/data';
import { queryOne, sendInTransaction, type Db } from '../../core/db/db';
import { isLocked, lockOnce } from '../../core/db/rowLocks';
import { pageMarkSql } from './pageMarks';
import { dataAuditCte, dataAuditParams, type AuditedItem } from './auditRepository';

export interface VisitKeysRow {
  visitnum: string;
  cycnum: number;
  svnum: number;
}

export interface RecordRow extends VisitKeysRow {
  id: string;
  studyId: string;
  subjectId: string;
  siteId: string;
  tid: string;
  lineno: number;
  schemaVersion: number;
  status: Exclude<EntryStatus, '0'>;
  values: FormValues;
  itemStatus: Record<string, ItemStatus>;
  rowversion: number;
  updatedAt: Date;
  updatedBy: string;
  /** The user name of updated_by. */
  updatedByName: string;
}

const RECORD_COLUMNS = `r.id::text as "id", r.study_id as "studyId", r.subject_id as "subjectId",
  r.site_id as "siteId", r.visitnum, r.cycnum, r.svnum, r.tid, r.lineno, r.schema_version as "schemaVersion",
  r.status, r.form_values as "values", r.item_status as "itemStatus", r.rowversion, r.updated_at as "updatedAt",
  r.updated_by as "updatedBy", u.username as "updatedByName"`;

const FROM = 'form_records r join users u on u.id = r.updated_by';

/** A record id is the decimal text of its identity; anything else names no record. */
export function parseRecordId(id: string): string | null {
  return /^[1-9]\d{0,17}$/.test(id) ? id : null;
}

export function findRecordById(
  db: Db,
  studyId: string,
  id: string,
  forUpdate = false,
): Promise<RecordRow | null> {
  const recordId = parseRecordId(id);
  if (recordId === null) return Promise.resolve(null);
  return queryOne<RecordRow>(
    db,
    `select ${RECORD_COLUMNS} from ${FROM} where r.id = $1::bigint and r.study_id = $2${forUpdate ? ' for update of r' : ''}`,
    [recordId, studyId],
  );
}

export interface FormRef extends VisitKeysRow {
  subjectId: string;
  tid: string;
}

/**
 * A record to change (updatedata.do), locked, with the mark on its page or visit (pageMarks.ts) in the same
 * statement; null when there is no such record. Call with its subject locked (lockSubject), as marks are set under it.
 */
export function findRecordToChange(
  db: Db,
  studyId: string,
  id: string,
  carried = '',
): Promise<(RecordRow & { mark: string | null } & Record<string, unknown>) | null> {
  const recordId = parseRecordId(id);
  if (recordId === null) return Promise.resolve(null);
  return queryOne<RecordRow & { mark: string | null } & Record<string, unknown>>(
    db,
    recordToChangeSql(carried),
    [recordId, studyId],
  );
}

/**
 * How findRecordToChange's statement names the record's page, for the columns it carries (the beforeSave guards'
 * reads: recordHooks.ts guardColumns): a constant, so that the columns are built once.
 */
export const RECORD_TO_CHANGE_ON = {
  subject: 'r.subject_id',
  visitnum: 'r.visitnum',
  cycnum: 'r.cycnum',
  svnum: 'r.svnum',
  tid: 'r.tid',
  record: 'r.id',
} as const;

/** findRecordToChange's statement per set of carried columns (one set per process): built once each. */
const RECORD_TO_CHANGE_SQL = new Map<string, string>();

function recordToChangeSql(carried: string): string {
  let sql = RECORD_TO_CHANGE_SQL.get(carried);
  if (sql === undefined) {
    const mark = pageMarkSql(RECORD_TO_CHANGE_ON);
    sql = `select ${RECORD_COLUMNS}, (${mark}) as mark${carried ? `,\n${carried}` : ''} from ${FROM}
     where r.id = $1::bigint and r.study_id = $2 for update of r`;
    RECORD_TO_CHANGE_SQL.set(carried, sql);
  }
  return sql;
}

/** The record of a form (lineno 1 for a plain form), or null. */
export function findRecord(db: Db, ref: FormRef, lineno: number): Promise<RecordRow | null> {
  return queryOne<RecordRow>(
    db,
    `select ${RECORD_COLUMNS} from ${FROM}
     where r.subject_id = $1 and r.visitnum = $2 and r.cycnum = $3 and r.svnum = $4 and r.tid = $5 and r.lineno = $6`,
    [ref.subjectId, ref.visitnum, ref.cycnum, ref.svnum, ref.tid, lineno],
  );
}

/** One page of a log-line form's rows, in line order, and their number. */
export async function recordLines(
  db: Db,
  ref: FormRef,
  page: { limit: number; offset: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  const keys = [ref.subjectId, ref.visitnum, ref.cycnum, ref.svnum, ref.tid];
  const where = 'r.subject_id = $1 and r.visitnum = $2 and r.cycnum = $3 and r.svnum = $4 and r.tid = $5';
  const count = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from form_records r where ${where}`,
    keys,
  );
  const rows = await db.query<RecordRow>(
    `select ${RECORD_COLUMNS} from ${FROM} where ${where} order by r.lineno limit $6 offset $7`,
    [...keys, page.limit, page.offset],
  );
  return { rows, total: count?.n ?? 0 };
}

/** Per visit and form of a subject: how many records, and how many of them complete. */
export interface FormEntryCount extends VisitKeysRow {
  tid: string;
  lines: number;
  complete: number;
}

export function subjectEntryCounts(
  db: Db,
  subjectId: string,
  visit?: VisitKeysRow,
): Promise<FormEntryCount[]> {
  const params: unknown[] = [subjectId];
  let where = 'subject_id = $1';
  if (visit) {
    params.push(visit.visitnum, visit.cycnum, visit.svnum);
    where += ' and visitnum = $2 and cycnum = $3 and svnum = $4';
  }
  return db.query<FormEntryCount>(
    `select visitnum, cycnum, svnum, tid, count(*)::int as lines,
            count(*) filter (where status = '2')::int as complete
     from form_records where ${where} group by visitnum, cycnum, svnum, tid`,
    params,
  );
}

/** The entry status of one form from its counts: none → 0, all complete → 2, else 1. */
export function formEntryStatus(count: { lines: number; complete: number } | undefined): EntryStatus {
  if (!count || count.lines === 0) return '0';
  return count.complete === count.lines ? '2' : '1';
}

export interface NewRecord extends FormRef {
  studyId: string;
  siteId: string;
  lineno: number;
  schemaVersion: number;
  status: '1' | '2';
  values: FormValues;
  itemStatus: Record<string, ItemStatus>;
  userId: string;
  /** The saving role (the audit rows'). */
  roleId: string;
  at: Date;
  /** The items entered: one `create` audit row each, written by the record's own statement. */
  audit: readonly AuditedItem[];
}

/** The record's columns dataAuditCte takes its where from. */
const WRITTEN = 'id, study_id, subject_id, site_id, tid, lineno';

const INSERT_RECORD_SQL = `with r as (
       insert into form_records (study_id, subject_id, site_id, visitnum, cycnum, svnum, tid, lineno, schema_version,
         status, form_values, item_status, rowversion, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, 1, $13, $14, $13, $14)
       returning ${WRITTEN}),
     ${dataAuditCte('r', 15)}
     select id::text as id from r`;

/** Inserts a record with its `create` audit rows, in one statement; its id. */
export async function insertRecord(db: Db, r: NewRecord): Promise<string> {
  const row = await queryOne<{ id: string }>(db, INSERT_RECORD_SQL, [
    r.studyId,
    r.subjectId,
    r.siteId,
    r.visitnum,
    r.cycnum,
    r.svnum,
    r.tid,
    r.lineno,
    r.schemaVersion,
    r.status,
    JSON.stringify(r.values),
    JSON.stringify(r.itemStatus),
    r.at.toISOString(),
    r.userId,
    ...dataAuditParams('create', r.audit, r),
  ]);
  if (!row) throw new Error('insert into form_records returned no id');
  return row.id;
}

/** What a first entry (savedata.do) reads of its page once the subject is locked, in one statement. */
export interface EntryPlace {
  /** The mark on the page or its visit (pageMarks.ts), or null. */
  mark: string | null;
  /** The form's latest version (the one a first entry goes against), or null (no such form). */
  latestVersion: number | null;
  /** The line the new record takes: the next of a log-line form, 1 for a plain form. */
  lineno: number;
  /** A plain form's record already entered (line 1), or null; always null for a log-line form. */
  existing: RecordRow | null;
  /** The statement's row as read, with the columns the caller asked it to carry (`carried`). */
  row: Readonly<Record<string, unknown>>;
}

/**
 * How newEntryPlace's statement names the page ($1–$5; no record yet), for the columns it carries (the beforeSave
 * guards' reads: recordHooks.ts guardColumns): a constant, so that the columns are built once.
 */
export const ENTRY_PLACE_ON = {
  subject: '$1',
  visitnum: '$2',
  cycnum: '$3',
  svnum: '$4',
  tid: '$5',
  record: 'null::bigint',
} as const;

/** newEntryPlace's statement for a log-line form (true) or a plain form (false), with the columns carried. */
function newEntryPlaceSql(logline: boolean, carried: string): string {
  const where = 'subject_id = $1 and visitnum = $2 and cycnum = $3 and svnum = $4 and tid = $5';
  const line = logline
    ? `left join lateral (select coalesce(max(lineno), 0)::int + 1 as "nextLineno" from form_records where ${where}) l on true`
    : `left join lateral (select ${RECORD_COLUMNS} from ${FROM}
         where r.subject_id = $1 and r.visitnum = $2 and r.cycnum = $3 and r.svnum = $4 and r.tid = $5 and r.lineno = 1) l on true`;
  return `select m.mark, v.version as "latestVersion", l.*${carried ? `,\n${carried}` : ''} from (select 1) one
     left join lateral (${pageMarkSql({ subject: '$1', visitnum: '$2', cycnum: '$3', svnum: '$4', tid: '$5' })}) m on true
     left join lateral (select max(version) as version from form_schemas where study_id = $6 and tid = $5) v on true
     ${line}`;
}

/**
 * Built once per form kind and carried columns (not on every save: a text the statement names would otherwise hash
 * afresh every time, postgres.ts).
 */
const NEW_ENTRY_PLACE_SQL = new Map<string, string>();

function entryPlaceSql(logline: boolean, carried: string): string {
  const key = `${logline}|${carried}`;
  let sql = NEW_ENTRY_PLACE_SQL.get(key);
  if (sql === undefined) {
    sql = newEntryPlaceSql(logline, carried);
    NEW_ENTRY_PLACE_SQL.set(key, sql);
  }
  return sql;
}

/**
 * The page mark, the form's latest version and the next line number (a log-line form) or the record at line 1 (a
 * plain form), in one statement: call with the subject locked (lockSubject), as marks, first entries and line numbers
 * are all written under that lock.
 */
export async function newEntryPlace(
  db: Db,
  studyId: string,
  ref: FormRef,
  logline: boolean,
  carried = '',
): Promise<EntryPlace> {
  const row = await queryOne<
    { mark: string | null; latestVersion: number | null; nextLineno?: number } & Partial<RecordRow>
  >(db, entryPlaceSql(logline, carried), [
    ref.subjectId,
    ref.visitnum,
    ref.cycnum,
    ref.svnum,
    ref.tid,
    studyId,
  ]);
  if (!row) throw new Error('newEntryPlace: no row');
  const { mark, latestVersion, nextLineno, ...record } = row;
  return {
    mark: mark ?? null,
    latestVersion: latestVersion ?? null,
    lineno: logline ? (nextLineno ?? 1) : 1,
    existing: !logline && record.id != null ? (record as RecordRow) : null,
    row,
  };
}

/**
 * Serialises writes to one subject's records (line numbers, first entries, marks, freezes) across connections. Locks
 * once per transaction (rowLocks.ts): the save's route, its record writer and a guard reading for itself each ask,
 * one statement is sent.
 */
export async function lockSubject(db: Db, subjectId: string): Promise<void> {
  const sql = 'select id from subjects where id = $1 for update';
  // in a transaction the lock is sent without waiting: PostgreSQL runs the next statement only once it holds it
  await lockOnce(db, `subjects:${subjectId}`, async () => {
    if (db.inTransaction) sendInTransaction(db, sql, [subjectId]);
    else await db.query(sql, [subjectId]);
  });
}

/** Whether the transaction holds the subject's lock (lockSubject). */
export function subjectLocked(tx: Db, subjectId: string): boolean {
  return isLocked(tx, `subjects:${subjectId}`);
}

const UPDATE_RECORD_SQL = `with r as (
       update form_records set form_values = $3::jsonb, item_status = $4::jsonb, status = $5, schema_version = $6,
         rowversion = rowversion + 1, updated_at = $7, updated_by = $8
       where id = $1::bigint and rowversion = $2
       returning ${WRITTEN}),
     ${dataAuditCte('r', 9)}
     select id from r`;

/**
 * Updates a record when its rowversion is still `rowversion`, with its `update` audit rows, in one statement; whether
 * it did (a stale rowversion writes neither the record nor its trail).
 */
export async function updateRecord(
  db: Db,
  u: {
    id: string;
    rowversion: number;
    schemaVersion: number;
    status: '1' | '2';
    values: FormValues;
    itemStatus: Record<string, ItemStatus>;
    userId: string;
    /** The saving role (the audit rows'). */
    roleId: string;
    at: Date;
    /** The items changed: one `update` audit row each (old → new, the reason). */
    audit: readonly AuditedItem[];
  },
): Promise<boolean> {
  const rows = await db.query(UPDATE_RECORD_SQL, [
    u.id,
    u.rowversion,
    JSON.stringify(u.values),
    JSON.stringify(u.itemStatus),
    u.status,
    u.schemaVersion,
    u.at.toISOString(),
    u.userId,
    ...dataAuditParams('update', u.audit, u),
  ]);
  return rows.length === 1;
}

/** Distinct earlier text values of a variable of a form, at the given sites, starting with `prefix` (any case). */
export function earlierValues(
  db: Db,
  q: {
    studyId: string;
    siteIds: readonly string[];
    tid: string;
    variable: string;
    prefix: string;
    limit: number;
  },
): Promise<{ value: string }[]> {
  const escaped = q.prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  // one site (the session's) as a plain equality: the (study, form, site) index then reads that site's records only
  // (migration 0027)
  const oneSite = q.siteIds.length === 1;
  return db.query<{ value: string }>(
    `select distinct form_values ->> $4 as value from form_records
     where study_id = $1 and ${oneSite ? 'site_id = $2::text' : 'site_id = any($2::text[])'} and tid = $3
       and jsonb_typeof(form_values -> $4) = 'string' and form_values ->> $4 <> ''
       and form_values ->> $4 ilike $5 || '%'
     order by value limit $6`,
    [q.studyId, oneSite ? q.siteIds[0] : [...q.siteIds], q.tid, q.variable, escaped, q.limit],
  );
}
