/**
 * The data audit trail: one row per item entered or changed, written in the statement of the data write (its
 * transaction), never updated or deleted (migration 0004's triggers refuse UPDATE, DELETE and TRUNCATE).
 */
import type { Db } from '../../core/db/db';

/** What a save audits of one item; who, where and when come from the record written in the same statement. */
export interface AuditedItem {
  variable: string;
  oldvalue: string | null;
  newvalue: string | null;
  reasonCode: string | null;
  reasonText: string | null;
}

/** Who wrote a save's audit rows, and when (the save's time). */
export interface AuditAuthor {
  userId: string;
  roleId: string;
  at: Date;
}

/**
 * A data-modifying CTE (`a`) that appends a save's audit rows in the statement that writes its record: one statement
 * for the record and its trail, not two. `written` names the CTE of the written record (columns id, study_id,
 * subject_id, site_id, tid, lineno: the trail's where is the record's as written); `$first`… are dataAuditParams.
 * No row is appended when the record's write wrote nothing (an update whose rowversion was stale): the trail never
 * names a change that was not made. The rows are appended in the order of the items (the trail reads by id).
 */
export function dataAuditCte(written: string, first: number): string {
  const p = (k: number) => `$${first + k}`;
  return `a as (
       insert into data_audit (record_id, study_id, subject_id, tid, lineno, action, variable, oldvalue, newvalue,
         reason_code, reason_text, user_id, role_id, site_id, at)
       select w.id, w.study_id, w.subject_id, w.tid, w.lineno, ${p(0)}::text, t.variable, t.oldvalue, t.newvalue,
              t.reason_code, t.reason_text, ${p(6)}::text, ${p(7)}::text, w.site_id, ${p(8)}::timestamptz
       from ${written} w
       cross join unnest(${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::text[])
         as t (variable, oldvalue, newvalue, reason_code, reason_text))`;
}

/** dataAuditCte's parameters, in its order. */
export function dataAuditParams(
  action: 'create' | 'update',
  items: readonly AuditedItem[],
  by: AuditAuthor,
): unknown[] {
  return [
    action,
    items.map((i) => i.variable),
    items.map((i) => i.oldvalue),
    items.map((i) => i.newvalue),
    items.map((i) => i.reasonCode),
    items.map((i) => i.reasonText),
    by.userId,
    by.roleId,
    by.at.toISOString(),
  ];
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
