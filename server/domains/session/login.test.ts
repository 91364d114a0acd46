import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEARTBEAT_ALIVE,
  HEARTBEAT_EXPIRED,
  heartBeat,
  login,
  loginFront,
  loginInfo,
  logout,
  validationSignUser as signature,
  siteList,
} from '../../../engine/api/session';
import { hashToken } from '../../core/auth/tokens';
import { auditRows } from '../../core/audit/audit';
import { securityEvents } from '../../core/security/securityLog';
import { MINUTE } from '../../test/clock';
import { startHarness, type Harness } from '../../test/harness';
import { captureLogs } from '../../test/logCapture';
import { TEST_PASSWORD } from '../../test/testDb';

let h: Harness;
const { lines: logLines, logger } = captureLogs();

beforeAll(async () => {
  h = await startHarness({ logger });
});
afterAll(() => h?.close());

async function userId(username: string): Promise<string> {
  const rows = await h.db.query<{ id: string }>('select id from users where username = $1', [username]);
  return rows[0]!.id;
}

describe('login front', () => {
  it('logs in: token (≥128 bit) and userid, also as a readable, Lax cookie on the whole origin', async () => {
    const res = await h.call(loginFront, { username: 'pi.wang', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    if (!res.body.success) return;
    const { token, userid } = res.body.data;
    expect(userid).toBe(await userId('pi.wang'));
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`token=${token}`);
    expect(cookie).toMatch(/Path=\/(;|$)/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('stores only the sha256 of the token, never the token', async () => {
    const res = await h.call(loginFront, { username: 'crc.smith', password: TEST_PASSWORD });
    const token = res.body.success ? res.body.data.token : '';
    const rows = await h.db.query<{ token_hash: string }>(
      'select s.token_hash from sessions s join users u on u.id = s.user_id where u.username = $1',
      ['crc.smith'],
    );
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    const dump = JSON.stringify(await h.db.query('select * from sessions'));
    expect(dump).not.toContain(token);
  });

  it('answers a wrong password and an unknown user with the same message, in the request locale', async () => {
    const wrong = await h.call(loginFront, { username: 'pi.wang', password: 'nope' }, { locale: 'en' });
    const unknown = await h.call(loginFront, { username: 'nobody', password: 'nope' }, { locale: 'en' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ success: false, msg: 'Incorrect user name or password', data: null });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    const zh = await h.call(loginFront, { username: 'nobody', password: 'nope' });
    expect(zh.body.msg).toBe('用户名或密码错误');
  });

  it('records failed attempts in the security log (not the audit trail) and locks after 5 in a row', async () => {
    const id = await userId('sponsor.liu');
    for (let i = 0; i < 4; i++) {
      const res = await h.call(loginFront, { username: 'sponsor.liu', password: 'bad' }, { locale: 'en' });
      expect(res.body.msg).toBe('Incorrect user name or password');
    }
    const fifth = await h.call(loginFront, { username: 'sponsor.liu', password: 'bad' }, { locale: 'en' });
    expect(fifth.body.msg).toBe('Too many failed logins: the account is locked; try again in 1 min');
    const locked = await h.call(
      loginFront,
      { username: 'sponsor.liu', password: TEST_PASSWORD },
      { locale: 'en' },
    );
    expect(locked.body.success).toBe(false);
    expect(locked.body.msg).toMatch(/locked/);
    const events = (await securityEvents(h.db, 'sponsor.liu')).map((e) => e.event);
    expect(events.filter((e) => e === 'login.failed')).toHaveLength(5);
    expect(events.filter((e) => e === 'login.locked')).toHaveLength(1);
    expect(events.filter((e) => e === 'login.refusedLocked')).toHaveLength(1);
    expect(await auditRows(h.db, id, 'login.failed')).toHaveLength(0);
    expect(await auditRows(h.db, id, 'login.locked')).toHaveLength(0);

    h.clock.advance(2 * MINUTE);
    try {
      const again = await h.call(loginFront, { username: 'sponsor.liu', password: TEST_PASSWORD });
      expect(again.body.success).toBe(true);
    } finally {
      h.clock.advance(-2 * MINUTE);
    }
  });

  it('refuses a disabled account at login with a message, and answers 401 to its open session (no 602)', async () => {
    const token = await h.login('coder.zhou');
    await h.db.query('update users set disabled = true where username = $1', ['coder.zhou']);
    try {
      const res = await h.call(
        loginFront,
        { username: 'coder.zhou', password: TEST_PASSWORD },
        { locale: 'en' },
      );
      expect(res.body).toMatchObject({
        success: false,
        msg: 'This account is disabled; please contact your administrator',
      });
      const zh = await h.call(loginFront, { username: 'coder.zhou', password: TEST_PASSWORD });
      expect(zh.body).toMatchObject({ success: false, msg: '账号已停用，请联系管理员' });
      const call = await h.call(siteList, {}, { token });
      expect(call.status).toBe(401);
      expect(call.body).toMatchObject({ success: false, code: 401 });
      expect(call.headers['x-redirect-url']).toBeUndefined();
      const siteList_ = await h.call(siteList, {}, { token, locale: 'en' });
      expect(siteList_.status).toBe(401);
      expect(siteList_.body.msg).toBe('This account is disabled; please contact your administrator');
    } finally {
      await h.db.query('update users set disabled = false where username = $1', ['coder.zhou']);
    }
  });
});

describe('token check on every call', () => {
  it('no token → 401 code 400; unknown token → 401 code 401', async () => {
    const none = await h.call(siteList);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 400 });
    const unknown = await h.call(siteList, {}, { token: 'made-up' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ success: false, code: 401 });
  });

  it('a second login invalidates the first: 504 on the next call, heartbeat code 504 with HTTP 200', async () => {
    const first = await h.login('cra.zhao');
    expect((await h.call(siteList, {}, { token: first })).status).toBe(200);
    const second = await h.login('cra.zhao');
    const beat = await h.call(heartBeat, {}, { token: first });
    expect(beat.status).toBe(200);
    expect(beat.body).toMatchObject({ success: false, code: 504 });
    const call = await h.call(siteList, {}, { token: first });
    expect(call.status).toBe(401);
    expect(call.body.code).toBe(504);
    expect((await h.call(siteList, {}, { token: second })).status).toBe(200);
    const ended = await h.db.query<{ end_reason: string }>(
      'select end_reason from sessions where token_hash = $1',
      [hashToken(first)],
    );
    expect(ended[0]?.end_reason).toBe('replaced');
  });

  it('two logins of the same user at once leave exactly one open session', async () => {
    // the login front twice at once (h.login would also open the study, which the replaced one cannot)
    const front = () => h.call(loginFront, { username: 'crc.smith', password: TEST_PASSWORD });
    const both = await Promise.all([front(), front()]);
    expect(both.map((r) => r.body.success)).toEqual([true, true]);
    const open = await h.db.query<{ n: number }>(
      `select count(*)::int as n from sessions where user_id = 'user-crc.smith' and ended_at is null`,
    );
    expect(open[0]?.n).toBe(1);
  });

  it('idle for more than 30 minutes → 405 on the next call; the session is marked expired', async () => {
    const token = await h.login('crc.li');
    h.clock.advance(29 * MINUTE);
    expect((await h.call(siteList, {}, { token })).status).toBe(200);
    h.clock.advance(30 * MINUTE); // 30 min since the last call, not since login: still alive
    expect((await h.call(siteList, {}, { token })).status).toBe(200);
    h.clock.advance(30 * MINUTE + 1);
    const res = await h.call(siteList, {}, { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 405 });
    const beat = await h.call(heartBeat, {}, { token });
    expect(beat.status).toBe(200);
    expect(beat.body).toMatchObject({ success: true, data: HEARTBEAT_EXPIRED });
    const rows = await h.db.query<{ end_reason: string }>(
      'select end_reason from sessions where token_hash = $1',
      [hashToken(token)],
    );
    expect(rows[0]?.end_reason).toBe('expired');
  });

  it('the heartbeat does not count as activity, and answers −2 once the session idled out', async () => {
    const token = await h.login('crc.li');
    for (let i = 0; i < 18; i++) {
      h.clock.advance(100_000); // 18 × 100 s = 30 min of heartbeats only
      expect((await h.call(heartBeat, {}, { token })).body.data).toBe(HEARTBEAT_ALIVE);
    }
    h.clock.advance(1_000);
    expect((await h.call(heartBeat, {}, { token })).body).toMatchObject({
      success: true,
      data: HEARTBEAT_EXPIRED,
    });
    expect((await h.call(siteList, {}, { token })).body.code).toBe(405);
  });

  it('heartbeat with an unknown token → −2; without a token → 401 code 400', async () => {
    expect((await h.call(heartBeat, {}, { token: 'made-up' })).body.data).toBe(HEARTBEAT_EXPIRED);
    const none = await h.call(heartBeat);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(400);
  });

  it('a refused token that came from the cookie is cleared from it', async () => {
    const res = await h.call(siteList, {}, { token: 'stale', headers: { cookie: 'token=stale' } });
    expect(res.status).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/^token=;.*Max-Age=0/);
  });

  it('a heartbeat that ends the session clears the token cookie; an alive one leaves it', async () => {
    const first = await h.login('pi.wang');
    const alive = await h.call(heartBeat, {}, { token: first, headers: { cookie: `token=${first}` } });
    expect(alive.headers['set-cookie']).toBeUndefined();
    await h.login('pi.wang');
    const replaced = await h.call(heartBeat, {}, { token: first, headers: { cookie: `token=${first}` } });
    expect(replaced.body).toMatchObject({ success: false, code: 504 });
    expect(String(replaced.headers['set-cookie'])).toMatch(/^token=;.*Max-Age=0/);
    // another tab's newer token in the cookie is not touched
    const other = await h.call(heartBeat, {}, { token: first, headers: { cookie: 'token=newer' } });
    expect(other.headers['set-cookie']).toBeUndefined();
  });

  it('optional endpoints answer a refused token anonymously instead of logging out', async () => {
    const res = await h.call(loginInfo, {}, { token: 'stale' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });
});

describe('login.do and logout.do', () => {
  it("login.do opens the user's study and lists the studies with an active role", async () => {
    const front = await h.call(loginFront, { username: 'dm.chen', password: TEST_PASSWORD });
    const token = front.body.success ? front.body.data.token : '';
    const res = await h.call(login, {}, { token });
    expect(res.body.success).toBe(true);
    if (!res.body.success) return;
    expect(res.body.data).toMatchObject({ username: 'dm.chen', studyid: 'study-demo-001' });
    expect(res.body.data.studies.map((s) => s.studycode)).toEqual(['DEMO-001']);
    const other = await h.call(login, { studyid: 'no-such-study' }, { token });
    expect(other.body.success).toBe(false);
  });

  it('logout ends the session (later calls 401) and clears the cookie', async () => {
    const token = await h.login('pi.wang');
    const res = await h.call(logout, {}, { token });
    expect(res.body).toEqual({ success: true, msg: '', data: null });
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const after = await h.call(siteList, {}, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });
});

describe('electronic signature', () => {
  it("re-authenticates the session's own user and audits who, when (UTC) and what it means", async () => {
    const token = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const meaning = 'I approve this data as PI';
    const res = await h.call(signature, { username: 'pi.wang', password: TEST_PASSWORD, meaning }, { token });
    expect(res.body).toEqual({
      success: true,
      msg: '',
      data: { signed: true, signer: '王伟', signtime: h.clock.now().toISOString(), meaning },
    });
    const rows = await auditRows(h.db, await userId('pi.wang'), 'signature');
    expect(rows.at(-1)?.detail).toMatchObject({
      meaning,
      signer: '王伟',
      roleid: 'role-pi',
      siteid: 'site-bj01',
    });
    expect(new Date(rows.at(-1)!.at).toISOString()).toBe(h.clock.now().toISOString());
  });

  it('refuses a wrong password or another user name, and audits the failure', async () => {
    const token = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const wrong = await h.call(
      signature,
      { username: 'pi.wang', password: 'nope', meaning: 'approve' },
      { token, locale: 'en' },
    );
    expect(wrong.body).toMatchObject({ success: false, msg: 'Incorrect password: not signed' });
    const other = await h.call(
      signature,
      { username: 'crc.li', password: TEST_PASSWORD, meaning: 'approve' },
      { token },
    );
    expect(other.body.success).toBe(false);
    const failed = await auditRows(h.db, await userId('pi.wang'), 'signature.failed');
    expect(failed.map((r) => r.detail.reason)).toEqual(
      expect.arrayContaining(['wrong password', 'other user name']),
    );
  });

  it('needs the user name at the first signing of a session, and only the password afterwards', async () => {
    const token = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const first = await h.call(
      signature,
      { password: TEST_PASSWORD, meaning: 'approve' },
      { token, locale: 'en' },
    );
    expect(first.body).toMatchObject({
      success: false,
      msg: expect.stringMatching(/user name and password/),
    });
    const withName = { username: 'pi.wang', password: TEST_PASSWORD, meaning: 'approve' };
    expect((await h.call(signature, withName, { token })).body.success).toBe(true);
    const later = await h.call(signature, { password: TEST_PASSWORD, meaning: 'approve' }, { token });
    expect(later.body.success).toBe(true);
    // a new session starts over
    const next = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const again = await h.call(signature, { password: TEST_PASSWORD, meaning: 'approve' }, { token: next });
    expect(again.body.success).toBe(false);
  });

  it('three failed signings in a row end the session (401) and are audited; a success in between resets', async () => {
    const token = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const bad = { username: 'pi.wang', password: 'nope', meaning: 'approve' };
    const good = { username: 'pi.wang', password: TEST_PASSWORD, meaning: 'approve' };
    expect((await h.call(signature, bad, { token })).status).toBe(200);
    expect((await h.call(signature, bad, { token })).status).toBe(200);
    expect((await h.call(signature, good, { token })).body.success).toBe(true);
    expect((await h.call(signature, bad, { token })).status).toBe(200);
    expect((await h.call(signature, bad, { token })).status).toBe(200);
    const third = await h.call(signature, bad, { token });
    expect(third.status).toBe(401);
    expect(third.body).toMatchObject({ success: false, code: 401 });
    expect((await h.call(siteList, {}, { token })).status).toBe(401);
    const locked = await auditRows(h.db, await userId('pi.wang'), 'signature.locked');
    expect(locked).toHaveLength(1);
    const ended = await h.db.query<{ end_reason: string }>(
      'select end_reason from sessions where token_hash = $1',
      [hashToken(token)],
    );
    expect(ended[0]?.end_reason).toBe('signatureLock');
  });

  it('needs a role: without one → 601', async () => {
    const token = await h.login('pi.wang');
    const res = await h.call(signature, { password: TEST_PASSWORD, meaning: 'approve' }, { token });
    expect(res.status).toBe(601);
  });
});

describe('request log', () => {
  it('is JSON lines without passwords or tokens', async () => {
    const front = await h.call(loginFront, { username: 'crc.li', password: TEST_PASSWORD });
    const token = front.body.success ? front.body.data.token : 'none';
    await h.call(siteList, {}, { token, headers: { cookie: `token=${token}` } });
    await h.app.inject({ method: 'GET', url: `/edcweb/entrance?token=${token}` });
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const all = logLines.join('');
    expect(all).not.toContain(token);
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).toContain('[redacted]');
  });
});
