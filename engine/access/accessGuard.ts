/**
 * Access rules (spec §6): the current role's allowed paths are kept in session storage; after navigation, a
 * management page that is not among them redirects to /401; report pages are exempt. The pages this build has that a
 * role's menu grants (the subject list) are guarded the same way, so that a role without them gets /401 instead of a
 * page whose every request is refused. Every other page is open. The server enforces the same list on its side: this
 * guard is a convenience, not security.
 *
 * Paths are router paths (without the `/edcweb` base). Matching ignores case (the router does too), the query, the
 * hash, repeated and trailing slashes, and resolves `.` and `..`.
 */
import type { KeyValueStore } from '../ports';
import { STORAGE_KEYS } from '../session/storageKeys';

/** Management pages (spec §6), exactly its fourteen. Sub-paths belong to their page. */
export const MANAGEMENT_PAGES = Object.freeze([
  'remindlist',
  'crfManage',
  'imgReview',
  'translate',
  'invalidTable',
  'batchCheck',
  'dbLock',
  'userGuide',
  'changeVersion',
  'labNormals',
  'centreLabs',
  'databaseVersion',
  'subjectTransfer',
  'emailHistory',
] as const);

/** The management pages as router paths (children of /index). */
export const MANAGEMENT_PATHS: readonly string[] = Object.freeze(MANAGEMENT_PAGES.map((p) => `/index/${p}`));

/**
 * Pages of this build opened only through the role's menu, each with the allowed path that grants it (the
 * standalone subject list is granted by the subject list of the home shell).
 */
export const MENU_GATED_PAGES: ReadonlyArray<{ path: string; grantedBy: string }> = Object.freeze([
  { path: '/index/subjects', grantedBy: '/index/subjects' },
  { path: '/subjects', grantedBy: '/index/subjects' },
  { path: '/index/subjectInfo', grantedBy: '/index/subjects' },
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

/** The allowed path that grants a menu-gated page, or null when `path` is not one. */
export function menuGateOf(path: string): string | null {
  const p = normalizePath(path);
  return MENU_GATED_PAGES.find((g) => isWithin(p, normalizePath(g.path)))?.grantedBy ?? null;
}

/** Whether an allowed entry grants `path` below the guarded page `root` (never a broad entry such as '/index'). */
function grants(allowedPaths: readonly string[], root: string, path: string): boolean {
  const r = normalizePath(root);
  const p = normalizePath(path);
  return allowedPaths.some((entry) => {
    const a = normalizePath(entry);
    return isWithin(a, r) && isWithin(p, a);
  });
}

export function checkAccess(path: string, allowedPaths: readonly string[]): AccessDecision {
  if (isReportPath(path)) return { allowed: true };
  const page = managementPageOf(path);
  if (page !== null) {
    return grants(allowedPaths, page, path)
      ? { allowed: true }
      : { allowed: false, redirectTo: UNAUTHORIZED_PATH };
  }
  const gate = menuGateOf(path);
  if (gate !== null) {
    // the page and everything below it (a subject, its forms) is granted by the page's own entry
    const granted = allowedPaths.some((entry) => normalizePath(entry) === normalizePath(gate));
    return granted ? { allowed: true } : { allowed: false, redirectTo: UNAUTHORIZED_PATH };
  }
  return { allowed: true };
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
