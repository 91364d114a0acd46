/**
 * The app's router (docs/perf-list-and-bundles.md, stop 27): react-router 7's API as far as the app
 * uses it. `useBlocker` is in './blocker' and the memory routers in './memory' (import them from there: the blocker
 * belongs to the form page's chunk, the memory routers to tests and stories).
 */
export { matchPath, matchRoutes, type Params, type RouteMatch, type RouteObject } from './matchRoutes';
export { createPath, parsePath, type HistoryAction, type Location, type Path, type To } from './path';
export {
  createBrowserRouter,
  createRouter,
  type Blocker,
  type BlockerFunction,
  type NavigateOptions,
  type Router,
  type RouterState,
} from './router';
export { Outlet, RouterProvider } from './context';
export {
  createSearchParams,
  Navigate,
  useHref,
  useLinkClickHandler,
  useLocation,
  useMatches,
  useNavigate,
  useOutletContext,
  useParams,
  useRouteError,
  useSearchParams,
  type NavigateFunction,
  type SearchParamsInit,
  type SetSearchParams,
  type UIMatch,
} from './hooks';
