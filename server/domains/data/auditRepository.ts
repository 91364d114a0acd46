/**
 * The data audit trail: one row per item entered or changed, written in the transaction of the data write, never
 * updated or deleted (migration 0004's triggers refuse UPDATE, DELETE and TRUNCATE).
 */
import { sendInTransaction, type Db } from '../../core/db/db';

export interface DataAuditEntry {
  recordId: string;
  studyId: string;
  subjectId: string;
  tid: string;
  lineno: number;
  action: 'create' | 'update';
  variable: string;
  oldvalue: string | null;
  newvalue: string | null;
  reasonCode: string | null;
  reasonText: string | null;
  userId: string;
  roleId: string;
  siteId: string;
  at: Date;
}

/** Appends the entries in one statement (in the caller's transaction). */
export async function appendDataAudit(db: Db, entries: readonly DataAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const col = <K extends keyof DataAuditEntry>(k: K) => entries.map((e) => e[k]);
  // in the save's transaction the rows are sent without waiting: they commit with it, or its commit fails
  const send = db.inTransaction
    ? (sql: string, params: unknown[]) => sendInTransaction(db, sql, params)
    : (sql: string, params: unknown[]) => db.query(sql, params);
  await send(
    `insert into data_audit (record_id, study_id, subject_id, tid, lineno, action, variable, oldvalue, newvalue,
       reason_code, reason_text, user_id, role_id, site_id, at)
     select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::timestamptz[])`,
    [
      col('recordId'),
      col('studyId'),
      col('subjectId'),
      col('tid'),
      col('lineno'),
      col('action'),
      col('variable'),
      col('oldvalue'),
      col('newvalue'),
      col('reasonCode'),
      col('reasonText'),
      col('userId'),
      col('roleId'),
      col('siteId'),
      entries.map((e) => e.at.toISOString()),
    ],
  );
}

export interface DataAuditRow {
  id: string;
  action: 'create' | 'update';
  variable: string;
  oldvalue: string | null;
  newvalue: string | null;
  reasonCode: string | null;
  reasonText: string | null;
  username: string;
  realname: string;
  rolenameZh: string;
  rolenameEn: string;
  at: Date;
}

/**
 * A record's audit rows, oldest first, with the user's names and the role's names. Every row, always: a user or role
 * no longer found (the trail has no foreign keys) shows by its id rather than dropping the row.
 */
export function recordAuditRows(db: Db, recordId: string): Promise<DataAuditRow[]> {
  return db.query<DataAuditRow>(
    `select a.id::text as id, a.action, a.variable, a.oldvalue, a.newvalue, a.reason_code as "reasonCode",
            a.reason_text as "reasonText", coalesce(u.username, a.user_id) as username,
            coalesce(u.realname, a.user_id) as realname, coalesce(r.rolename_zh, a.role_id) as "rolenameZh",
            coalesce(r.rolename_en, a.role_id) as "rolenameEn", a.at
     from data_audit a left join users u on u.id = a.user_id left join roles r on r.id = a.role_id
     where a.record_id = $1::bigint order by a.id`,
    [recordId],
  );
}
