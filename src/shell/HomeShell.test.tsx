import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginInfo } from '../../engine/api/session';
import type { Timers } from '../../engine/ports';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { HEARTBEAT_INTERVAL_MS, EXPIRY_INTERVAL_MS } from '../../engine/session/sessionMonitor';
import { createDraftStore, createMemoryBackend, type DraftScope } from '../../engine/drafts';
import { createFakeApiClient } from '../../renderers/testing/fakeApiClient';
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
  return { ...renderApp(options.path ?? '/index', { client }), client };
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
    // the DM is granted management pages that later issues build: no dead entries in the menu
    expect(screen.queryByRole('button', { name: '系统管理' })).toBeNull();
    expect(screen.queryByRole('button', { name: '用户管理' })).toBeNull();
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
    renderApp('/index', { client: shellClient(), platform });
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
    renderApp('/index', { client: shellClient(), platform });
    await menuReady();
    expect([...intervals.values()].sort()).toEqual([HEARTBEAT_INTERVAL_MS, EXPIRY_INTERVAL_MS].sort());
    act(() => platform.emitLogout(405));
    expect(intervals.size).toBe(0);
  });
});
