import type { MenuItem } from '../../engine/api/session';

/**
 * The page a role lands on at /index: the first leaf of its menu (depth first, in menu order) whose path this build
 * can open; null when there is none (the shell then shows the welcome card).
 */
export function firstMenuPath(items: readonly MenuItem[], canOpen: (path: string) => boolean): string | null {
  for (const item of items) {
    if (item.children && item.children.length > 0) {
      const found = firstMenuPath(item.children, canOpen);
      if (found) return found;
    } else if (item.path && canOpen(item.path)) {
      return item.path;
    }
  }
  return null;
}
