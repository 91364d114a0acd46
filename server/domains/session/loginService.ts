/**
 * The login front's password check: the same answer for an unknown user and a wrong password, and the same work
 * (a password hash of the same cost is verified for an unknown user); attempts claimed per account name before any
 * password is verified, so the lockout holds under any concurrency (core/auth/lockouts.ts); failures, locks and
 * refusals written to the security log, not to the clinical audit trail.
 */
import type { ServerConfig } from '../../core/config';
import { queryOne, type Db } from '../../core/db/db';
import { DEFAULT_SCRYPT_COST, dummyHash, hashCost, verifyPassword } from '../../core/auth/passwords';
import { accountKey, claimLoginAttempt, clearLockout } from '../../core/auth/lockouts';
import { findUserByUsername, type UserRow } from '../../core/auth/users';
import { recordSecurityEvent } from '../../core/security/securityLog';

export type LoginCheck =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'badLogin' | 'accountDisabled' }
  | { ok: false; reason: 'lockedOut'; minutes: number };

const dummyHashes = new WeakMap<Db, Promise<string>>();

/**
 * A hash nobody's password matches, with the cost of the stored hashes (the highest among the newest users), so that
 * verifying it takes as long as verifying a real one.
 */
export function dummyHashFor(db: Db): Promise<string> {
  let hash = dummyHashes.get(db);
  if (!hash) {
    hash = (async () => {
      const row = await queryOne<{ hashes: string[] | null }>(
        db,
        `select array_agg(password_hash) as hashes
         from (select password_hash from users order by created_at desc limit 20) newest`,
      );
      const costs = (row?.hashes ?? []).map(hashCost).filter((c) => c !== null);
      const cost = costs.reduce(
        (a, b) => (b.N * b.r * b.p > a.N * a.r * a.p ? b : a),
        costs[0] ?? DEFAULT_SCRYPT_COST,
      );
      return dummyHash(cost);
    })();
    dummyHashes.set(db, hash);
    hash.catch(() => dummyHashes.delete(db));
  }
  return hash;
}

function minutesUntil(until: Date | null, now: Date, fallbackMs: number): number {
  const ms = until ? until.getTime() - now.getTime() : fallbackMs;
  return Math.max(1, Math.ceil(ms / 60_000));
}

export async function checkLogin(
  db: Db,
  config: ServerConfig,
  username: string,
  password: string,
  ip: string,
): Promise<LoginCheck> {
  const now = config.now();
  const account = accountKey(username);
  const claim = await claimLoginAttempt(db, account, now, {
    maxFailures: config.maxFailedLogins,
    baseMs: config.lockoutBaseMs,
    maxMs: config.lockoutMaxMs,
    resetAfterMs: config.lockoutResetMs,
  });
  if (!claim.judged) {
    // locked: no password is verified (the same for known and unknown names, which lock alike)
    await recordSecurityEvent(db, { at: now, event: 'login.refusedLocked', account, ip });
    return {
      ok: false,
      reason: 'lockedOut',
      minutes: minutesUntil(claim.lockedUntil, now, config.lockoutBaseMs),
    };
  }
  const user = await findUserByUsername(db, username);
  // an unknown user costs a verification of the same price as a known one: timing does not tell which names exist
  const verified = await verifyPassword(password, user ? user.passwordHash : await dummyHashFor(db));
  if (!user || !verified) {
    const detail = { reason: user ? 'wrong password' : 'unknown user' };
    await recordSecurityEvent(db, {
      at: now,
      event: 'login.failed',
      account,
      userId: user?.id ?? null,
      ip,
      detail,
    });
    if (!claim.lastOfRound) return { ok: false, reason: 'badLogin' };
    await recordSecurityEvent(db, {
      at: now,
      event: 'login.locked',
      account,
      userId: user?.id ?? null,
      ip,
      detail: { until: claim.lockedUntil?.toISOString() ?? null },
    });
    return {
      ok: false,
      reason: 'lockedOut',
      minutes: minutesUntil(claim.lockedUntil, now, config.lockoutBaseMs),
    };
  }
  // the password was right: the count, a lock this attempt set and the doubling are forgotten
  await clearLockout(db, account);
  if (user.disabled) {
    await recordSecurityEvent(db, {
      at: now,
      event: 'login.failed',
      account,
      userId: user.id,
      ip,
      detail: { reason: 'disabled' },
    });
    return { ok: false, reason: 'accountDisabled' };
  }
  return { ok: true, user };
}
