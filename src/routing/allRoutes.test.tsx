/**
 * Every route of the route table, signed in as each seeded role (their menus and allowed paths as the reference
 * server answers them, fixtures/session/menuList/*.json): no route may end on the route error boundary (the 500
 * page); a page the role may not open ends on /401. Answers come from the server's own fixtures.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteObject } from './router';
import { checkAccess } from '../../engine/access/accessGuard';
import { ALL_FIXTURES, fixtures, menuListByRole } from '../../fixtures';
import { createFakeApiClient, type FakeHandlers } from '../../renderers/testing/fakeApiClient';
import { appRoutes } from '../routes';
import { renderApp, seedSession, text } from '../testing/renderApp';
import { createTestPlatform } from '../testing/testPlatform';
import { formPath } from './formPaths';
import { PATHS, subjectInfoPath, subjectPath } from './paths';

type Role = keyof typeof menuListByRole;
const ROLES = Object.keys(menuListByRole) as Role[];

/** One successful answer per endpoint, from the fixtures (the first one of each). */
function fixtureHandlers(): Record<string, unknown> {
  const handlers: Record<string, unknown> = {};
  for (const { def, body } of ALL_FIXTURES) {
    const env = body as { success?: unknown; data?: unknown };
    if (env.success === true && !(def.name in handlers)) handlers[def.name] = env.data;
  }
  return handlers;
}

/** Every path of the route table, parameters filled from the fixtures, catch-alls left out. */
function routePaths(routes: RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of routes) {
    const here = route.index
      ? parent || '/'
      : route.path
        ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
        : parent;
    if (route.path !== '*') {
      if (route.index || route.path) out.push(here);
      if (route.children) out.push(...routePaths(route.children, here));
    }
  }
  return [...new Set(out)];
}

const SUBJECT = 'subj-bj01-0001';
function fill(path: string): string {
  const form = { visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
  return path
    .replace(':subjectid', SUBJECT)
    .replace(':visitnum', form.visitnum)
    .replace(':cycnum', String(form.cycnum))
    .replace(':svnum', String(form.svnum))
    .replace(':tid', form.tid);
}

const PATHS_OF_TABLE = [
  ...routePaths(appRoutes).map(fill),
  // pages that name their subject in the query
  subjectInfoPath(SUBJECT),
];
const ERROR_PAGES = new Set<string>([
  PATHS.unauthorized,
  PATHS.forcedLogout,
  PATHS.notFound,
  PATHS.serverError,
]);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the route table', () => {
  it('has the routes of spec §2 that this build serves', () => {
    expect(PATHS_OF_TABLE).toEqual(
      expect.arrayContaining([
        '/',
        PATHS.entrance,
        PATHS.loginFront,
        PATHS.checkRole,
        PATHS.index,
        PATHS.statistics,
        PATHS.subjects,
        PATHS.subjectInfo,
        PATHS.standaloneSubjects,
        subjectPath(PATHS.subjects, SUBJECT),
        formPath(PATHS.subjects, SUBJECT, { visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' }),
        ...ERROR_PAGES,
      ]),
    );
  });
});

describe.each(ROLES)('every route as %s', (role) => {
  const menus = menuListByRole[role].data;
  const info = { ...fixtures.loginInfo.data, role, rolecode: role };

  it.each(PATHS_OF_TABLE)('%s renders without an error page', async (path) => {
    seedSession(window.sessionStorage, info, menus.allowedPaths);
    const handlers = { ...fixtureHandlers(), menuList: menus, login: info } as FakeHandlers;
    const client = createFakeApiClient(handlers);
    const platform = createTestPlatform();
    const { router } = renderApp(path, { client, platform });

    // lazy pages load, redirects settle
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 3000 }).catch(
      () => undefined,
    );

    const where = router.state.location.pathname;
    const crashed = platform.reports.filter((r) => r.kind === 'error');
    expect(crashed, `${role} ${path} → ${where}: ${String(crashed[0]?.error)}`).toEqual([]);
    if (!ERROR_PAGES.has(path)) {
      expect(screen.queryByText(text('error.500.title')), `${role} ${path} → ${where}`).toBeNull();
    }
    const decision = checkAccess(path, menus.allowedPaths);
    if (!decision.allowed) expect(where, `${role} may not open ${path}`).toBe(PATHS.unauthorized);
  });
});
