/** What pages ask of the router: where they are, where to go, the params and query of their route. */
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, type MouseEvent } from 'react';
import {
  LocationContext,
  OutletContext,
  RouteContext,
  RouteErrorContext,
  useRouter,
  useRouterState,
} from './context';
import type { Params } from './matchRoutes';
import { createPath, resolveTo, type Location, type To } from './path';
import type { NavigateOptions } from './router';

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): Promise<void>;
  /** Back (< 0) or forward through the history. */
  (delta: number): Promise<void>;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location)
    throw new Error('useLocation() may be used only inside a <RouterProvider> or <MemoryRouter>.');
  return location;
}

/**
 * A navigate function, the same one for the component's lifetime. A call before the component's first commit does
 * nothing (navigate in an effect or an event handler, never while rendering), as with react-router.
 */
export function useNavigate(): NavigateFunction {
  const router = useRouter('useNavigate');
  const active = useRef(false);
  useLayoutEffect(() => {
    active.current = true;
  });
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (!active.current) {
        if (import.meta.env.DEV) console.warn('navigate() was called while rendering; call it in an effect.');
        return Promise.resolve();
      }
      return router.navigate(to, options);
    },
    [router],
  ) as NavigateFunction;
}

/** The params of the route this component is rendered in (and of the routes above it). */
export function useParams(): Params {
  const { matches } = useContext(RouteContext);
  return matches[matches.length - 1]?.params ?? {};
}

export interface UIMatch {
  id: string;
  pathname: string;
  params: Params;
  handle: unknown;
}

/** Every matched route of the current location, from the root down (the whole match, wherever it is asked). */
export function useMatches(): UIMatch[] {
  const { matches } = useRouterState('useMatches');
  return useMemo(
    () =>
      (matches ?? []).map(({ route, id, pathname, params }) => ({
        id,
        pathname,
        params,
        handle: route.handle,
      })),
    [matches],
  );
}

/** What the nearest `<Outlet context>` above gave. */
export function useOutletContext<Context = unknown>(): Context {
  return useContext(OutletContext) as Context;
}

/** Inside an `errorElement`: what the route below threw. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export type SearchParamsInit =
  | string
  | URLSearchParams
  | ReadonlyArray<readonly [string, string]>
  | Record<string, string | readonly string[]>;

export function createSearchParams(init: SearchParamsInit = ''): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams) return new URLSearchParams(init);
  if (Array.isArray(init)) return new URLSearchParams(init as [string, string][]);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init as Record<string, string | readonly string[]>)) {
    for (const one of typeof value === 'string' ? [value] : value) params.append(key, one);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/**
 * The query of the current location, and a setter that navigates to the same path with a new query (a push unless
 * `{ replace: true }`; the hash is dropped). The function form gets a copy of the query of this render (two calls in
 * one event do not add up, as with react-router). `defaults` fills keys the query lacks until the setter is used.
 */
export function useSearchParams(defaults?: SearchParamsInit): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const defaultsRef = useRef(defaults === undefined ? null : createSearchParams(defaults));
  const params = useMemo(() => {
    const current = createSearchParams(search);
    defaultsRef.current?.forEach((value, key) => {
      if (!current.has(key)) current.append(key, value);
    });
    return current;
  }, [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      // once the query is set, it is what it says: the defaults no longer fill it
      defaultsRef.current = null;
      void navigate(`?${createSearchParams(init).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** The `href` of `to` (resolved against the current path) under the router's basename. */
export function useHref(to: To): string {
  const router = useRouter('useHref');
  const { pathname } = useLocation();
  return router.createHref(resolveTo(to, pathname));
}

/**
 * A link's click handler: a plain left click (no modifier key, no other target) navigates inside the app instead of
 * loading the page; to the current address it replaces the entry unless `replace` says otherwise.
 */
export function useLinkClickHandler<E extends Element>(
  to: To,
  { replace, target, state }: { replace?: boolean; target?: string; state?: unknown } = {},
): (event: MouseEvent<E>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (event: MouseEvent<E>) => {
      const plain = !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
      if (event.button !== 0 || (target && target !== '_self') || !plain) return;
      event.preventDefault();
      const same = createPath(location) === createPath(resolveTo(to, location.pathname));
      void navigate(to, { replace: replace ?? same, state });
    },
    [navigate, location, to, replace, target, state],
  );
}

/** Navigates once rendered (in an effect), e.g. `<Navigate to="/entrance" replace />`. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }): null {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = createPath(resolveTo(to, pathname));
  useEffect(() => {
    void navigate(path, { replace, state });
  }, [navigate, path, replace, state]);
  return null;
}
