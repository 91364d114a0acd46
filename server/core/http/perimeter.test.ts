/**
 * Issue 15, findings 2 and 7 and "more than one server": rate limits per client IP, per account and per signing user
 * with @fastify/rate-limit on a store in the database (shared by two instances), answered 429 with a translated
 * message; and the Host allow-list, so that a forged Host never becomes the integration address.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFront, loginInfo, validationSignUser } from '../../../engine/api/session';
import { serverPath } from '../../../engine/api/endpoint';
import { buildApp } from '../app';
import type { RateLimits } from '../config';
import { loggerOptions } from '../logging';
import { MINUTE } from '../../test/clock';
import { TEST_HOST, TEST_RATE_LIMITS, startHarness, type Harness } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/testDb';
import { securityEvents } from '../security/securityLog';
import { hostAllowed } from './hosts';

const LIMITS: Partial<RateLimits> = {
  public: { max: 4, windowMs: MINUTE },
  login: { max: 5, windowMs: MINUTE },
  loginAccount: { max: 3, windowMs: MINUTE },
  signatureUser: { max: 2, windowMs: MINUTE },
};

let h: Harness;
let second: FastifyInstance;
beforeAll(async () => {
  h = await startHarness({ rateLimits: LIMITS, backAddress: undefined });
  second = await buildApp({
    db: h.db,
    now: h.clock.now,
    logger: loggerOptions('warn'),
    rateLimits: { ...TEST_RATE_LIMITS, ...LIMITS },
  });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

interface Sent {
  ip: string;
  locale?: string;
  app?: FastifyInstance;
  host?: string;
  token?: string;
}

function login(username: string, password: string, o: Sent): Promise<LightMyRequestResponse> {
  return (o.app ?? h.app).inject({
    method: 'POST',
    url: serverPath(loginFront),
    remoteAddress: o.ip,
    headers: { host: o.host ?? TEST_HOST, locale: o.locale ?? 'en' },
    payload: { username, password },
  });
}

function info(o: Sent): Promise<LightMyRequestResponse> {
  return (o.app ?? h.app).inject({
    method: 'GET',
    url: serverPath(loginInfo),
    remoteAddress: o.ip,
    headers: { host: o.host ?? TEST_HOST, locale: o.locale ?? 'en' },
  });
}

describe('rate limits (finding 2)', () => {
  it('per account: the 4th attempt within the window is 429, whatever the IP; other accounts go on', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await login('crc.li', 'bad', { ip: `10.1.0.${i}` })).statusCode).toBe(200);
    const refused = await login('CRC.LI', 'bad', { ip: '10.1.0.4' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      msg: expect.stringMatching(/^Too many requests; try again in \d+ s$/),
      data: null,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const zh = await login('crc.li', 'bad', { ip: '10.1.0.5', locale: 'zh_CN' });
    expect(zh.json<{ msg: string }>().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    expect((await login('crc.smith', 'bad', { ip: '10.1.0.4' })).statusCode).toBe(200);
    const events = (await securityEvents(h.db, 'crc.li')).map((e) => e.event);
    expect(events).toContain('rateLimited');
    // the refused attempts were not judged: 3 failures, no lock
    expect(events.filter((e) => e === 'login.failed')).toHaveLength(3);

    h.clock.advance(MINUTE + 1_000);
    expect(
      (await login('crc.li', TEST_PASSWORD, { ip: '10.1.0.6' })).json<{ success: boolean }>().success,
    ).toBe(true);
  });

  it('per IP on the login front: the 6th attempt from one address is 429, another address goes on', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await login(`guess.${i}`, 'bad', { ip: '10.2.0.1' })).statusCode).toBe(200);
    expect((await login('guess.6', 'bad', { ip: '10.2.0.1' })).statusCode).toBe(429);
    expect((await login('guess.6', 'bad', { ip: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('per IP on every unauthenticated endpoint (logininfo.do)', async () => {
    for (let i = 0; i < 4; i++) expect((await info({ ip: '10.3.0.1' })).statusCode).toBe(200);
    const refused = await info({ ip: '10.3.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ msg: string }>().msg).toMatch(/Too many requests/);
  });

  it('two instances on one database count the same window', async () => {
    expect((await info({ ip: '10.4.0.1', app: h.app })).statusCode).toBe(200);
    expect((await info({ ip: '10.4.0.1', app: second })).statusCode).toBe(200);
    expect((await info({ ip: '10.4.0.1', app: h.app })).statusCode).toBe(200);
    expect((await info({ ip: '10.4.0.1', app: second })).statusCode).toBe(200);
    expect((await info({ ip: '10.4.0.1', app: h.app })).statusCode).toBe(429);
    expect((await info({ ip: '10.4.0.1', app: second })).statusCode).toBe(429);
    const rows = await h.db.query<{ hits: number }>(`select hits from rate_limit_windows where key = $1`, [
      'public:10.4.0.1',
    ]);
    expect(rows[0]?.hits).toBe(6);
  });

  it('per user on the signature re-authentication', async () => {
    const token = await h.loginAs('pi.wang', 'PI', 'BJ01');
    const sign = () =>
      h.call(
        validationSignUser,
        { username: 'pi.wang', password: TEST_PASSWORD, meaning: 'approve' },
        { token },
      );
    expect((await sign()).body.success).toBe(true);
    expect((await sign()).body.success).toBe(true);
    const third = await sign();
    expect(third.status).toBe(429);
    expect(third.body.success).toBe(false);
  });
});

describe('Host allow-list (finding 7)', () => {
  it('refuses a forged Host: evil.example never becomes the integration address', async () => {
    const res = await info({ ip: '10.5.0.1', host: 'evil.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      msg: 'This server is not configured to answer at this address',
      data: null,
    });
    expect(res.body).not.toContain('evil.example');
    const front = await login('crc.li', TEST_PASSWORD, { ip: '10.5.0.1', host: 'evil.example:8080' });
    expect(front.statusCode).toBe(400);
    const ok = await info({ ip: '10.5.0.2' });
    expect(ok.json<{ data: { backAddress: string } }>().data.backAddress).toBe(`http://${TEST_HOST}`);
  });

  it('accepts a host configured in site_ui_config (per-host UI config)', async () => {
    await h.db.query(`insert into site_ui_config (host, back_address) values ('edc.hospital.example', '')`);
    const res = await info({ ip: '10.5.0.3', host: 'edc.hospital.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { backAddress: string } }>().data.backAddress).toBe(
      'http://edc.hospital.example',
    );
  });

  it('matches names, ports, domains and IPv6 literals', () => {
    const list = ['localhost', 'edc.example.org:8443', '.hospital.cn', '[::1]'];
    expect(hostAllowed('localhost:8080', list)).toBe(true);
    expect(hostAllowed('LOCALHOST', list)).toBe(true);
    expect(hostAllowed('edc.example.org:8443', list)).toBe(true);
    expect(hostAllowed('edc.example.org', list)).toBe(false);
    expect(hostAllowed('edc.hospital.cn', list)).toBe(true);
    expect(hostAllowed('hospital.cn', list)).toBe(true);
    expect(hostAllowed('evilhospital.cn', list)).toBe(false);
    expect(hostAllowed('[::1]:8080', list)).toBe(true);
    expect(hostAllowed('localhost.evil.example', list)).toBe(false);
    expect(hostAllowed('localhost@evil.example', list)).toBe(false);
    expect(hostAllowed(undefined, list)).toBe(false);
    expect(hostAllowed('', list)).toBe(false);
  });
});
