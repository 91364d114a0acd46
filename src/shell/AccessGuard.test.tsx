import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Outlet, useLocation, type RouteObject } from '../routing/router';
import { saveAllowedPaths } from '../../engine/access/accessGuard';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { createFakeApiClient } from '../../renderers/testing/fakeApiClient';
import { renderApp, seedSession, text } from '../testing/renderApp';
import { menuListByRole } from '../../fixtures';
import { roleLoginInfo, sampleMenus } from '../testing/sampleData';
import { AccessGuard } from './AccessGuard';

function Probe() {
  return <p data-testid="page">{useLocation().pathname}</p>;
}

const guarded: RouteObject[] = [
  {
    path: '/index',
    element: (
      <AccessGuard>
        <Outlet />
      </AccessGuard>
    ),
    children: [{ path: '*', element: <Probe /> }],
  },
  { path: '/401', element: <p data-testid="denied">401</p> },
];

describe('access guard', () => {
  it('redirects a management page the role may not open to /401', async () => {
    saveAllowedPaths(window.sessionStorage, ['/index/remindlist']);
    const { router } = renderApp('/index/crfManage', { routes: guarded });
    expect(await screen.findByTestId('denied')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
  });

  it('lets an allowed management page through, with its sub-pages', async () => {
    saveAllowedPaths(window.sessionStorage, ['/index/remindlist']);
    renderApp('/index/remindlist/edit', { routes: guarded });
    expect(await screen.findByTestId('page')).toHaveTextContent('/index/remindlist/edit');
  });

  it('lets report pages through without being allowed', async () => {
    saveAllowedPaths(window.sessionStorage, []);
    renderApp('/index/report/enrolment', { routes: guarded });
    expect(await screen.findByTestId('page')).toHaveTextContent('/index/report/enrolment');
  });

  it('leaves a page whose session was just cleared (a logout on its way to the login page) to the logout', async () => {
    // the logout cleared the session keys, the allowed paths among them, before its navigation renders
    window.sessionStorage.removeItem(STORAGE_KEYS.allowedPaths);
    const { router } = renderApp('/index/subjects', { routes: guarded });
    expect(await screen.findByTestId('page')).toHaveTextContent('/index/subjects');
    expect(router.state.location.pathname).toBe('/index/subjects');
  });

  it('checks again after each navigation', async () => {
    saveAllowedPaths(window.sessionStorage, ['/index/remindlist']);
    const { router } = renderApp('/index/remindlist', { routes: guarded });
    await screen.findByTestId('page');
    await router.navigate('/index/dbLock');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
  });

  it('guards the pages of the home shell', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    const client = createFakeApiClient({ appVersion: { version: 'V2.0.10' }, menuList: sampleMenus });
    const { router } = renderApp('/index/emailHistory', { client });
    expect(await screen.findByText(text('error.401.title'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
  });

  it('sends a role without the subject list (the coder) to /401, without a request or a banner', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, menuListByRole.CODER.data.allowedPaths);
    const client = createFakeApiClient({
      appVersion: { version: 'V2.0.10' },
      menuList: menuListByRole.CODER.data,
    });
    const { router, platform } = renderApp('/index/subjects', { client });
    const notices: unknown[] = [];
    platform.notifier.subscribe((n) => void notices.push(n));
    expect(await screen.findByText(text('error.401.title'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
    expect(client.calls.map((c) => c.path).filter((p) => p.includes('/subject'))).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('guards the standalone subject list the same way', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, menuListByRole.SUPPORT.data.allowedPaths);
    const client = createFakeApiClient({ menuList: menuListByRole.SUPPORT.data });
    const { router } = renderApp('/subjects', { client });
    expect(await screen.findByText(text('error.401.title'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
  });
});
