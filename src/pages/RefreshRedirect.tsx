import { Navigate, useSearchParams } from '../routing/router';
import { PATHS, REFRESH_TARGET_PARAM, isInAppPath } from '../routing/paths';

const REFRESH_ROUTES = [PATHS.refresh, PATHS.indexRefresh];

function isRefreshRoute(path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return REFRESH_ROUTES.some((route) => bare.toLowerCase() === route.toLowerCase());
}

interface RefreshRedirectProps {
  /** Where to go when `?path=` is missing or not acceptable. */
  fallback: string;
  /** Only targets below this path are accepted. */
  within?: string;
}

/** Opens `?path=` again: passing through this route remounts the target page (a route "reload"). */
function RefreshRedirect({ fallback, within }: RefreshRedirectProps) {
  const [search] = useSearchParams();
  const target = search.get(REFRESH_TARGET_PARAM);
  const acceptable =
    isInAppPath(target) &&
    !isRefreshRoute(target) &&
    (!within || target === within || target.startsWith(`${within}/`) || target.startsWith(`${within}?`));
  const accepted = acceptable && target ? target : fallback;
  return <Navigate to={accepted} replace />;
}

/** /refresh?path=… — reloads any in-app route. */
export function RefreshPage() {
  return <RefreshRedirect fallback={PATHS.index} />;
}

/** /index/indexRefresh?path=… — reloads a page of the shell without leaving the shell. */
export function IndexRefreshPage() {
  return <RefreshRedirect fallback={PATHS.statistics} within={PATHS.index} />;
}
