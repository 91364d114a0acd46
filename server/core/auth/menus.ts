/**
 * Menus per role. A role is granted menu items (role_menus); a group shows when at least one of its items is granted.
 */
import type { Db } from '../db/db';
import type { MenuItem } from '../../../engine/api/session';

/** A menu item with whether the role is granted it (the session check reads them with the session: sessions.ts). */
export interface MenuRow {
  menu_code: string;
  parent_code: string | null;
  name_zh: string;
  name_en: string;
  path: string;
  icon: string | null;
  granted: boolean;
}

/** A menu row as the page check reads it: names and icon empty (the allowed paths do not use them). */
export function pageCheckRow(
  menu_code: string,
  parent_code: string | null,
  path: string,
  granted: boolean,
): MenuRow {
  return { menu_code, parent_code, path, granted, name_zh: '', name_en: '', icon: null };
}

export interface RoleMenus {
  menus: MenuItem[];
  /** Every path of the tree, in menu order. */
  allowedPaths: string[];
}

function menuRows(db: Db, roleId: string): Promise<MenuRow[]> {
  return db.query<MenuRow>(
    `select m.menu_code, m.parent_code, m.name_zh, m.name_en, m.path, m.icon,
            exists (select 1 from role_menus rm where rm.role_id = $1 and rm.menu_code = m.menu_code) as granted
     from menus m order by m.sort, m.menu_code`,
    [roleId],
  );
}

export function buildRoleMenus(rows: readonly MenuRow[]): RoleMenus {
  const build = (parent: string | null): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const row of rows.filter((r) => r.parent_code === parent)) {
      const children = build(row.menu_code);
      const isGroup = rows.some((r) => r.parent_code === row.menu_code);
      if (isGroup ? children.length === 0 : !row.granted) continue;
      items.push({
        menuCode: row.menu_code,
        name: { zh_CN: row.name_zh, en: row.name_en },
        path: row.path,
        ...(row.icon ? { icon: row.icon } : {}),
        ...(isGroup ? { children } : {}),
      });
    }
    return items;
  };
  const menus = build(null);
  const allowedPaths: string[] = [];
  const collect = (items: MenuItem[]): void => {
    for (const item of items) {
      if (item.path && !allowedPaths.includes(item.path)) allowedPaths.push(item.path);
      if (item.children) collect(item.children);
    }
  };
  collect(menus);
  return { menus, allowedPaths };
}

export async function roleMenus(db: Db, roleId: string): Promise<RoleMenus> {
  return buildRoleMenus(await menuRows(db, roleId));
}
