import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appVersion,
  expirationTime,
  heartBeat,
  loginFront,
  loginInfo,
  menuList,
  roleTranAdd,
} from '../api/session';
import { MSG } from '../messages';
import { STORAGE_KEYS } from '../session/storageKeys';
import { isBackPath, joinUrl, withQuery } from './buildRequest';
import { createApiClient } from './createApiClient';
import { RequestError } from './requestError';
import { TEST_BACK_ADDRESS, clientHarness, ok, stubTransport } from './testkit';

const NOW = new Date('2025-03-01T08:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const menuData = { menus: [], allowedPaths: [] };

describe('URL and parameters', () => {
  it('GET goes to the spec path with the params and the time cache buster in the query', async () => {
    const stub = stubTransport(() => ({ data: ok({ flag: false, beforenote: '' }) }));
    const client = createApiClient(clientHarness(stub.transport).deps);

    await client.call(expirationTime, { studyid: 'S1', userid: 'U1' });

    const url = stub.lastUrl();
    expect(stub.requests[0]?.method).toBe('get');
    expect(url.pathname).toBe('/edc/edcserver/expirationTime.do');
    expect(url.searchParams.get('studyid')).toBe('S1');
    expect(url.searchParams.get('userid')).toBe('U1');
    expect(url.searchParams.get('time')).toBe(String(NOW.getTime()));
    expect(stub.requests[0]?.data).toBeUndefined();
  });

  it('POST sends the params as a JSON body and the time only in the URL', async () => {
    const stub = stubTransport();
    const client = createApiClient(clientHarness(stub.transport).deps);

    await client.call(roleTranAdd, { fromRoleid: null, toRoleid: 'R2', siteid: 'S9' });

    const config = stub.requests[0];
    expect(config?.method).toBe('post');
    expect(`${stub.lastUrl().origin}${stub.lastUrl().pathname}`).toBe(
      `${TEST_BACK_ADDRESS}/login/roleTran/add.do`,
    );
    expect(stub.lastUrl().searchParams.get('time')).toBe(String(NOW.getTime()));
    expect([...stub.lastUrl().searchParams.keys()]).toEqual(['time']);
    expect(JSON.parse(String(config?.data))).toEqual({ fromRoleid: null, toRoleid: 'R2', siteid: 'S9' });
    expect(stub.lastHeader('content-type')).toMatch(/application\/json/);
  });

  it('each request gets the time of its own sending', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    const client = createApiClient(clientHarness(stub.transport).deps);

    await client.call(menuList);
    vi.setSystemTime(NOW.getTime() + 5000);
    await client.call(menuList);

    const times = stub.requests.map((r) => new URL(r.url ?? '', 'http://x').searchParams.get('time'));
    expect(times).toEqual([String(NOW.getTime()), String(NOW.getTime() + 5000)]);
  });

  it('uses a 300 s timeout', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    await createApiClient(clientHarness(stub.transport).deps).call(menuList);
    expect(stub.requests[0]?.timeout).toBe(300_000);
  });

  it('withQuery skips null/undefined, repeats arrays and extends an existing query', () => {
    expect(withQuery('/a', { x: 1, y: null, z: undefined, l: ['p', 'q'] })).toBe('/a?x=1&l=p&l=q');
    expect(withQuery('/a?b=1', { time: 5 })).toBe('/a?b=1&time=5');
    expect(withQuery('/a', {})).toBe('/a');
    expect(joinUrl('http://h/', '/login/x.do')).toBe('http://h/login/x.do');
    expect(isBackPath('/login/front/login.do')).toBe(true);
    expect(isBackPath('config.json')).toBe(true);
    expect(isBackPath('/edc/menu/menuList.do')).toBe(false);
  });
});

describe('headers', () => {
  it('sends locale, token, crfstatus, menuCode and picEnv when they are known', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    const h = clientHarness(stub.transport, {
      store: { [STORAGE_KEYS.crfstatus]: '2', [STORAGE_KEYS.menuCode]: 'M_SUBJECT' },
    });
    await createApiClient(h.deps).call(menuList);

    expect(stub.lastHeader('locale')).toBe('en');
    expect(stub.lastHeader('token')).toBe('tok-1');
    expect(stub.lastHeader('crfstatus')).toBe('2');
    expect(stub.lastHeader('menuCode')).toBe('M_SUBJECT');
    expect(stub.lastHeader('picEnv')).toBe('web');
  });

  it('leaves out crfstatus and menuCode when they are not stored, but always sends picEnv', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    await createApiClient(clientHarness(stub.transport).deps).call(menuList);

    expect(stub.lastHeader('crfstatus')).toBeUndefined();
    expect(stub.lastHeader('menuCode')).toBeUndefined();
    expect(stub.lastHeader('picEnv')).toBe('web');
  });

  it('never sends the token to an auth "none" endpoint, even when one is stored', async () => {
    const stub = stubTransport(() => ({ data: ok({ token: 't', userid: 'u' }) }));
    const h = clientHarness(stub.transport, {
      store: { [STORAGE_KEYS.backAddress]: 'https://login.example' },
    });
    await createApiClient(h.deps).call(loginFront, { username: 'a', password: 'b' });

    expect(stub.lastHeader('token')).toBeUndefined();
    expect(stub.lastHeader('locale')).toBe('en');
  });

  it('an auth "optional" endpoint goes without a token and without logging out', async () => {
    const stub = stubTransport(() => ({ data: ok({ version: 'V2.1.8' }) }));
    const h = clientHarness(stub.transport, { token: null });
    const client = createApiClient(h.deps);

    await expect(client.call(appVersion)).resolves.toEqual({ version: 'V2.1.8' });
    expect(stub.requests).toHaveLength(1);
    expect(stub.lastHeader('token')).toBeUndefined();
    expect(h.onLogout).toEqual([]);
  });

  it('adds the caller’s extra headers', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    await createApiClient(clientHarness(stub.transport).deps).call(
      menuList,
      {},
      { headers: { 'x-extra': '1' } },
    );
    expect(stub.lastHeader('x-extra')).toBe('1');
  });
});

describe('integration address (backAddress)', () => {
  it.each(['https://login.example', 'https://login.example/'])(
    'sends /login/ paths to the configured address %s',
    async (backAddress) => {
      const stub = stubTransport(() => ({ data: ok({ token: 't', userid: 'u' }) }));
      const h = clientHarness(stub.transport, { store: { [STORAGE_KEYS.backAddress]: backAddress } });
      await createApiClient(h.deps).call(loginFront, { username: 'a', password: 'b' });

      const url = stub.lastUrl();
      expect(`${url.origin}${url.pathname}`).toBe('https://login.example/login/front/login.do');
      expect(url.searchParams.get('time')).toBe(String(NOW.getTime()));
    },
  );

  it("sends logininfo.do to the configured address, and to the page's origin while none is known", async () => {
    const stub = stubTransport(() => ({
      data: ok({ unitLogo: '', eClinical_version: '', backAddress: '' }),
    }));
    const h = clientHarness(stub.transport, {
      store: { [STORAGE_KEYS.backAddress]: 'http://10.0.0.5:8080' },
    });
    await createApiClient(h.deps).call(loginInfo);
    expect(`${stub.lastUrl().origin}${stub.lastUrl().pathname}`).toBe(
      'http://10.0.0.5:8080/login/info/logininfo.do',
    );
    const bare = stubTransport(() => ({
      data: ok({ unitLogo: '', eClinical_version: '', backAddress: '' }),
    }));
    await createApiClient(clientHarness(bare.transport, { backAddress: null }).deps).call(loginInfo);
    expect(bare.requests[0]?.url).toMatch(/^\/login\/info\/logininfo\.do\?time=/);
  });

  it('without an address: warns "integration address must be configured" and sends nothing', async () => {
    const stub = stubTransport();
    const h = clientHarness(stub.transport, { backAddress: null });
    const error = await createApiClient(h.deps)
      .call(roleTranAdd, { fromRoleid: null, toRoleid: 'R1', siteid: 'S1' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'backAddress', endpoint: '/login/roleTran/add.do' });
    expect(stub.requests).toHaveLength(0);
    expect(h.notifier.notices).toEqual([
      { level: 'warning', messageId: MSG.backAddressMissing, durationMs: 2500 },
    ]);
  });

  it('a silent call without an address rejects without a notice', async () => {
    const h = clientHarness(stubTransport().transport, { backAddress: null });
    await expect(createApiClient(h.deps).call(heartBeat, {}, { silent: true })).rejects.toMatchObject({
      kind: 'backAddress',
    });
    expect(h.notifier.notices).toEqual([]);
  });
});

describe('token', () => {
  it('no token: logs out with 400 without sending, then opens the login page after 2 s', async () => {
    const stub = stubTransport();
    const h = clientHarness(stub.transport, { token: null });
    const client = createApiClient(h.deps);

    await expect(client.call(menuList)).rejects.toMatchObject({
      kind: 'noToken',
      endpoint: '/edc/menu/menuList.do',
    });

    expect(stub.requests).toHaveLength(0);
    expect(h.onLogout).toEqual([400]);
    expect(h.notifier.notices).toEqual([
      { level: 'warning', messageId: 'logout.expire.400', durationMs: 2500 },
    ]);
    vi.advanceTimersByTime(1999);
    expect(h.navigator.assigned).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(h.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=400']);
  });

  it('takes the token from the URL query before the cookie and the store, and keeps it', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    const h = clientHarness(stub.transport, {
      token: 'from-store',
      url: 'http://localhost/edcweb/entrance?token=from-url',
    });
    h.cookies.set('token', 'from-cookie');
    await createApiClient(h.deps).call(menuList);

    expect(stub.lastHeader('token')).toBe('from-url');
    expect(h.store.getItem(STORAGE_KEYS.token)).toBe('from-url');
  });

  it("keeps this tab's token when another tab's login changed the shared cookie", async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    const h = clientHarness(stub.transport, { token: 'this-tab' });
    h.cookies.set('token', 'other-tab-other-user');
    await createApiClient(h.deps).call(menuList);

    expect(stub.lastHeader('token')).toBe('this-tab');
    expect(h.store.getItem(STORAGE_KEYS.token)).toBe('this-tab');
  });

  it('takes the cookie when this tab has no token yet, and keeps it', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    const h = clientHarness(stub.transport, { token: null });
    h.cookies.set('token', 'from-cookie');
    await createApiClient(h.deps).call(menuList);

    expect(stub.lastHeader('token')).toBe('from-cookie');
    expect(h.store.getItem(STORAGE_KEYS.token)).toBe('from-cookie');
  });

  it('falls back to the stored token', async () => {
    const stub = stubTransport(() => ({ data: ok(menuData) }));
    await createApiClient(clientHarness(stub.transport, { token: 'from-store' }).deps).call(menuList);
    expect(stub.lastHeader('token')).toBe('from-store');
  });
});
