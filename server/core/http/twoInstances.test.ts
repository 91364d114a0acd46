/**
 * Issue 15, "more than one server": two server instances on one database behind the reverse proxy of
 * bench/support/proxy.ts (the instance with the fewest requests in flight), over real HTTP. The instances trust the proxy's address only (TRUST_PROXY as a list), so
 * they read the client's address and host from its X-Forwarded-* headers: the login lockout and the per-IP limit hold
 * over both instances, the Host allow-list judges the host the client asked for, and a client that reaches an
 * instance directly cannot forge either.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPath } from '../../../engine/api/endpoint';
import { loginFront, loginInfo } from '../../../engine/api/session';
import { startProxy, type Proxy } from '../../../bench/support/proxy';
import { buildApp } from '../app';
import { loggerOptions } from '../logging';
import { securityEvents } from '../security/securityLog';
import { MINUTE } from '../../test/clock';
import { TEST_RATE_LIMITS, startHarness, type Harness } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/testDb';

/** The proxy connects to the instances from this loopback address; the instances trust it and nothing else. */
const PROXY_ADDRESS = '127.0.0.2';
const config = {
  trustProxy: [PROXY_ADDRESS],
  // five login attempts per client address and minute; per account the lockout decides
  rateLimits: { ...TEST_RATE_LIMITS, login: { max: 5, windowMs: MINUTE } },
};

let h: Harness;
let second: FastifyInstance;
let proxy: Proxy;
let direct: string;

beforeAll(async () => {
  h = await startHarness(config);
  second = await buildApp({ ...config, db: h.db, now: h.clock.now, logger: loggerOptions('warn') });
  const urls: string[] = [];
  for (const app of [h.app, second]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  direct = urls[0]!;
  proxy = await startProxy({ upstreams: urls, localAddress: PROXY_ADDRESS });
});
afterAll(async () => {
  await proxy?.close();
  await second?.close();
  await h?.close();
});

interface Answer {
  status: number;
  body: { success: boolean; msg: string; data?: unknown };
}

/** One request over HTTP (node:http: the Host header is ours to set). */
function send(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  localAddress?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        ...(localAddress ? { localAddress } : {}),
        headers: {
          locale: 'en',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A login front attempt through the proxy (or straight to `base`), from the loopback address `from` (Linux routes all
 * of 127.0.0.0/8 to the loopback interface: each address is a client of its own).
 */
async function attempt(
  username: string,
  password: string,
  from: string,
  base = proxy.url,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(base, 'POST', serverPath(loginFront), headers, { username, password }, from);
}

const BAD = 'Incorrect user name or password';
const LOCKED = /^Too many failed logins: the account is locked; try again in (\d+) min$/;

describe('two instances behind a balancing proxy', () => {
  it('200 parallel guesses from 200 addresses, spread over both instances: the lockout still holds at 5', async () => {
    const before = [...proxy.forwarded];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attempt('cra.zhao', `guess-${i}`, `127.10.${i >> 8}.${i & 255}`)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const msgs = answers.map((a) => a.body.msg);
    expect(msgs.filter((m) => m === BAD).length).toBeLessThanOrEqual(4);
    expect(msgs.filter((m) => LOCKED.test(m)).length).toBeGreaterThanOrEqual(196);
    // the proxy balances by requests in flight: both instances judged a large share of them (about half each)
    const judged = proxy.forwarded.map((n, i) => n - before[i]!);
    expect(judged[0]! + judged[1]!).toBe(200);
    for (const n of judged) expect(n).toBeGreaterThanOrEqual(60);
    // the lock holds on both instances, for the real password too
    for (let i = 0; i < 2; i++) {
      expect((await attempt('cra.zhao', TEST_PASSWORD, '127.11.0.1')).body.msg).toMatch(LOCKED);
    }
    // the security log names the clients' addresses, not the proxy's
    const ips = new Set((await securityEvents(h.db, 'cra.zhao')).map((e) => e.ip));
    expect(ips.has(PROXY_ADDRESS)).toBe(false);
    expect([...ips].every((ip) => ip !== null && /^127\.1[01]\./.test(ip))).toBe(true);
  });

  it('the per-address login limit counts one client over both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(`nobody.${i}`, 'x', '127.12.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // another client is not held back
    expect((await attempt('nobody.6', 'x', '127.12.0.2')).status).toBe(200);
  });

  it('a client that reaches an instance directly cannot borrow another address', async () => {
    // 127.12.0.1 is over its limit; a request straight to an instance does not come from the proxy, so its own
    // address counts, whatever it forwards
    const res = await attempt('nobody.7', 'x', '127.13.0.1', direct, { 'x-forwarded-for': '127.12.0.2' });
    expect(res.status).toBe(200);
    const events = await securityEvents(h.db, 'nobody.7');
    expect(events.map((e) => e.ip)).toEqual(['127.13.0.1']);
    // and a request from the limited client itself, straight to an instance, is still limited (same database)
    expect((await attempt('nobody.8', 'x', '127.12.0.1', direct)).status).toBe(429);
  });

  it('the Host allow-list judges the host the client asked the proxy for', async () => {
    const forged = await send(proxy.url, 'GET', serverPath(loginInfo), { host: 'evil.example' });
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).not.toContain('evil.example');
    // a forwarded host sent straight to an instance is not believed either
    const sneaked = await send(direct, 'GET', serverPath(loginInfo), { 'x-forwarded-host': 'evil.example' });
    expect(sneaked.status).toBe(200);
    expect(JSON.stringify(sneaked.body)).not.toContain('evil.example');
    // the derived integration address is the proxy's, where the client is
    const info = await send(proxy.url, 'GET', serverPath(loginInfo), {});
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ backAddress: proxy.url });
  });
});
