import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appVersion,
  changeSiteRole,
  expirationTime,
  findPicParam,
  help,
  login,
  loginFront,
  loginInfo,
  online,
  writeWebLog,
} from '../../../engine/api/session';
import { serverPath } from '../../../engine/api/endpoint';
import { allEndpoints } from '../../../engine/api/allEndpoints';
import { parseEnvelope } from '../../../engine/api/parseResponse';
import { MINUTE } from '../../test/clock';
import { TEST_HOST, startHarness, type Harness } from '../../test/harness';
import { captureLogs } from '../../test/logCapture';

let h: Harness;
const { lines: logLines, logger } = captureLogs();
beforeAll(async () => {
  h = await startHarness({ logger, webLogPerMinute: 5 });
});
afterAll(() => h?.close());

describe('logininfo.do and login.do', () => {
  it('logininfo.do answers the per-host UI config anonymously', async () => {
    const res = await h.call(loginInfo, {}, { locale: 'en' });
    expect(res.body).toEqual({
      success: true,
      msg: '',
      data: { unitLogo: '', eClinical_version: 'V4.1.0', backAddress: `http://${TEST_HOST}` },
    });
  });

  it("login.do answers who, which study, role and site, and the user's settings (spec §3 fields)", async () => {
    const token = await h.loginAs('dm.chen', 'CRA', 'SH01');
    const res = await h.call(login, {}, { token });
    expect(res.body.success && res.body.data).toMatchObject({
      role: 'CRA',
      defultDateFormat: 'yyyy-MM-dd',
      online: { isShow: expect.any(Boolean) },
      backAddress: `http://${TEST_HOST}`,
    });
    expect(res.body.success && res.body.data).toMatchObject({
      userid: 'user-dm.chen',
      username: 'dm.chen',
      studycode: 'DEMO-001',
      rolecode: 'CRA',
      rolename: { zh_CN: '临床监查员', en: 'Clinical research associate' },
      sitecode: 'SH01',
      locale: 'en',
      numfieldUKallowed: true,
      productRelease: 'V4.1.0',
    });
    const coder = await h.login('coder.zhou');
    const short = await h.call(login, {}, { token: coder });
    expect(short.body.success && short.body.data.strLength).toBe(100);
    expect(short.body.success && short.body.data.rolecode).toBe(null);
  });

  it('ignores X-Forwarded-* by default (TRUST_PROXY off): a client could forge them', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
    const res = await h.call(loginInfo, {}, { headers });
    expect(res.body.success && res.body.data.backAddress).toBe(`http://${TEST_HOST}`);
  });

  it("uses a host's own UI config row before the default one", async () => {
    await h.db.query(
      `insert into site_ui_config (host, unit_logo, eclinical_version, back_address) values ('edc.example.org', '/logo.png', 'eClinical X', 'https://login.example.org')`,
    );
    const res = await h.call(loginInfo, {}, { headers: { host: 'edc.example.org' } });
    expect(res.body.success && res.body.data).toEqual({
      unitLogo: '/logo.png',
      eClinical_version: 'eClinical X',
      backAddress: 'https://login.example.org',
    });
  });
});

describe('expirationTime.do', () => {
  it("answers no notice for the session's own study and user", async () => {
    const token = await h.login('pi.wang');
    const res = await h.call(
      expirationTime,
      { studyid: 'study-demo-001', userid: 'user-pi.wang' },
      { token },
    );
    expect(res.body).toEqual({ success: true, msg: '', data: { flag: false, beforenote: '' } });
  });

  it("refuses someone else's user id or another study", async () => {
    const token = await h.login('pi.wang');
    const other = await h.call(
      expirationTime,
      { studyid: 'study-demo-001', userid: 'user-dm.chen' },
      { token },
    );
    expect(other.body.success).toBe(false);
    const study = await h.call(expirationTime, { studyid: 'other', userid: 'user-pi.wang' }, { token });
    expect(study.body.success).toBe(false);
  });

  it('flags a password expiring within 7 days, then one that expired', async () => {
    const token = await h.login('coder.zhou');
    const ids = { studyid: 'study-demo-001', userid: 'user-coder.zhou' };
    const res = await h.call(expirationTime, ids, { token, locale: 'en' });
    expect(res.body).toMatchObject({
      success: true,
      data: { flag: true, beforenote: 'Your password expires in 5 days; please change it' },
    });
    await h.db.query(`update users set password_expires_at = $1 where id = 'user-coder.zhou'`, [
      new Date(h.clock.now().getTime() - MINUTE).toISOString(),
    ]);
    const expired = await h.call(expirationTime, ids, { token, locale: 'en' });
    expect(expired.body.success && expired.body.data.beforenote).toMatch(/has expired/);
  });

  it('flags a notice in force for the study', async () => {
    await h.db.query(
      `insert into notices (study_id, message_zh, message_en, starts_at, ends_at, active) values ('study-demo-001', '今晚维护', 'Maintenance tonight', $1, $2, true)`,
      [
        new Date(h.clock.now().getTime() - MINUTE).toISOString(),
        new Date(h.clock.now().getTime() + 60 * MINUTE).toISOString(),
      ],
    );
    const token = await h.login('crc.smith');
    const res = await h.call(
      expirationTime,
      { studyid: 'study-demo-001', userid: 'user-crc.smith' },
      { token, locale: 'en' },
    );
    expect(res.body.success && res.body.data).toEqual({ flag: true, beforenote: 'Maintenance tonight' });
    await h.db.query(`update notices set active = false where message_en = 'Maintenance tonight'`);
  });

  it('does not count as activity (it is polled every 15 s)', async () => {
    const token = await h.login('cra.zhao');
    const ids = { studyid: 'study-demo-001', userid: 'user-cra.zhao' };
    for (let i = 0; i < 2; i++) {
      h.clock.advance(11 * MINUTE);
      expect((await h.call(expirationTime, ids, { token })).status).toBe(200);
    }
    h.clock.advance(9 * MINUTE);
    expect((await h.call(findPicParam, {}, { token })).body.code).toBe(405);
  });
});

describe('platform info', () => {
  it('appversion.do answers the server version, with or without a session', async () => {
    expect((await h.call(appVersion)).body).toEqual({ success: true, msg: '', data: { version: 'V2.1.8' } });
  });

  it('findPicParam.do, help.do (per role) and online.do', async () => {
    const token = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
    const params = await h.call(findPicParam, {}, { token });
    expect(params.body.success && params.body.data).toEqual({
      can_ocr: false,
      can_see: true,
      can_upload: false,
      can_desen: false,
    });
    const docs = await h.call(help, {}, { token });
    expect(docs.body.success && docs.body.data.map((d) => d.name.en)).toEqual([
      'EDC user guide',
      'Monitoring and SDV guide',
    ]);
    const url = await h.call(online, {}, { token });
    expect(url.body.success && url.body.data.url).toMatch(/^https:\/\//);
  });
});

describe('writeWebLog.do', () => {
  const entry = {
    level: 'error',
    kind: 'chunk-load',
    msg: 'Failed to fetch dynamically imported module',
    url: '/edcweb/index/statistics',
    time: '2026-03-02T01:00:00.000Z',
  };

  it('stores and logs client errors, also from the login page (no token), truncating long texts', async () => {
    const anonymous = await h.call(writeWebLog, { ...entry, stack: 'x'.repeat(20_000) });
    expect(anonymous.body).toEqual({ success: true, msg: '', data: null });
    const token = await h.login('crc.li');
    expect((await h.call(writeWebLog, { ...entry, level: 'warn' }, { token })).body.success).toBe(true);
    const rows = await h.db.query<{ user_id: string | null; kind: string; stack: string | null }>(
      'select user_id, kind, stack from web_logs order by id',
    );
    expect(rows.map((r) => r.user_id)).toEqual([null, 'user-crc.li']);
    expect(rows[0]?.stack).toHaveLength(16_000);
    expect(logLines.some((l) => l.includes('Failed to fetch dynamically imported module'))).toBe(true);
  });

  it('masks a login token quoted in the entry before storing and logging it', async () => {
    const secret = 'tok-in-url-0123456789';
    const leaky = {
      ...entry,
      url: `/edcweb/entrance?token=${secret}`,
      msg: `GET /edcweb/entrance?lang=en&token=${secret} failed`,
    };
    expect((await h.call(writeWebLog, leaky)).body.success).toBe(true);
    const rows = await h.db.query<{ url: string; message: string }>(
      'select url, message from web_logs order by id desc limit 1',
    );
    expect(rows[0]).toEqual({
      url: '/edcweb/entrance?token=[redacted]',
      message: 'GET /edcweb/entrance?lang=en&token=[redacted] failed',
    });
    expect(logLines.join('')).not.toContain(secret);
  });

  it("takes the tab's token (spec §7: msg and token) but never stores nor logs it", async () => {
    const token = 'tab-token-abcdef0123456789';
    const res = await h.call(writeWebLog, { ...entry, msg: 'with token', token });
    expect(res.body.success).toBe(true);
    const rows = await h.db.query<{ row: string }>('select row_to_json(w)::text as row from web_logs w');
    expect(rows.some((r) => r.row.includes('with token'))).toBe(true);
    expect(rows.some((r) => r.row.includes(token))).toBe(false);
    expect(logLines.join('')).not.toContain(token);
  });

  it('is limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await h.call(writeWebLog, entry)).status);
    expect(statuses).toContain(429);
    h.clock.advance(61_000);
    expect((await h.call(writeWebLog, entry)).status).toBe(200);
  });

  it('refuses an unknown level', async () => {
    expect((await h.call(writeWebLog, { ...entry, level: 'fatal' })).status).toBe(400);
  });
});

describe('parameter validation', () => {
  it('answers 400 parameter error for a missing or mistyped parameter', async () => {
    const missing = await h.call(loginFront, { username: 'crc.li' }, { locale: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, msg: 'parameter error: password', data: null });
    expect(missing.body.errors?.join()).toMatch(/password/);
    const token = await h.login('crc.li');
    const mistyped = await h.call(changeSiteRole, { roleid: 1, siteid: 'site-bj01' }, { token });
    expect(mistyped.status).toBe(400);
    const noQuery = await h.call(expirationTime, {}, { token });
    expect(noQuery.status).toBe(400);
  });

  it('answers 400 for a body that is not JSON, and ignores the time cache buster', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/login/front/login.do?time=1',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(() => parseEnvelope('loginFront', res.json())).not.toThrow();
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/edc/nothing.do' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });
});

describe('the contract', () => {
  it('has every endpoint registered at its path and method', () => {
    for (const def of Object.values(allEndpoints)) {
      expect(h.app.hasRoute({ method: def.method, url: serverPath(def) }), def.name).toBe(true);
    }
  });
});
