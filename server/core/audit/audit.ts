/**
 * The audit trail (21 CFR Part 11 §11.10(e)): append-only; the database refuses UPDATE, DELETE and TRUNCATE.
 */
import type { Db } from '../db/db';

export type AuditAction =
  | 'login'
  | 'login.failed'
  | 'login.locked'
  | 'logout'
  | 'role.select'
  | 'role.switch'
  | 'signature'
  | 'signature.failed'
  | 'signature.locked'
  | 'study.import'
  | 'study.publish'
  | 'study.discard';

export interface AuditEntry {
  at: Date;
  userId: string | null;
  action: AuditAction;
  detail: Record<string, unknown>;
}

export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.query('insert into audit_log (at, user_id, action, detail) values ($1, $2, $3, $4::jsonb)', [
    entry.at.toISOString(),
    entry.userId,
    entry.action,
    JSON.stringify(entry.detail),
  ]);
}

export interface AuditRow {
  id: number;
  at: Date;
  userId: string | null;
  action: string;
  detail: Record<string, unknown>;
}

export function auditRows(db: Db, userId: string, action?: AuditAction): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select id::int as id, at, user_id as "userId", action, detail from audit_log
     where user_id = $1 and ($2::text is null or action = $2) order by id`,
    [userId, action ?? null],
  );
}
