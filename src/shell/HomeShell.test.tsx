import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginInfo } from '../../engine/api/session';
import type { Timers } from '../../engine/ports';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { HEARTBEAT_INTERVAL_MS, EXPIRY_INTERVAL_MS } from '../../engine/session/sessionMonitor';
import { createDraftStore, createMemoryBackend, type DraftScope } from '../../engine/drafts';
import { loadPicParams } from '../../engine/session/picParams';
import { createFakeApiClient, fakeFailure } from '../../renderers/testing/fakeApiClient';
import { isReturnablePath } from '../routing/returnTo';
import { setAppDraftStore } from '../drafts/appDraftStore';
import { renderApp, seedSession, text } from '../testing/renderApp';
import { helpDocs, onlineData, roleLoginInfo, sampleMenus } from '../testing/sampleData';
import { createTestPlatform } from '../testing/testPlatform';

function shellClient(version = 'V2.0.10') {
  return createFakeApiClient({
    appVersion: { version },
    menuList: sampleMenus,
    online: onlineData,
    help: helpDocs,
  });
}

function openShell(options: { version?: string; info?: LoginInfo; path?: string } = {}) {
  seedSession(window.sessionStorage, options.info ?? roleLoginInfo, sampleMenus.allowedPaths);
  const client = shellClient(options.version);
  return { ...renderApp(options.path ?? '/index/statistics', { client }), client };
}

const draftScope: DraftScope = {
  studyId: '',
  userId: '',
  subjectid: 'subj-1',
  visitnum: 'V1',
  cycnum: 1,
  svnum: 1,
  tid: 'VS',
  lineno: 1,
};

/** The menu is there once menuList.do answered. */
const menuReady = () => screen.findByRole('navigation', { name: text('shell.menu.label') });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('home shell', () => {
  it('opens the home page with the menu from menuList.do, the footer and who is working', async () => {
    const { router } = openShell();
    await menuReady();
    expect(router.state.location.pathname).toBe('/index/statistics');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '数据统计' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(screen.getByTestId('footer-release')).toHaveTextContent('V4.1.0');
    expect(screen.getByTestId('account-realname')).toHaveTextContent('李娜');
    expect(screen.getByTestId('account-role-site')).toHaveTextContent('临床研究协调员');
    expect(await screen.findByText(text('home.welcome').replace('{name}', '李娜'))).toBeInTheDocument();
  });

  it('hides the header for server V2.0.10', async () => {
    const { client } = openShell({ version: 'V2.0.10' });
    await menuReady();
    await waitFor(() => expect(client.paramsOf('appVersion')).toHaveLength(1));
    expect(screen.queryByTestId('shell-header')).toBeNull();
    // the account actions move to the side menu
    expect(screen.getByRole('button', { name: text('shell.switchRole') })).toBeInTheDocument();
  });

  it('shows the header for server V2.1.8', async () => {
    openShell({ version: 'V2.1.8' });
    const header = await screen.findByTestId('shell-header');
    expect(header).toHaveTextContent(text('app.productName'));
    expect(header).toHaveTextContent('李娜');
  });

  it('uses the release of the login info in the footer', async () => {
    openShell({ info: { ...roleLoginInfo, productRelease: 'V4.3.2' } });
    await menuReady();
    expect(screen.getByTestId('footer-release')).toHaveTextContent('V4.3.2');
  });

  it('shows the online-service button only when the login info says so', async () => {
    openShell({ info: { ...roleLoginInfo, online: { isShow: false } } });
    await menuReady();
    expect(screen.queryByRole('button', { name: text('online.open') })).toBeNull();
  });

  it('opens the online service from online.do in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { client } = openShell({ info: { ...roleLoginInfo, online: { isShow: true } } });
    await userEvent.click(await screen.findByRole('button', { name: text('online.open') }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(onlineData.url, '_blank', 'noopener'));
    expect(client.paramsOf('online')).toHaveLength(1);
  });

  it('offers only the pages this build has, and keeps the chosen menu item', async () => {
    const { router } = openShell();
    await menuReady();
    // the DM is granted management pages that later issues build: only the built ones are in the menu
    await userEvent.click(screen.getByRole('button', { name: '系统管理' }));
    expect(await screen.findByRole('button', { name: '受试者转移' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提醒列表' })).toBeNull();
    sessionStorage.removeItem(STORAGE_KEYS.menuCode);
    await userEvent.click(screen.getByRole('button', { name: '数据统计' }));
    expect(sessionStorage.getItem(STORAGE_KEYS.menuCode)).toBe('statistics');
    // choosing the open page again reloads it and comes back to it
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/statistics'));
  });

  it("'switch role' opens the role and site selection", async () => {
    const { router } = openShell();
    await menuReady();
    await userEvent.click(screen.getByRole('button', { name: text('shell.switchRole') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkRole'));
  });

  it("logs out through the client, removing the user's unsaved eCRF drafts of the study first", async () => {
    const drafts = createDraftStore({ backend: createMemoryBackend(), now: () => 1000 });
    setAppDraftStore(drafts);
    const mine = { ...draftScope, studyId: roleLoginInfo.studyid ?? '', userId: roleLoginInfo.userid ?? '' };
    const colleague = { ...mine, userId: 'someone-else' };
    const typed = { values: { SYSBP: '120' }, savedAt: 1000, rowversion: null, idempotencyKey: null };
    await drafts.save(mine, typed);
    await drafts.save(colleague, typed);
    const { client } = openShell();
    await menuReady();
    await userEvent.click(screen.getByRole('button', { name: text('shell.logout') }));
    await waitFor(() => expect(client.logouts).toBe(1));
    expect(await drafts.load(mine)).toBeNull();
    expect(await drafts.load(colleague)).not.toBeNull();
    setAppDraftStore(null);
  });

  it('keeps the drafts when the session is ended by the server (forced logout)', async () => {
    const drafts = createDraftStore({ backend: createMemoryBackend(), now: () => 1000 });
    setAppDraftStore(drafts);
    const mine = { ...draftScope, studyId: roleLoginInfo.studyid ?? '', userId: roleLoginInfo.userid ?? '' };
    await drafts.save(mine, {
      values: { SYSBP: '120' },
      savedAt: 1000,
      rowversion: null,
      idempotencyKey: null,
    });
    const platform = createTestPlatform();
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    renderApp('/index/statistics', { client: shellClient(), platform });
    await menuReady();
    act(() => platform.emitLogout(401));
    expect(await drafts.load(mine)).not.toBeNull();
    setAppDraftStore(null);
  });

  it('opens a help document in the full-screen overlay', async () => {
    openShell();
    await menuReady();
    await userEvent.click(screen.getByRole('button', { name: text('shell.help') }));
    const [doc] = helpDocs;
    await userEvent.click(await screen.findByRole('menuitem', { name: doc?.name.zh_CN }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', doc?.url);
  });

  it('sends users without a role to /checkRole and users without a login to /entrance', async () => {
    seedSession(window.sessionStorage, { ...roleLoginInfo, roleid: null, siteid: null });
    const first = renderApp('/index/statistics', {
      client: createFakeApiClient({ siteList: [] }),
    });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/checkRole'));
    first.unmount();
    sessionStorage.clear();
    const second = renderApp('/index/statistics', { client: createFakeApiClient({}, { token: null }) });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/loginfront'));
  });

  it('runs the session monitor while mounted and stops it on logout', async () => {
    const intervals = new Map<number, number>();
    let next = 1;
    const timers: Timers = {
      setInterval: (_fn, ms) => {
        intervals.set(next, ms);
        return next++;
      },
      clearInterval: (handle) => {
        intervals.delete(handle as number);
      },
      setTimeout: () => 0,
      clearTimeout: () => {},
    };
    const platform = createTestPlatform({ timers });
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    renderApp('/index/statistics', { client: shellClient(), platform });
    await menuReady();
    expect([...intervals.values()].sort()).toEqual([HEARTBEAT_INTERVAL_MS, EXPIRY_INTERVAL_MS].sort());
    act(() => platform.emitLogout(405));
    expect(intervals.size).toBe(0);
  });

  it('while the heartbeat gets no answer: a banner (and one notice), no logout; it goes when the server answers', async () => {
    const ticks = new Map<number, { fn: () => void; ms: number }>();
    let next = 1;
    const timers: Timers = {
      setInterval: (fn, ms) => {
        ticks.set(next, { fn, ms });
        return next++;
      },
      clearInterval: (handle) => {
        ticks.delete(handle as number);
      },
      setTimeout: () => 0,
      clearTimeout: () => {},
    };
    const heartbeat = () => [...ticks.values()].find((t) => t.ms === HEARTBEAT_INTERVAL_MS)?.fn();
    let away = true;
    const client = createFakeApiClient({
      appVersion: { version: 'V2.0.10' },
      menuList: sampleMenus,
      heartBeat: () => {
        if (away) throw fakeFailure('network', '/login/heartBeat.do');
        return 1;
      },
    });
    const platform = createTestPlatform({ timers });
    const notices: string[] = [];
    platform.notifier.subscribe((n) => void notices.push(n.messageId ?? ''));
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    renderApp('/index/statistics', { client, platform });
    await menuReady();
    for (let i = 0; i < 6; i++) {
      await act(async () => {
        heartbeat();
        await Promise.resolve();
      });
    }
    expect(await screen.findByTestId('outage-banner')).toHaveTextContent(text('request.network'));
    expect(notices.filter((id) => id === 'request.network')).toHaveLength(1);
    expect(client.forcedLogouts).toEqual([]);
    away = false;
    await act(async () => {
      heartbeat();
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByTestId('outage-banner')).toBeNull());
  });

  it('fetches the picture permissions of the chosen role once and keeps them', async () => {
    const picParams = { can_ocr: false, can_see: true, can_upload: true, can_desen: false };
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    const client = createFakeApiClient({
      appVersion: { version: 'V2.0.10' },
      menuList: sampleMenus,
      findPicParam: picParams,
    });
    renderApp('/index/statistics', { client });
    await menuReady();
    await waitFor(() => expect(loadPicParams(window.sessionStorage)).toEqual(picParams));
    expect(client.paramsOf('findPicParam')).toHaveLength(1);
  });
});

describe('landing and deep links', () => {
  it('lands on the first page of the role’s menu (the data manager: the subject list)', async () => {
    const { router } = openShell({ path: '/index' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/subjects'));
  });

  it('skips menu entries this build does not have; the welcome card when nothing is left', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, ['/index/remindlist', '/index/statistics']);
    const later = { menuCode: 'later', name: { zh_CN: '以后', en: 'Later' }, path: '/index/remindlist' };
    const stats = {
      menuCode: 'statistics',
      name: { zh_CN: '数据统计', en: 'Statistics' },
      path: '/index/statistics',
    };
    const first = renderApp('/index', {
      client: createFakeApiClient({
        appVersion: { version: 'V2.0.10' },
        menuList: { menus: [later, stats], allowedPaths: ['/index/remindlist', '/index/statistics'] },
      }),
    });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/index/statistics'));
    first.unmount();
    const second = renderApp('/index', {
      client: createFakeApiClient({
        appVersion: { version: 'V2.0.10' },
        menuList: { menus: [later], allowedPaths: ['/index/remindlist'] },
      }),
    });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/index/statistics'));
  });

  it('remembers a deep link opened while logged out and opens it after login and role choice', async () => {
    const loggedOut = renderApp('/index/statistics?tab=2', {
      client: createFakeApiClient({}, { token: null }),
    });
    await waitFor(() => expect(loggedOut.router.state.location.pathname).toBe('/loginfront'));
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBe('/index/statistics?tab=2');
    loggedOut.unmount();
    // /checkRole leaves the session like this and opens /index
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    const { router } = renderApp('/index', { client: shellClient() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/statistics'));
    expect(router.state.location.search).toBe('?tab=2');
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBeNull();
  });

  it('never remembers the login, entrance or error pages, nor an address of another site', () => {
    for (const path of ['/loginfront', '/entrance', '/401', '/checkRole', '//evil.example/x', 'https://x']) {
      expect(isReturnablePath(path)).toBe(false);
    }
    expect(isReturnablePath('/index/subjects/s1')).toBe(true);
    expect(isReturnablePath('/subjects')).toBe(true);
  });
});
