import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartBeat, logout, menuList } from '../api/session';
import { MSG } from '../messages';
import { STORAGE_KEYS } from '../session/storageKeys';
import { createApiClient } from './createApiClient';
import type { RequestError } from './requestError';
import { TransportError } from './transport';
import {
  clientHarness,
  fail,
  networkError,
  ok,
  stubTransport,
  timeoutError,
  type StubHandler,
} from './testkit';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const menuData = {
  menus: [{ menuCode: 'HOME', name: { zh_CN: '首页', en: 'Home' }, path: '/index' }],
  allowedPaths: [],
};

function setup(handler: StubHandler, options: Parameters<typeof clientHarness>[1] = {}) {
  const stub = stubTransport(handler);
  const h = clientHarness(stub.transport, options);
  const reported: unknown[] = [];
  const client = createApiClient({ ...h.deps, reportError: (e) => void reported.push(e) });
  return { ...h, stub, client, reported };
}

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as RequestError,
  );
}

describe('HTTP 200', () => {
  it('success:true → the checked data, no notice', async () => {
    const t = setup(() => ({ data: ok(menuData) }));
    await expect(t.client.call(menuList)).resolves.toEqual(menuData);
    expect(t.notifier.notices).toEqual([]);
  });

  it('success:false → a warning with the server msg, rejected as business with code and msg', async () => {
    const t = setup(() => ({ data: fail('受试者已锁定', { code: 1001 }) }));
    const e = await failure(t.client.call(menuList));

    expect(e).toMatchObject({
      kind: 'business',
      code: 1001,
      msg: '受试者已锁定',
      endpoint: '/edc/menu/menuList.do',
    });
    expect(t.notifier.notices).toEqual([{ level: 'warning', text: '受试者已锁定', durationMs: 2500 }]);
  });

  it('silent suppresses the success:false warning', async () => {
    const t = setup(() => ({ data: fail('nope') }));
    await expect(t.client.call(menuList, {}, { silent: true })).rejects.toMatchObject({ kind: 'business' });
    expect(t.notifier.notices).toEqual([]);
  });

  it('malformed data → an error notice naming the endpoint and the field, kind contract, reported', async () => {
    const t = setup(() => ({ data: ok({ menus: [], allowedPaths: 'all' }) }));
    const e = await failure(t.client.call(menuList));

    expect(e.kind).toBe('contract');
    expect(t.notifier.notices).toEqual([
      {
        level: 'error',
        messageId: MSG.malformedResponse,
        values: { endpoint: '/edc/menu/menuList.do', field: 'data.allowedPaths' },
        durationMs: 2500,
      },
    ]);
    expect(t.reported).toHaveLength(1);
  });

  it('a malformed envelope names the envelope field', async () => {
    const t = setup(() => ({ data: { success: 'yes', msg: '', data: null } }));
    await failure(t.client.call(menuList));
    expect(t.notifier.notices[0]?.values).toEqual({ endpoint: '/edc/menu/menuList.do', field: 'success' });
  });

  it('a body that is not JSON is a contract error on (body)', async () => {
    const t = setup(() => ({ data: '<html>gateway</html>' }));
    const e = await failure(t.client.call(menuList));
    expect(e.kind).toBe('contract');
    expect(t.notifier.notices[0]?.values).toEqual({ endpoint: '/edc/menu/menuList.do', field: '(body)' });
  });
});

describe('request() for the session monitor', () => {
  it('returns a success:false envelope without a notice', async () => {
    const t = setup(() => ({ data: fail('replaced', { code: 504 }) }));
    await expect(t.client.request(heartBeat)).resolves.toEqual({
      success: false,
      msg: 'replaced',
      data: null,
      code: 504,
    });
    expect(t.notifier.notices).toEqual([]);
  });

  it('checks the data of a success and still rejects on an error status', async () => {
    const t = setup(() => ({ data: ok(1) }));
    await expect(t.client.request(heartBeat)).resolves.toMatchObject({ success: true, data: 1 });
    const t500 = setup(() => ({ status: 500, data: '' }));
    await expect(t500.client.request(heartBeat)).rejects.toMatchObject({ kind: 'server', status: 500 });
  });
});

describe('error statuses', () => {
  it('403 → "no permission", kind forbidden, not reported as a bug', async () => {
    const t = setup(() => ({ status: 403, data: { success: false, msg: 'forbidden', data: null } }));
    const e = await failure(t.client.call(menuList));
    expect(e).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(t.notifier.notices).toEqual([{ level: 'error', messageId: MSG.forbidden, durationMs: 2500 }]);
    expect(t.reported).toEqual([]);
  });

  it('403 on a page load, with onForbiddenLoad: the app opens its 401 page, no notice; an action still gets one', async () => {
    const forbidden: string[] = [];
    const stub = stubTransport(() => ({
      status: 403,
      data: { success: false, msg: 'forbidden', data: null },
    }));
    const h = clientHarness(stub.transport);
    const client = createApiClient({
      ...h.deps,
      onForbiddenLoad: (endpoint) => void forbidden.push(endpoint),
    });

    await expect(client.call(menuList)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(forbidden).toEqual([menuList.path]);
    expect(h.notifier.notices).toEqual([]);

    await expect(client.call(logout)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(forbidden).toHaveLength(1);
    expect(h.notifier.notices).toEqual([{ level: 'error', messageId: MSG.forbidden, durationMs: 2500 }]);

    await expect(client.call(menuList, {}, { silent: true })).rejects.toMatchObject({ kind: 'forbidden' });
    expect(forbidden).toHaveLength(1);
  });

  it('400 → "parameter error", kind param', async () => {
    const t = setup(() => ({ status: 400, data: { success: false, msg: 'bad', data: null } }));
    const e = await failure(t.client.call(menuList));
    expect(e).toMatchObject({ kind: 'param', status: 400 });
    expect(t.notifier.notices).toEqual([{ level: 'error', messageId: MSG.paramError, durationMs: 2500 }]);
  });

  it('401 with an expire code in the body → forced logout with that code', async () => {
    const t = setup(() => ({ status: 401, data: fail('expired', { code: 405 }) }), {
      store: { [STORAGE_KEYS.locale]: 'en', [STORAGE_KEYS.menuCode]: 'M1' },
    });
    const e = await failure(t.client.call(menuList));

    expect(e).toMatchObject({ kind: 'unauthorized', status: 401, code: 405 });
    expect(t.onLogout).toEqual([405]);
    expect(t.notifier.notices).toEqual([
      { level: 'warning', messageId: 'logout.expire.405', durationMs: 2500 },
    ]);
    expect(t.store.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(t.store.getItem(STORAGE_KEYS.menuCode)).toBeNull();
    expect(t.store.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(t.navigator.assigned).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(t.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=405']);
  });

  it('401 without a known code → logout 401, also for a silent call', async () => {
    const t = setup(() => ({ status: 401, data: { code: 9999 } }));
    await failure(t.client.call(menuList, {}, { silent: true }));
    expect(t.notifier.notices).toEqual([
      { level: 'warning', messageId: 'logout.expire.401', durationMs: 2500 },
    ]);
    vi.advanceTimersByTime(2000);
    expect(t.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=401']);
  });

  it('503 → clears the session and opens the address of the response header at once', async () => {
    const t = setup(() => ({ status: 503, headers: { 'x-redirect-url': '/edcweb/500?from=gw' } }), {
      store: { [STORAGE_KEYS.crfstatus]: '1' },
    });
    const e = await failure(t.client.call(menuList));

    expect(e).toMatchObject({ kind: 'forced', status: 503 });
    expect(t.navigator.assigned).toEqual(['/edcweb/500?from=gw']);
    expect(t.store.getItem(STORAGE_KEYS.crfstatus)).toBeNull();
    expect(t.store.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(t.onLogout).toEqual([503]);
    expect(t.notifier.notices).toEqual([]);
  });

  it('503 without a header → the 500 page', async () => {
    const t = setup(() => ({ status: 503 }));
    await failure(t.client.call(menuList));
    expect(t.navigator.assigned).toEqual(['/edcweb/500']);
  });

  it('601 → the address of the response header', async () => {
    const t = setup(() => ({
      status: 601,
      headers: { 'X-Redirect-Url': 'https://edc.example/edcweb/402?code=601' },
    }));
    await failure(t.client.call(menuList));
    expect(t.navigator.assigned).toEqual(['https://edc.example/edcweb/402?code=601']);
  });

  it.each([600, 601, 602])('%i without a header → the error page with its code', async (status) => {
    const t = setup(() => ({ status, data: fail('x') }));
    const e = await failure(t.client.call(menuList));
    expect(e).toMatchObject({ kind: 'forced', status });
    expect(t.navigator.assigned).toEqual([`/edcweb/402?code=${status}`]);
  });

  it('refuses a script URL in the redirect header and uses the fallback', async () => {
    const t = setup(() => ({ status: 600, headers: { 'x-redirect-url': 'javascript:alert(1)' } }));
    await failure(t.client.call(menuList));
    expect(t.navigator.assigned).toEqual(['/edcweb/402?code=600']);
  });

  it('603 → shows the server message first, then opens the header address after 2 s', async () => {
    const t = setup(() => ({
      status: 603,
      data: fail('系统将于 20:00 维护'),
      headers: { 'x-redirect-url': '/edcweb/loginfront?expireType=603' },
    }));
    const e = await failure(t.client.call(menuList, {}, { silent: true }));

    expect(e).toMatchObject({ kind: 'forced', status: 603, msg: '系统将于 20:00 维护' });
    expect(t.notifier.notices).toEqual([{ level: 'warning', text: '系统将于 20:00 维护', durationMs: 2500 }]);
    vi.advanceTimersByTime(1999);
    expect(t.navigator.assigned).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=603']);
  });

  it('only one forced redirect at a time', async () => {
    const t = setup(() => ({ status: 603, data: fail('bye') }));
    await failure(t.client.call(menuList));
    await failure(t.client.call(menuList));
    expect(t.notifier.notices).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(t.navigator.assigned).toEqual(['/edcweb/loginfront?expireType=603']);
  });

  it("429 → the server's message (when to try again), kind rateLimited, not 'server error', not reported", async () => {
    const msg = 'Too many requests; try again in 42 s';
    const t = setup(() => ({ status: 429, data: { success: false, msg, data: null } }));
    const e = await failure(t.client.call(menuList));
    expect(e).toMatchObject({ kind: 'rateLimited', status: 429, msg });
    expect(t.notifier.notices).toEqual([{ level: 'warning', text: msg, durationMs: 2500 }]);
    expect(t.reported).toEqual([]);
    const bare = setup(() => ({ status: 429, data: '' }));
    await failure(bare.client.call(menuList));
    expect(bare.notifier.notices).toEqual([
      { level: 'warning', messageId: MSG.tooManyRequests, durationMs: 2500 },
    ]);
  });

  it.each([404, 500, 502])('%i → "server error", kind server, reported', async (status) => {
    const t = setup(() => ({ status, data: 'oops' }));
    const e = await failure(t.client.call(menuList));
    expect(e).toMatchObject({ kind: 'server', status });
    expect(t.notifier.notices).toEqual([{ level: 'error', messageId: MSG.serverError, durationMs: 2500 }]);
    expect(t.reported).toEqual([e]);
  });

  it('no other notices while the page is being left', async () => {
    let status = 401;
    const t = setup(() => ({ status, data: null }));
    await failure(t.client.call(menuList));
    status = 500;
    await failure(t.client.call(menuList));
    expect(t.notifier.notices.map((n) => n.messageId)).toEqual(['logout.expire.401']);
  });
});

describe('transport failures', () => {
  it('timeout → its own message', async () => {
    const t = setup(() => {
      throw new TransportError('timeout');
    });
    const e = await failure(t.client.call(menuList));
    expect(e.kind).toBe('timeout');
    expect(t.notifier.notices).toEqual([{ level: 'error', messageId: MSG.timeout, durationMs: 2500 }]);
  });

  it('a timeout from the adapter helper is a timeout', async () => {
    const t = setup((config) => {
      throw timeoutError(config);
    });
    await expect(t.client.call(menuList)).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('no response → the network message', async () => {
    const t = setup((config) => {
      throw networkError(config);
    });
    const e = await failure(t.client.call(menuList));
    expect(e.kind).toBe('network');
    expect(t.notifier.notices).toEqual([{ level: 'error', messageId: MSG.network, durationMs: 2500 }]);
  });

  it('an aborted request rejects quietly', async () => {
    const t = setup(() => ({ data: ok(menuData) }));
    const controller = new AbortController();
    controller.abort();
    const e = await failure(t.client.call(menuList, {}, { signal: controller.signal }));
    expect(e).toMatchObject({ kind: 'network', aborted: true });
    expect(t.notifier.notices).toEqual([]);
  });
});

describe('beforenote header', () => {
  it('shows the decoded note as a warning and still answers', async () => {
    const note = '密码将于 3 天后过期';
    const t = setup(() => ({ data: ok(menuData), headers: { beforenote: encodeURIComponent(note) } }));
    await expect(t.client.call(menuList)).resolves.toEqual(menuData);
    expect(t.notifier.notices).toEqual([{ level: 'warning', text: note, durationMs: 2500 }]);
  });

  it('comes in addition to the error notice of the status', async () => {
    const t = setup(() => ({ status: 500, headers: { beforenote: 'maintenance+tonight' } }));
    await failure(t.client.call(menuList));
    expect(t.notifier.notices.map((n) => n.text ?? n.messageId)).toEqual([
      'maintenance tonight',
      MSG.serverError,
    ]);
  });

  it('is shown on silent calls too (a note often rides on the heartbeat)', async () => {
    const t = setup(() => ({ data: ok(menuData), headers: { beforenote: 'upgrade%20at%2022%3A00' } }));
    await t.client.request(menuList, {}, { silent: true });
    expect(t.notifier.notices).toEqual([{ level: 'warning', text: 'upgrade at 22:00', durationMs: 2500 }]);
  });
});
