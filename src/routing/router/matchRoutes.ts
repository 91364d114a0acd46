/**
 * Route objects and path matching, with react-router 7's rules: segments are static, `:param` or a final `*`
 * (splat); matching ignores case and trailing slashes; params are decoded; among the routes that match, the one
 * with the highest score wins (static 10 > dynamic 3 > empty 1 per segment, +2 for an index route, -2 for a splat),
 * and on a tie the sibling declared first. Optional segments (`:a?`, `b?`) are not supported (the app has none).
 */
import type { ReactNode } from 'react';
import { joinPaths, parsePath, stripBasename, type Path } from './path';

export interface RouteObject {
  /** Relative to the parent route's path (or absolute and below it); absent for a layout route. */
  path?: string;
  /** Rendered at its parent's path exactly (in its parent's `<Outlet />`). */
  index?: boolean;
  caseSensitive?: boolean;
  /** Absent: an `<Outlet />`. */
  element?: ReactNode;
  /** Shown instead of this route's element when it or a route below it throws while rendering (`useRouteError`). */
  errorElement?: ReactNode;
  /** Anything the app wants to know of a matched route (`useMatches()`). */
  handle?: unknown;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  /** Position in the route tree (`0-3-1`), as react-router numbers them. */
  id: string;
  /** Every param of the whole match (one object shared by all the matches of a location). */
  params: Params;
  /** The part of the pathname this route matched, from the start. */
  pathname: string;
  /** `pathname` without what a splat matched. */
  pathnameBase: string;
  route: RouteObject;
}

interface RouteMeta {
  relativePath: string;
  caseSensitive: boolean;
  route: RouteObject;
  id: string;
  childIndex: number;
}

interface Branch {
  score: number;
  metas: RouteMeta[];
}

interface PathMatch {
  params: Record<string, string>;
  pathname: string;
  pathnameBase: string;
}

const isSplat = (segment: string) => segment === '*';

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function flatten(
  routes: readonly RouteObject[],
  branches: Branch[],
  parents: RouteMeta[],
  parentPath: string,
) {
  routes.forEach((route, childIndex) => {
    let relativePath = route.path ?? '';
    if (relativePath.startsWith('/')) {
      if (!relativePath.startsWith(parentPath)) {
        throw new Error(
          `Absolute route path "${relativePath}" is not below its parent's path "${parentPath}".`,
        );
      }
      relativePath = relativePath.slice(parentPath.length);
    }
    const parentId = parents[parents.length - 1]?.id;
    const meta: RouteMeta = {
      relativePath,
      caseSensitive: route.caseSensitive === true,
      route,
      id: parentId === undefined ? String(childIndex) : `${parentId}-${childIndex}`,
      childIndex,
    };
    const path = joinPaths([parentPath, relativePath]);
    const metas = [...parents, meta];
    if (route.children && route.children.length > 0) {
      if (route.index) throw new Error(`An index route cannot have children (path "${path}").`);
      flatten(route.children, branches, metas, path);
    }
    if (route.path == null && !route.index) return;
    branches.push({ score: computeScore(path, route.index), metas });
  });
}

/** Siblings (same parents) in declaration order; anything else keeps its order. */
function compareIndexes(a: RouteMeta[], b: RouteMeta[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((meta, i) => meta.route === b[i]?.route);
  return siblings ? a[a.length - 1]!.childIndex - b[b.length - 1]!.childIndex : 0;
}

const ranked = new WeakMap<readonly RouteObject[], Branch[]>();

function branchesOf(routes: readonly RouteObject[]): Branch[] {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = [];
    flatten(routes, branches, [], '');
    branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIndexes(a.metas, b.metas)));
    ranked.set(routes, branches);
  }
  return branches;
}

const compiled = new Map<string, [RegExp, string[]]>();

function compilePath(path: string, caseSensitive: boolean, end: boolean): [RegExp, string[]] {
  const cacheKey = `${path}\u0000${caseSensitive}\u0000${end}`;
  const cached = compiled.get(cacheKey);
  if (cached) return cached;
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  const result: [RegExp, string[]] = [new RegExp(source, caseSensitive ? undefined : 'i'), names];
  compiled.set(cacheKey, result);
  return result;
}

/** Whether `pathname` matches the route path `pattern` (all of it when `end`, else a prefix on a segment boundary). */
export function matchPath(
  pattern: { path: string; caseSensitive?: boolean; end?: boolean },
  pathname: string,
): PathMatch | null {
  const [matcher, names] = compilePath(pattern.path, pattern.caseSensitive === true, pattern.end !== false);
  const match = matcher.exec(pathname);
  if (!match) return null;
  const matched = match[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    if (name === '*') pathnameBase = matched.slice(0, matched.length - value.length).replace(/(.)\/+$/, '$1');
    params[name] = value.replace(/%2F/g, '/');
  });
  return { params, pathname: matched, pathnameBase };
}

/** Each segment decoded (an encoded `/` stays `%2F`, so that it does not split a segment). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string> = {};
  const matches: RouteMatch[] = [];
  let matchedPathname = '/';
  for (let i = 0; i < branch.metas.length; i += 1) {
    const meta = branch.metas[i]!;
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = matchPath(
      { path: meta.relativePath, caseSensitive: meta.caseSensitive, end: i === branch.metas.length - 1 },
      remaining,
    );
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      id: meta.id,
      params,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: joinPaths([matchedPathname, match.pathnameBase]).replace(/\/+$/, '') || '/',
      route: meta.route,
    });
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

/**
 * The routes, from the root down, that render `location` (a path, or its parts; only the pathname counts), or null
 * when no route matches or it is not below `basename`.
 */
export function matchRoutes(
  routes: readonly RouteObject[],
  location: string | Partial<Path>,
  basename = '/',
): RouteMatch[] | null {
  const given = (typeof location === 'string' ? parsePath(location) : location).pathname ?? '/';
  const pathname = stripBasename(given, basename);
  if (pathname === null) return null;
  const decoded = decodePath(pathname);
  for (const branch of branchesOf(routes)) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
