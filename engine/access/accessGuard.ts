/**
 * Access rules (issue 2 part 5, spec §6): the current role's allowed paths are kept in session storage; a management
 * page that is not among them redirects to /401; report pages are exempt; every other page is open. The server
 * enforces the same list on its side: this guard is a convenience, not security.
 *
 * Paths are router paths (without the `/edcweb` base). Matching ignores case (the router does too), the query, the
 * hash, repeated and trailing slashes, and resolves `.` and `..`.
 */
import type { KeyValueStore } from '../ports';
import { STORAGE_KEYS } from '../session/storageKeys';

/** Management pages (spec §6): only for roles whose allowed paths include them. Sub-paths belong to their page. */
export const MANAGEMENT_PATHS: readonly string[] = Object.freeze([
  '/index/userManage',
  '/index/roleManage',
  '/index/siteManage',
  '/index/studyConfig',
  '/index/dictionary',
  '/index/menuManage',
  '/index/systemLog',
  '/index/auditLog',
  '/index/dataExport',
  '/index/projectSetting',
]);

export const REPORT_ROOT = '/index/report';
export const UNAUTHORIZED_PATH = '/401';

export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: '/401' };

/** Lower-cased absolute path: no query or hash, no empty, `.` or `..` segments, no trailing slash. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  for (const segment of bare.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
}

/** `path` is `base` or below it (both normalised). */
function isWithin(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/**
 * Report pages: the first segment under /index starts with `report` (`/index/report/…`, `/index/reportQuery`).
 * A `report` segment deeper down (`/index/userManage/report`) does not make a management page a report page.
 */
export function isReportPath(path: string): boolean {
  const p = normalizePath(path);
  if (isWithin(p, REPORT_ROOT.toLowerCase())) return true;
  const [, first, second] = p.split('/');
  return first === 'index' && (second ?? '').startsWith('report');
}

/** The management page a path belongs to, or null. */
export function managementPageOf(path: string): string | null {
  const p = normalizePath(path);
  return MANAGEMENT_PATHS.find((m) => isWithin(p, normalizePath(m))) ?? null;
}

export function checkAccess(path: string, allowedPaths: readonly string[]): AccessDecision {
  if (isReportPath(path)) return { allowed: true };
  const page = managementPageOf(path);
  if (page === null) return { allowed: true };
  const p = normalizePath(path);
  const root = normalizePath(page);
  // an allowed entry grants itself and its sub-paths, but only inside the management page (never '/index' as a whole)
  const granted = allowedPaths.some((entry) => {
    const a = normalizePath(entry);
    return isWithin(a, root) && isWithin(p, a);
  });
  return granted ? { allowed: true } : { allowed: false, redirectTo: UNAUTHORIZED_PATH };
}

export function saveAllowedPaths(store: KeyValueStore, paths: readonly string[]): void {
  store.setItem(STORAGE_KEYS.allowedPaths, JSON.stringify(paths));
}

/** The kept allowed paths; [] when none or corrupt. */
export function loadAllowedPaths(store: KeyValueStore): string[] {
  const raw = store.getItem(STORAGE_KEYS.allowedPaths);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}
