import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { saveAllowedPaths } from '../../engine/access/accessGuard';
import { createFakeApiClient } from '../../renderers/testing/fakeApiClient';
import { renderApp, seedSession, text } from '../testing/renderApp';
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
    saveAllowedPaths(window.sessionStorage, ['/index/userManage']);
    const { router } = renderApp('/index/roleManage', { routes: guarded });
    expect(await screen.findByTestId('denied')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
  });

  it('lets an allowed management page through, with its sub-pages', async () => {
    saveAllowedPaths(window.sessionStorage, ['/index/userManage']);
    renderApp('/index/userManage/edit', { routes: guarded });
    expect(await screen.findByTestId('page')).toHaveTextContent('/index/userManage/edit');
  });

  it('lets report pages through without being allowed', async () => {
    saveAllowedPaths(window.sessionStorage, []);
    renderApp('/index/report/enrolment', { routes: guarded });
    expect(await screen.findByTestId('page')).toHaveTextContent('/index/report/enrolment');
  });

  it('checks again after each navigation', async () => {
    saveAllowedPaths(window.sessionStorage, ['/index/userManage']);
    const { router } = renderApp('/index/userManage', { routes: guarded });
    await screen.findByTestId('page');
    await router.navigate('/index/auditLog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
  });

  it('guards the pages of the home shell', async () => {
    seedSession(window.sessionStorage, roleLoginInfo, sampleMenus.allowedPaths);
    const client = createFakeApiClient({ appVersion: { version: 'V2.0.10' }, menuList: sampleMenus });
    const { router } = renderApp('/index/systemLog', { client });
    expect(await screen.findByText(text('error.401.title'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
  });
});
