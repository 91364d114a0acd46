/**
 * Login sessions. A session is found by the sha256 of its token; the token itself is never stored.
 */
import { queryOne, type Db } from '../db/db';

export type EndReason = 'logout' | 'replaced' | 'expired' | 'signatureLock';

export interface SessionRow {
  id: number;
  userId: string;
  username: string;
  realname: string;
  userDisabled: boolean;
  studyId: string | null;
  roleId: string | null;
  siteId: string | null;
  prevRoleId: string | null;
  prevSiteId: string | null;
  lastSeenAt: Date;
  endedAt: Date | null;
  endReason: EndReason | null;
}

const SESSION_COLUMNS = `
  s.id::int as "id", s.user_id as "userId", u.username, u.realname, u.disabled as "userDisabled",
  s.study_id as "studyId", s.role_id as "roleId", s.site_id as "siteId",
  s.prev_role_id as "prevRoleId", s.prev_site_id as "prevSiteId",
  s.last_seen_at as "lastSeenAt", s.ended_at as "endedAt", s.end_reason as "endReason"`;

export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | null> {
  return queryOne<SessionRow>(
    db,
    `select ${SESSION_COLUMNS} from sessions s join users u on u.id = s.user_id where s.token_hash = $1`,
    [tokenHash],
  );
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  studyId: string | null;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

/** Opens a session and ends every other open session of the user ('replaced'): one login per user. */
export async function openSession(db: Db, s: NewSession): Promise<void> {
  await db.transaction(async (tx) => {
    // serialises two logins of the same user, so that one of them always replaces the other
    await tx.query('select id from users where id = $1 for update', [s.userId]);
    await tx.query(
      `update sessions set ended_at = $2, end_reason = 'replaced' where user_id = $1 and ended_at is null`,
      [s.userId, s.at.toISOString()],
    );
    await tx.query(
      `insert into sessions (token_hash, user_id, study_id, created_at, last_seen_at, ip, user_agent)
       values ($1, $2, $3, $4, $4, $5, $6)`,
      [s.tokenHash, s.userId, s.studyId, s.at.toISOString(), s.ip, s.userAgent?.slice(0, 500) ?? null],
    );
  });
}

export async function touchSession(db: Db, id: number, at: Date): Promise<void> {
  await db.query('update sessions set last_seen_at = $2 where id = $1', [id, at.toISOString()]);
}

export async function endSession(db: Db, id: number, reason: EndReason, at: Date): Promise<void> {
  await db.query('update sessions set ended_at = $2, end_reason = $3 where id = $1 and ended_at is null', [
    id,
    at.toISOString(),
    reason,
  ]);
}

export async function setSessionStudy(db: Db, id: number, studyId: string): Promise<void> {
  await db.query(
    `update sessions set study_id = $2,
       role_id = case when study_id = $2 then role_id end,
       site_id = case when study_id = $2 then site_id end
     where id = $1`,
    [id, studyId],
  );
}

/** Sets the chosen role and site, keeping the previous ones (for the role-switch audit). */
export async function setSessionRole(db: Db, id: number, roleId: string, siteId: string): Promise<void> {
  await db.query(
    `update sessions set prev_role_id = role_id, prev_site_id = site_id, role_id = $2, site_id = $3 where id = $1`,
    [id, roleId, siteId],
  );
}
