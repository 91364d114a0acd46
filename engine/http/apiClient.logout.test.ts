import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../session/storageKeys';
import { createApiClient } from './createApiClient';
import { clientHarness, networkError, stubTransport } from './testkit';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const everyKey = Object.fromEntries(Object.values(STORAGE_KEYS).map((key) => [key, `v:${key}`]));

describe('forceLogout', () => {
  it('clears the session but keeps the locale and the integration address', () => {
    const h = clientHarness(stubTransport().transport, { store: everyKey });
    createApiClient(h.deps).forceLogout(504);

    expect([...h.store.data.keys()].sort()).toEqual(
      [STORAGE_KEYS.backAddress, STORAGE_KEYS.locale, STORAGE_KEYS.returnTo].sort(),
    );
    expect(h.store.getItem(STORAGE_KEYS.locale)).toBe(`v:${STORAGE_KEYS.locale}`);
    expect(h.onLogout).toEqual([504]);
  });

  it('is idempotent while pending: one message, one hook call, one redirect', () => {
    const h = clientHarness(stubTransport().transport);
    const client = createApiClient(h.deps);
    client.forceLogout(405);
    vi.advanceTimersByTime(1000);
    client.forceLogout(401);
    expect(client.loggingOut).toBe(true);
    vi.advanceTimersByTime(5000);

    expect(h.notifier.notices).toEqual([
      { level: 'warning', messageId: 'logout.expire.405', durationMs: 2500 },
    ]);
    expect(h.onLogout).toEqual([405]);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=405']);
  });

  it('is still logging out while the login page is opened (an in-app navigation asks the leave guards then)', () => {
    const h = clientHarness(stubTransport().transport);
    let askedWhileOpening: boolean | null = null;
    const client = createApiClient({
      ...h.deps,
      navigator: { ...h.navigator, assign: () => void (askedWhileOpening = client.loggingOut) },
    });
    client.forceLogout(504);
    vi.advanceTimersByTime(2000);
    expect(askedWhileOpening).toBe(true);
    expect(client.loggingOut).toBe(false);
  });

  it('null → no message, the login page at once', () => {
    const h = clientHarness(stubTransport().transport);
    createApiClient(h.deps).forceLogout(null);
    expect(h.notifier.notices).toEqual([]);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront']);
    expect(h.onLogout).toEqual([null]);
  });

  it('603 shows the server text instead of the catalogue message', () => {
    const h = clientHarness(stubTransport().transport);
    createApiClient(h.deps).forceLogout(603, 'Upgrade at 22:00');
    expect(h.notifier.notices).toEqual([{ level: 'warning', text: 'Upgrade at 22:00', durationMs: 2500 }]);
    vi.advanceTimersByTime(2000);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=603']);
  });

  it('tolerates an appBase without trailing slash and a throwing app hook', () => {
    const h = clientHarness(stubTransport().transport);
    const client = createApiClient({
      ...h.deps,
      appBase: '/edcweb',
      onLogout: () => {
        throw new Error('app bug');
      },
    });
    client.forceLogout(401);
    vi.advanceTimersByTime(2000);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=401']);
  });
});

describe('logout', () => {
  it('tells the server with the token, then clears and opens the login page without a message', async () => {
    const stub = stubTransport();
    const h = clientHarness(stub.transport, { store: { [STORAGE_KEYS.menuCode]: 'M1' } });
    await createApiClient(h.deps).logout();

    expect(stub.requests).toHaveLength(1);
    expect(stub.lastUrl().pathname).toBe('/edc/edcserver/logout.do');
    expect(stub.requests[0]?.method).toBe('post');
    expect(stub.lastHeader('token')).toBe('tok-1');
    expect(h.store.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(h.store.getItem(STORAGE_KEYS.menuCode)).toBeNull();
    expect(h.onLogout).toEqual([null]);
    expect(h.notifier.notices).toEqual([]);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront']);
  });

  it('ignores a failing server', async () => {
    const stub = stubTransport((config) => {
      throw networkError(config);
    });
    const h = clientHarness(stub.transport);
    await createApiClient(h.deps).logout();
    expect(h.notifier.notices).toEqual([]);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront']);
  });

  it('ignores a 401 from the server (no forced-logout message)', async () => {
    const stub = stubTransport(() => ({ status: 401, data: { code: 405 } }));
    const h = clientHarness(stub.transport);
    await createApiClient(h.deps).logout();
    vi.advanceTimersByTime(5000);
    expect(h.notifier.notices).toEqual([]);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront']);
  });

  it('without a token: no request, still leaves', async () => {
    const stub = stubTransport();
    const h = clientHarness(stub.transport, { token: null });
    await createApiClient(h.deps).logout();
    expect(stub.requests).toHaveLength(0);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront']);
  });
});
