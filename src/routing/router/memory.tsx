/**
 * Routers in memory, for tests and stories: `createMemoryRouter(routes, { initialEntries })` for `<RouterProvider>`,
 * and `<MemoryRouter>` with `<Routes>`/`<Route>` elements (react-router's component API, top-level `<Routes>` only).
 */
import { Children, isValidElement, useMemo, useState, type ReactNode } from 'react';
import { renderMatches, RouterRoot } from './context';
import { useLocation } from './hooks';
import { createMemoryHistory, type MemoryHistoryOptions } from './history';
import { matchRoutes, type RouteObject } from './matchRoutes';
import { createRouter, type Router } from './router';

export interface MemoryRouterOptions extends MemoryHistoryOptions {
  /** The entries are whole paths, with the basename. */
  basename?: string;
}

export function createMemoryRouter(
  routes: readonly RouteObject[],
  options: MemoryRouterOptions = {},
): Router {
  return createRouter(routes, createMemoryHistory(options), options.basename || '/');
}

export function MemoryRouter({ children, ...options }: MemoryRouterOptions & { children?: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([], options));
  return <RouterRoot router={router}>{children}</RouterRoot>;
}

export type RouteProps = Omit<RouteObject, 'children'> & { children?: ReactNode };

/** A route of `<Routes>`: configuration only, never rendered itself. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error('A <Route> is only ever used as a child of <Routes>.');
}

function routesOf(children: ReactNode): RouteObject[] {
  return Children.toArray(children)
    .filter((child) => isValidElement<RouteProps>(child))
    .map(({ props: { children: nested, ...route } }) => ({
      ...route,
      children: nested === undefined ? undefined : routesOf(nested),
    }));
}

/** The `<Route>` children that match the current location. */
export function Routes({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const routes = useMemo(() => routesOf(children), [children]);
  return renderMatches(matchRoutes(routes, location) ?? [], location);
}
