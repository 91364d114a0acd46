/**
 * The page check of a request (guard.ts requirePageOf): whether a page is open to a role, answered once per menu-rows
 * array. sessions.ts shares one menu-rows array per (role, access version) across the sessions and requests that read
 * or kept it; a new access version (any write to roles, grants or menus) reads a new array, so an answer kept here
 * for the old one is never asked again (and goes with it: a WeakMap). The menus are not rebuilt and the constant path
 * tables not normalised again on every request.
 */
import { checkAccess, isReportPath, normalizePath } from '../../../engine/access/accessGuard';
import { buildRoleMenus, type MenuRow } from './menus';

/**
 * The page check's rule (the client's guard, engine/access/accessGuard.ts, and the role's menu): management pages
 * only when granted, report pages always, every other page only when among the allowed paths. Fail closed: a page the
 * menus do not know is open to no role.
 */
export function isPageOpen(allowedPaths: readonly string[], page: string): boolean {
  const target = normalizePath(page);
  const granted = allowedPaths.some((p) => normalizePath(p) === target);
  return checkAccess(page, allowedPaths).allowed && (isReportPath(page) || granted);
}

interface MenuPages {
  allowedPaths: readonly string[];
  /** Page (as the route names it) → open. The pages are the routes' constants: a handful per process. */
  open: Map<string, boolean>;
}

const byMenuRows = new WeakMap<readonly MenuRow[], MenuPages>();

function menuPagesOf(rows: readonly MenuRow[]): MenuPages {
  let found = byMenuRows.get(rows);
  if (!found) {
    found = { allowedPaths: Object.freeze(buildRoleMenus(rows).allowedPaths), open: new Map() };
    byMenuRows.set(rows, found);
  }
  return found;
}

/** isPageOpen on the allowed paths of menu rows (buildRoleMenus), answered once per (array, page): the rows must not change. */
export function isPageOpenIn(rows: readonly MenuRow[], page: string): boolean {
  const pages = menuPagesOf(rows);
  let open = pages.open.get(page);
  if (open === undefined) {
    open = isPageOpen(pages.allowedPaths, page);
    pages.open.set(page, open);
  }
  return open;
}
