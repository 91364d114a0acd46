/**
 * Behind a TLS-terminating reverse proxy (TRUST_PROXY=true): the forwarded protocol and host decide the derived
 * integration address, and the token cookie is Secure when the client's request was https.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFront, loginInfo } from '../../../engine/api/session';
import { startHarness, type Harness } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/testDb';

const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'edc.example.org' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ trustProxy: true, allowedHosts: ['localhost', 'edc.example.org'] });
});
afterAll(() => h?.close());

describe('trustProxy', () => {
  it('derives backAddress from the forwarded protocol and host', async () => {
    const res = await h.call(loginInfo, {}, { headers: FORWARDED });
    expect(res.body.success && res.body.data.backAddress).toBe('https://edc.example.org');
  });

  it('refuses a forwarded host that is not allowed: it never becomes the integration address', async () => {
    const headers = { ...FORWARDED, 'x-forwarded-host': 'evil.example' };
    const res = await h.app.inject({ method: 'GET', url: '/login/info/logininfo.do', headers });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('evil.example');
  });

  it('sets the token cookie Secure for a request that was https at the proxy, and only then', async () => {
    const https = await h.call(
      loginFront,
      { username: 'crc.li', password: TEST_PASSWORD },
      { headers: FORWARDED },
    );
    expect(https.body.success).toBe(true);
    expect(String(https.headers['set-cookie'])).toMatch(/^token=[^;]+;.*; Secure$/);

    const http = await h.call(loginFront, { username: 'crc.li', password: TEST_PASSWORD });
    expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});
