/**
 * The navigation store: the current location and its route matches, navigations (push, replace, back/forward) and
 * the blocker that may hold them. Like react-router's data router without data: no loaders, actions, fetchers or
 * lazy routes, so a navigation is done when it returns (`navigation.state` is always 'idle').
 */
import { createBrowserHistory, type History } from './history';
import { matchRoutes, type RouteMatch, type RouteObject } from './matchRoutes';
import {
  createKey,
  resolveTo,
  stripBasename,
  withBasename,
  type HistoryAction,
  type Location,
  type Path,
  type To,
} from './path';

export interface NavigateOptions {
  /** Replace the current entry instead of adding one. */
  replace?: boolean;
  /** Given to the next location as `location.state`. */
  state?: unknown;
  /**
   * How a relative path resolves: always against the current path (`'..'` drops its last segment). Only `'path'`
   * is accepted, so that nobody expects react-router's route-relative resolution.
   */
  relative?: 'path';
}

export type Blocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined; location: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void; location: Location }
  | { state: 'proceeding'; proceed: undefined; reset: undefined; location: Location };

export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;

export const IDLE_BLOCKER: Blocker = {
  state: 'unblocked',
  proceed: undefined,
  reset: undefined,
  location: undefined,
};

export interface RouterState {
  /** The whole path, with the basename (as react-router's `router.state.location`; `useLocation()` has it without). */
  location: Location;
  historyAction: HistoryAction;
  /** Null when no route matches (nothing is rendered). */
  matches: RouteMatch[] | null;
  navigation: { state: 'idle' };
  blockers: ReadonlyMap<string, Blocker>;
}

export interface Router {
  readonly basename: string;
  readonly routes: readonly RouteObject[];
  readonly state: RouterState;
  /** A path (absolute, or relative to the current one) or a number of entries back (< 0) or forward. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** `location` as the app sees it: without the basename (taken as it is when it is not below the basename). */
  appLocation(location: Location): Location;
  /** Registers (or updates) the blocker `key` (it gets app locations); the last one registered decides. */
  getBlocker(key: string, shouldBlock: BlockerFunction): Blocker;
  deleteBlocker(key: string): void;
  createHref(path: Path): string;
  dispose(): void;
}

/** Refuses what would leave the app: `//host`, `/\host` or an address with a scheme. */
function assertInApp(to: To): void {
  const path = typeof to === 'string' ? to : (to.pathname ?? '');
  if (/^(?:[a-z][a-z\d+.-]*:|\/\/|\/\\|\\)/i.test(path))
    throw new Error('External navigation is not allowed');
}

export function createRouter(routes: readonly RouteObject[], history: History, basename = '/'): Router {
  const appLocation = (location: Location): Location => {
    const pathname = stripBasename(location.pathname, basename);
    return pathname === null || pathname === location.pathname ? location : { ...location, pathname };
  };
  const listeners = new Set<(state: RouterState) => void>();
  const blockerFunctions = new Map<string, BlockerFunction>();
  let unblockPop: (() => void) | undefined;
  let state: RouterState = {
    location: history.location,
    historyAction: 'POP',
    matches: matchRoutes(routes, history.location, basename),
    navigation: { state: 'idle' },
    blockers: new Map(),
  };

  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener(state);
  };
  const updateBlocker = (key: string, blocker: Blocker) => {
    const blockers = new Map(state.blockers);
    blockers.set(key, blocker);
    update({ blockers });
  };
  const resetBlocker = (key: string) => () => updateBlocker(key, IDLE_BLOCKER);

  /** The key of the blocker that holds this navigation, if any (the last one registered; never while it proceeds). */
  const blockingKey = (nextLocation: Location, historyAction: HistoryAction): string | undefined => {
    const last = [...blockerFunctions].pop();
    if (!last) return undefined;
    const [key, shouldBlock] = last;
    if (state.blockers.get(key)?.state === 'proceeding') return undefined;
    const currentLocation = appLocation(state.location);
    return shouldBlock({ currentLocation, nextLocation: appLocation(nextLocation), historyAction })
      ? key
      : undefined;
  };

  const complete = (historyAction: HistoryAction, location: Location) => {
    if (historyAction === 'PUSH') history.push(location);
    else if (historyAction === 'REPLACE') history.replace(location);
    let blockers = state.blockers;
    if (blockers.size > 0) blockers = new Map([...blockers.keys()].map((key) => [key, IDLE_BLOCKER]));
    update({ location, historyAction, matches: matchRoutes(routes, location, basename), blockers });
  };

  const unlisten = history.listen((location, delta) => {
    if (unblockPop) {
      // the browser moving back to where a blocked back/forward started
      unblockPop();
      unblockPop = undefined;
      return;
    }
    const key = blockingKey(location, 'POP');
    if (key !== undefined && delta !== null) {
      const undone = new Promise<void>((resolve) => {
        unblockPop = resolve;
      });
      history.go(-delta);
      updateBlocker(key, {
        state: 'blocked',
        location,
        proceed() {
          updateBlocker(key, { state: 'proceeding', proceed: undefined, reset: undefined, location });
          void undone.then(() => history.go(delta));
        },
        reset: resetBlocker(key),
      });
      return;
    }
    complete('POP', location);
  });

  const navigate = (to: To | number, options: NavigateOptions = {}): Promise<void> => {
    if (typeof to === 'number') {
      history.go(to);
      return Promise.resolve();
    }
    assertInApp(to);
    const path = resolveTo(to, appLocation(state.location).pathname);
    const nextLocation: Location = {
      ...history.encode({ ...path, pathname: withBasename({ ...path, search: '', hash: '' }, basename) }),
      state: options.state ?? null,
      key: createKey(),
    };
    const historyAction: HistoryAction = options.replace ? 'REPLACE' : 'PUSH';
    const key = blockingKey(nextLocation, historyAction);
    if (key !== undefined) {
      updateBlocker(key, {
        state: 'blocked',
        location: nextLocation,
        proceed() {
          updateBlocker(key, {
            state: 'proceeding',
            proceed: undefined,
            reset: undefined,
            location: nextLocation,
          });
          void navigate(to, options);
        },
        reset: resetBlocker(key),
      });
      return Promise.resolve();
    }
    complete(historyAction, nextLocation);
    return Promise.resolve();
  };

  return {
    basename,
    routes,
    get state() {
      return state;
    },
    navigate,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getBlocker(key, shouldBlock) {
      blockerFunctions.set(key, shouldBlock);
      return state.blockers.get(key) ?? IDLE_BLOCKER;
    },
    deleteBlocker(key) {
      blockerFunctions.delete(key);
      if (state.blockers.has(key)) {
        const blockers = new Map(state.blockers);
        blockers.delete(key);
        state = { ...state, blockers };
      }
    },
    createHref: (path) => withBasename(path, basename),
    appLocation,
    dispose() {
      unlisten();
      listeners.clear();
      blockerFunctions.clear();
    },
  };
}

/** The app's router: the browser's address and history, below `basename` (e.g. `/edcweb`). */
export function createBrowserRouter(
  routes: readonly RouteObject[],
  options: { basename?: string } = {},
): Router {
  const basename = options.basename || '/';
  return createRouter(routes, createBrowserHistory(), basename);
}
