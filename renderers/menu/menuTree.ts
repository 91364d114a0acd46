import type { MenuItem } from '../../engine/api/session';

/** Whether `pathname` is the item's page or a page below it. */
function pathMatches(itemPath: string, pathname: string): boolean {
  if (!itemPath) return false;
  const path = itemPath.replace(/\/+$/, '');
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The menu item of a page: the one with the longest path that matches `pathname`. */
export function findMenuByPath(items: readonly MenuItem[], pathname: string): MenuItem | null {
  let best: MenuItem | null = null;
  const visit = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (pathMatches(item.path, pathname) && (!best || item.path.length > best.path.length)) best = item;
      if (item.children) visit(item.children);
    }
  };
  visit(items);
  return best;
}

/** Codes of the groups that contain `code`, outermost first; empty when `code` is at the top or absent. */
export function ancestorCodes(items: readonly MenuItem[], code: string): string[] {
  const walk = (list: readonly MenuItem[], trail: string[]): string[] | null => {
    for (const item of list) {
      if (item.menuCode === code) return trail;
      if (item.children) {
        const found = walk(item.children, [...trail, item.menuCode]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(items, []) ?? [];
}

/** A group is an item with children; a leaf opens its path. */
export function isGroup(item: MenuItem): boolean {
  return (item.children?.length ?? 0) > 0;
}

/**
 * The items whose page `canOpen` accepts, and the groups that still hold one. The server grants menus per role; a
 * client that does not have a page yet (an older build, a page of a later release) must not offer a dead entry.
 */
export function pruneMenus(items: readonly MenuItem[], canOpen: (path: string) => boolean): MenuItem[] {
  return items.flatMap((item) => {
    if (item.children && item.children.length > 0) {
      const children = pruneMenus(item.children, canOpen);
      return children.length > 0 ? [{ ...item, children }] : [];
    }
    return item.path && canOpen(item.path) ? [item] : [];
  });
}
