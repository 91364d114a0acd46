/**
 * The security log: failed logins, lockouts, unlocks and requests refused by a rate limit. It is not the
 * clinical audit trail (21 CFR 11 covers the record, not every stranger's guess): rows are kept for
 * `securityLogRetentionDays` and then purged, together with expired rate-limit windows and forgotten lockouts.
 */
import type { Db } from '../db/db';

export type SecurityEventKind =
  'login.failed' | 'login.locked' | 'login.refusedLocked' | 'login.unlocked' | 'rateLimited';

export interface SecurityEvent {
  at: Date;
  event: SecurityEventKind;
  account?: string | null;
  userId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export async function recordSecurityEvent(db: Db, e: SecurityEvent): Promise<void> {
  await db.query(
    `insert into security_events (at, event, account, user_id, ip, detail) values ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      e.at.toISOString(),
      e.event,
      e.account?.slice(0, 200) ?? null,
      e.userId ?? null,
      e.ip ?? null,
      JSON.stringify(e.detail ?? {}),
    ],
  );
}

export interface SecurityEventRow {
  at: Date;
  event: SecurityEventKind;
  account: string | null;
  userId: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

export function securityEvents(db: Db, account: string): Promise<SecurityEventRow[]> {
  return db.query<SecurityEventRow>(
    `select at, event, account, user_id as "userId", ip, detail from security_events where account = $1 order by id`,
    [account],
  );
}

export interface PurgeOptions {
  now: Date;
  retentionDays: number;
  /** Lockouts with no attempt for this long and no lock in force are forgotten. */
  lockoutResetMs: number;
}

export interface Purged {
  events: number;
  windows: number;
  lockouts: number;
}

/** Deletes security events past retention, rate-limit windows that ended and lockouts nobody needs any more. */
export async function purgeSecurityState(db: Db, o: PurgeOptions): Promise<Purged> {
  const now = o.now.getTime();
  const at = (ms: number) => new Date(ms).toISOString();
  const events = await db.query('delete from security_events where at < $1 returning 1', [
    at(now - o.retentionDays * 24 * 3600 * 1000),
  ]);
  const windows = await db.query('delete from rate_limit_windows where window_ends <= $1 returning 1', [
    at(now),
  ]);
  const lockouts = await db.query(
    `delete from login_lockouts where last_attempt_at < $1 and (locked_until is null or locked_until <= $2)
     returning 1`,
    [at(now - o.lockoutResetMs), at(now)],
  );
  return { events: events.length, windows: windows.length, lockouts: lockouts.length };
}
