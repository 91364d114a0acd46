/** Paths and locations of the in-house router (what react-router calls `Path`, `Location` and `To`). */

export interface Path {
  /** Starts with `/`. */
  pathname: string;
  /** `''` or `?…`. */
  search: string;
  /** `''` or `#…`. */
  hash: string;
}

export interface Location<State = unknown> extends Path {
  /** What `navigate(to, { state })` gave; null otherwise. */
  state: State;
  /** `'default'` for the first page of the tab (or the first memory entry); a random key for every navigation. */
  key: string;
}

/** Where to go: a path (absolute, or relative to the current path) or its parts (a missing pathname keeps the current one). */
export type To = string | Partial<Path>;

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

/** `/a?b#c` into its parts; a part that is absent stays absent. */
export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    parsed.hash = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  const search = rest.indexOf('?');
  if (search >= 0) {
    parsed.search = rest.slice(search);
    rest = rest.slice(0, search);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

const prefixed = (value: string | undefined, mark: string) =>
  !value || value === mark ? '' : value.startsWith(mark) ? value : `${mark}${value}`;

export function createPath({ pathname = '/', search, hash }: Partial<Path>): string {
  return `${pathname}${prefixed(search, '?')}${prefixed(hash, '#')}`;
}

export const joinPaths = (paths: readonly string[]): string => paths.join('/').replace(/\/\/+/g, '/');

/**
 * `to` resolved against the current pathname, as react-router's `resolveTo` with `relative: 'path'`: an absolute
 * pathname is kept, `..` drops one segment of the current path, `.` or a name appends to it, no pathname keeps it
 * (`{ search }` or `'?a=1'` changes the query only). Search and hash come from `to` alone.
 */
export function resolveTo(to: To, fromPathname: string): Path {
  const target = typeof to === 'string' ? parsePath(to) : to;
  const toPathname = target.pathname;
  let pathname = fromPathname;
  if (toPathname) {
    if (toPathname.startsWith('/')) pathname = toPathname;
    else {
      const segments = fromPathname.replace(/\/+$/, '').split('/');
      for (const segment of toPathname.split('/')) {
        if (segment === '..') {
          if (segments.length > 1) segments.pop();
        } else if (segment !== '.') segments.push(segment);
      }
      pathname = segments.length > 1 ? segments.join('/') : '/';
    }
    // an explicit trailing slash is kept
    if (toPathname !== '/' && toPathname.endsWith('/') && !pathname.endsWith('/')) pathname += '/';
  }
  return { pathname, search: prefixed(target.search, '?'), hash: prefixed(target.hash, '#') };
}

/** `pathname` without `basename` (case-insensitive, on a segment boundary), or null when it is not below it. */
export function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const start = basename.endsWith('/') ? basename.length - 1 : basename.length;
  const next = pathname.charAt(start);
  if (next && next !== '/') return null;
  return pathname.slice(start) || '/';
}

/** The address of `path` under `basename` (`/` is the basename itself, as react-router writes it). */
export function withBasename(path: Path, basename: string): string {
  const pathname =
    basename === '/'
      ? path.pathname
      : path.pathname === '/'
        ? basename
        : joinPaths([basename, path.pathname]);
  return createPath({ ...path, pathname });
}

export const createKey = (): string => Math.random().toString(36).slice(2, 10);
