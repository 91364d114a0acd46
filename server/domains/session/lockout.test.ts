/**
 * Issue 15, findings 1, 3 and 9 (and "more than one server"): the login lockout holds under any concurrency, on one or
 * two server instances on one database; it expires and grows; an administrator unlocks; an unknown user name costs the
 * same password verification as a known one; failures go to the security log, which is purged after its retention.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loginFront } from '../../../engine/api/session';
import { serverPath } from '../../../engine/api/endpoint';
import type * as passwords from '../../core/auth/passwords';
import { hashCost, verifyPassword } from '../../core/auth/passwords';
import { lockoutState, unlockAccount } from '../../core/auth/lockouts';
import { buildApp } from '../../core/app';
import { loggerOptions } from '../../core/logging';
import { purgeSecurityState, recordSecurityEvent, securityEvents } from '../../core/security/securityLog';
import { MINUTE } from '../../test/clock';
import { TEST_HOST, TEST_RATE_LIMITS, startHarness, type Harness } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/testDb';

vi.mock('../../core/auth/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const verify = vi.mocked(verifyPassword);

let h: Harness;
/** A second server instance on the same database (and clock). */
let second: FastifyInstance;

beforeAll(async () => {
  h = await startHarness();
  second = await buildApp({
    db: h.db,
    now: h.clock.now,
    logger: loggerOptions('warn'),
    rateLimits: TEST_RATE_LIMITS,
  });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});
beforeEach(() => {
  verify.mockClear();
});

async function passwordHash(username: string): Promise<string> {
  const rows = await h.db.query<{ password_hash: string }>(
    'select password_hash from users where username = $1',
    [username],
  );
  return rows[0]!.password_hash;
}

/** The login front through one instance: the message, in English. */
async function attempt(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: serverPath(loginFront),
    headers: { host: TEST_HOST, locale: 'en' },
    payload: { username, password },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ success: boolean; msg: string }>();
  return body.success ? 'ok' : body.msg;
}

const BAD = 'Incorrect user name or password';
const LOCKED = /^Too many failed logins: the account is locked; try again in (\d+) min$/;

describe('lockout under concurrency (finding 1)', () => {
  it('200 parallel wrong passwords for one account: at most 5 verified, then the lock holds', async () => {
    const hash = await passwordHash('crc.smith');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => attempt(h.app, 'crc.smith', 'wrong-guess')),
    );
    const judged = verify.mock.calls.filter(([, stored]) => stored === hash).length;
    expect(judged).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a === BAD).length).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => LOCKED.test(a)).length).toBeGreaterThanOrEqual(196);
    // the real password is refused too while the lock holds
    expect(await attempt(h.app, 'crc.smith', TEST_PASSWORD)).toMatch(LOCKED);
    expect(verify.mock.calls.filter(([, stored]) => stored === hash).length).toBe(judged);
  });

  it('two server instances on one database: guesses spread over both are judged at most 5 times', async () => {
    const hash = await passwordHash('cra.zhao');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attempt(i % 2 === 0 ? h.app : second, 'cra.zhao', `guess-${i}`)),
    );
    expect(verify.mock.calls.filter(([, stored]) => stored === hash).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a === BAD).length).toBeLessThanOrEqual(4);
    // the lock one instance set holds on the other
    expect(await attempt(second, 'cra.zhao', TEST_PASSWORD)).toMatch(LOCKED);
    expect(await attempt(h.app, 'cra.zhao', TEST_PASSWORD)).toMatch(LOCKED);
  });
});

describe('a lockout that expires and grows (finding 2)', () => {
  it('5 failures → 1 min; the next 5 → 2 min; a success forgets the doubling', async () => {
    const fail5 = async () => {
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push(await attempt(h.app, 'dm.chen', 'bad'));
      return answers;
    };
    const first = await fail5();
    expect(first.slice(0, 4)).toEqual([BAD, BAD, BAD, BAD]);
    expect(first[4]).toMatch(LOCKED);
    expect(LOCKED.exec(first[4]!)?.[1]).toBe('1');

    h.clock.advance(MINUTE + 1_000);
    const second5 = await fail5();
    expect(second5.slice(0, 4)).toEqual([BAD, BAD, BAD, BAD]);
    expect(LOCKED.exec(second5[4]!)?.[1]).toBe('2');
    h.clock.advance(MINUTE + 1_000);
    expect(await attempt(h.app, 'dm.chen', TEST_PASSWORD)).toMatch(LOCKED);
    h.clock.advance(MINUTE);
    expect(await attempt(h.app, 'dm.chen', TEST_PASSWORD)).toBe('ok');
    expect(await lockoutState(h.db, 'dm.chen')).toBeNull();

    const after = await fail5();
    expect(LOCKED.exec(after[4]!)?.[1]).toBe('1');
    await unlockAccount(h.db, 'dm.chen', h.clock.now(), 'test');
  });

  it('is capped (30 min by default)', async () => {
    for (let round = 0; round < 7; round++) {
      for (let i = 0; i < 4; i++) expect(await attempt(h.app, 'sponsor.liu', 'bad')).toBe(BAD);
      const last = await attempt(h.app, 'sponsor.liu', 'bad');
      expect(Number(LOCKED.exec(last)?.[1])).toBe(Math.min(2 ** round, 30));
      h.clock.advance(31 * MINUTE);
    }
  });

  it('an administrator unlocks the real user; the unlock is in the security log', async () => {
    for (let i = 0; i < 5; i++) await attempt(h.app, 'pi.wang', 'bad');
    expect(await attempt(h.app, 'pi.wang', TEST_PASSWORD)).toMatch(LOCKED);
    expect(await unlockAccount(h.db, 'PI.Wang ', h.clock.now(), 'support.admin')).toBe(true);
    expect(await attempt(h.app, 'pi.wang', TEST_PASSWORD)).toBe('ok');
    const events = await securityEvents(h.db, 'pi.wang');
    expect(events.at(-1)).toMatchObject({ event: 'login.unlocked', detail: { by: 'support.admin' } });
  });

  it('an unknown user name locks exactly like a known one (the lock does not tell which names exist)', async () => {
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await attempt(h.app, 'crc.li', 'bad'));
      unknown.push(await attempt(h.app, 'no.such.user', 'bad'));
    }
    expect(unknown).toEqual(known);
    await unlockAccount(h.db, 'crc.li', h.clock.now(), 'test');
  });
});

describe('usernames do not leak by timing (finding 3)', () => {
  it('an unknown user costs one verification of a hash with the cost of a real one', async () => {
    const real = hashCost(await passwordHash('coder.zhou'));
    expect(await attempt(h.app, 'coder.zhou', 'bad')).toBe(BAD);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockClear();
    expect(await attempt(h.app, 'nobody.here', 'bad')).toBe(BAD);
    expect(verify).toHaveBeenCalledTimes(1);
    const [password, stored] = verify.mock.calls[0]!;
    expect(password).toBe('bad');
    expect(hashCost(stored)).toEqual(real);
    expect(await verify.mock.results[0]!.value).toBe(false);
  });
});

describe('security log (finding 9)', () => {
  it('keeps failures out of the audit trail, and is purged after its retention', async () => {
    await attempt(h.app, 'nobody.at.all', 'bad');
    const audit = await h.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action like 'login.%'`,
    );
    expect(audit[0]?.n).toBe(0);
    const now = h.clock.now();
    const old = new Date(now.getTime() - 181 * 24 * 3600 * 1000);
    await recordSecurityEvent(h.db, { at: old, event: 'login.failed', account: 'old.guess' });
    const purged = await purgeSecurityState(h.db, {
      now,
      retentionDays: 180,
      lockoutResetMs: 24 * 60 * MINUTE,
    });
    expect(purged.events).toBeGreaterThanOrEqual(1);
    expect(await securityEvents(h.db, 'old.guess')).toHaveLength(0);
    expect((await securityEvents(h.db, 'nobody.at.all')).map((e) => e.event)).toEqual(['login.failed']);
  });
});
