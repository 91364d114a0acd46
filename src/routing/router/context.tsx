/**
 * The router in React: RouterProvider keeps the store's state in React state (updated inside startTransition, as
 * react-router 7 does: a page that suspends keeps the old one on screen) and renders the matched routes, each
 * route's element with its child in `<Outlet />` and an error boundary at every route with an `errorElement`.
 */
import {
  Component,
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { RouteMatch } from './matchRoutes';
import type { Location } from './path';
import type { Router, RouterState } from './router';

export const RouterContext = createContext<Router | null>(null);
export const RouterStateContext = createContext<RouterState | null>(null);
/** The location alone: its readers do not render again when only a blocker changes. */
export const LocationContext = createContext<Location | null>(null);

export interface RouteContextValue {
  /** The element of the child route (what `<Outlet />` renders). */
  outlet: ReactNode;
  /** The matches from the root down to this route. */
  matches: readonly RouteMatch[];
}

export const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });
export const OutletContext = createContext<unknown>(undefined);
export const RouteErrorContext = createContext<unknown>(undefined);

export function useRouter(hook: string): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only inside a <RouterProvider> or <MemoryRouter>.`);
  return router;
}

export function useRouterState(hook: string): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error(`${hook}() may be used only inside a <RouterProvider> or <MemoryRouter>.`);
  return state;
}

interface BoundaryProps {
  location: Location;
  errorElement: ReactNode;
  value: RouteContextValue;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  location: Location;
  failed: boolean;
}

/** A route's error boundary: shows its errorElement (with `useRouteError()`) until the location changes. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location
      ? null
      : { error: undefined, failed: false, location: props.location };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <RouteContext.Provider value={this.props.value}>
        <RouteErrorContext.Provider value={this.state.error}>
          {this.props.errorElement}
        </RouteErrorContext.Provider>
      </RouteContext.Provider>
    );
  }
}

/** The elements of `matches`, nested: each one's child is its `<Outlet />`. */
export function renderMatches(matches: readonly RouteMatch[], location: Location): ReactNode {
  return matches.reduceRight<ReactNode>((outlet, match, index) => {
    const value: RouteContextValue = { outlet, matches: matches.slice(0, index + 1) };
    const { element, errorElement } = match.route;
    const content = (
      <RouteContext.Provider value={value}>
        {element === undefined ? <Outlet /> : element}
      </RouteContext.Provider>
    );
    if (errorElement === undefined) return content;
    return (
      <RouteErrorBoundary
        location={location}
        errorElement={errorElement}
        value={{ outlet: null, matches: value.matches }}
      >
        {content}
      </RouteErrorBoundary>
    );
  }, null);
}

/** The child route's element, with `context` for `useOutletContext()` below it. */
export function Outlet({ context }: { context?: unknown }): ReactNode {
  const { outlet } = useContext(RouteContext);
  return outlet ? <OutletContext.Provider value={context}>{outlet}</OutletContext.Provider> : outlet;
}

/** The store's state for React, and the matched routes, or `children` in their place (MemoryRouter). */
export function RouterRoot({ router, children }: { router: Router; children?: ReactNode }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const unsubscribe = router.subscribe((next) => startTransition(() => setState(next)));
    // a change between the first render and now
    setState(router.state);
    return unsubscribe;
  }, [router]);
  const location = useMemo(() => router.appLocation(state.location), [router, state.location]);
  return (
    <RouterContext.Provider value={router}>
      <RouterStateContext.Provider value={state}>
        <LocationContext.Provider value={location}>
          {children ?? renderMatches(state.matches ?? [], location)}
        </LocationContext.Provider>
      </RouterStateContext.Provider>
    </RouterContext.Provider>
  );
}

/** Renders the routes of `router` at its location. */
export function RouterProvider({ router }: { router: Router }) {
  return <RouterRoot router={router} />;
}
