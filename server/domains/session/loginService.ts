/**
 * The login front's password check: the same answer for an unknown user and a wrong password, failed attempts
 * counted, an account locked after too many in a row.
 */
import type { ServerConfig } from '../../core/config';
import type { Db } from '../../core/db/db';
import { dummyHash, verifyPassword } from '../../core/auth/passwords';
import { appendAudit } from '../../core/audit/audit';
import {
  clearFailedLogins,
  findUserByUsername,
  recordFailedLogin,
  type UserRow,
} from '../../core/auth/users';

export type LoginCheck =
  { ok: true; user: UserRow } | { ok: false; reason: 'badLogin' | 'lockedOut' | 'accountDisabled' };

const DUMMY_HASH = dummyHash();

export async function checkLogin(
  db: Db,
  config: ServerConfig,
  username: string,
  password: string,
  ip: string,
): Promise<LoginCheck> {
  const now = config.now();
  const user = await findUserByUsername(db, username);
  if (!user) {
    // as slow as a real check, so that timing does not tell which user names exist
    await verifyPassword(password, DUMMY_HASH);
    await appendAudit(db, {
      at: now,
      userId: null,
      action: 'login.failed',
      detail: { username: username.slice(0, 100), ip, reason: 'unknown user' },
    });
    return { ok: false, reason: 'badLogin' };
  }
  if (user.lockedUntil && new Date(user.lockedUntil).getTime() > now.getTime()) {
    await appendAudit(db, {
      at: now,
      userId: user.id,
      action: 'login.failed',
      detail: { ip, reason: 'locked' },
    });
    return { ok: false, reason: 'lockedOut' };
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const locked = await recordFailedLogin(
      db,
      user.id,
      config.maxFailedLogins,
      new Date(now.getTime() + config.lockoutMs),
    );
    await appendAudit(db, {
      at: now,
      userId: user.id,
      action: locked ? 'login.locked' : 'login.failed',
      detail: { ip, reason: 'wrong password' },
    });
    return { ok: false, reason: locked ? 'lockedOut' : 'badLogin' };
  }
  if (user.disabled) {
    await appendAudit(db, {
      at: now,
      userId: user.id,
      action: 'login.failed',
      detail: { ip, reason: 'disabled' },
    });
    return { ok: false, reason: 'accountDisabled' };
  }
  if (user.failedLogins > 0 || user.lockedUntil) await clearFailedLogins(db, user.id);
  return { ok: true, user };
}
