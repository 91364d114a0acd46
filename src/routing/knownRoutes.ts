import { matchRoutes } from './router';
import { appRoutes } from '../routes';
import type { RouteHandle } from './paths';

/** Whether this build has a page for `path` (a path that only the catch-all matches is unknown). */
export function isKnownRoute(path: string): boolean {
  const matches = matchRoutes(appRoutes, path);
  if (!matches || matches.length === 0) return false;
  const handle = matches[matches.length - 1]?.route.handle as RouteHandle | undefined;
  return !handle?.unknownPath;
}
