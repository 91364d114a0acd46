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
  h = await startHarness({ trustProxy: true });
});
afterAll(() => h?.close());

describe('trustProxy', () => {
  it('derives backAddress from the forwarded protocol and host', async () => {
    const res = await h.call(loginInfo, {}, { headers: FORWARDED });
    expect(res.body.success && res.body.data.backAddress).toBe('https://edc.example.org');
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
