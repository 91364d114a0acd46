/**
 * Login sessions. A session is found by the sha256 of its token; the token itself is never stored.
 */
import { queryOne, type Db } from '../db/db';
import type { MenuRow } from './menus';

export type EndReason = 'logout' | 'replaced' | 'expired' | 'signatureLock';

export interface SessionRow {
  id: number;
  userId: string;
  username: string;
  realname: string;
  userDisabled: boolean;
  studyId: string | null;
  roleId: string | null;
  siteId: string | null;
  prevRoleId: string | null;
  prevSiteId: string | null;
  lastSeenAt: Date;
  endedAt: Date | null;
  endReason: EndReason | null;
  /** The user's validation switches (the form context of a save: formContextOf), read with the session. */
  timezone: string;
  strLength: number;
  numfieldUKallowed: boolean;
}

/**
 * What the one statement of a request's session check reads besides the session (route.ts): for a role endpoint the
 * chosen role's code, whether the user still holds it at the chosen site, and the role's permissions; for an
 * endpoint serving a page, the menus with the role's grants (the page check). One round trip instead of five.
 */
export interface SessionLoad {
  role: boolean;
  menus: boolean;
}

/** The role part of a session read with `SessionLoad.role` (null when not asked for). */
export interface SessionRoleAccess {
  /** '' when the session has no role chosen (or the role is gone). */
  rolecode: string;
  /** Whether the user still holds the chosen role at the chosen site of the chosen study (an active user_roles row). */
  holdsRole: boolean;
  permissions: string[];
}

export interface LoadedSession extends SessionRow {
  access: SessionRoleAccess | null;
  /** The menu rows with the role's grants (menus.ts builds the tree); null when not asked for. */
  menuRows: MenuRow[] | null;
}

const SESSION_COLUMNS = `
  s.id::int as "id", s.user_id as "userId", u.username, u.realname, u.disabled as "userDisabled",
  s.study_id as "studyId", s.role_id as "roleId", s.site_id as "siteId",
  s.prev_role_id as "prevRoleId", s.prev_site_id as "prevSiteId",
  s.last_seen_at as "lastSeenAt", s.ended_at as "endedAt", s.end_reason as "endReason",
  u.timezone, u.str_length as "strLength", u.numfield_uk_allowed as "numfieldUKallowed"`;

const ROLE_COLUMNS = `,
  coalesce(r.rolecode, '') as "rolecode",
  exists (select 1 from user_roles ur
          where ur.user_id = s.user_id and ur.role_id = s.role_id and ur.site_id = s.site_id
            and ur.study_id = s.study_id and ur.active) as "holdsRole",
  array(select p.permission from role_permissions p where p.role_id = s.role_id order by p.permission) as "permissions"`;

/**
 * The menus for the page check: per menu item only what the allowed paths are built from (code, parent, path, granted)
 * as a compact array, and the grant by a join on role_menus' key instead of a sub-select per item — the names and
 * icons are menuList.do's, not every request's (about half the statement's time on PGlite: docs/perf-list-page-change.md).
 */
const MENU_COLUMNS = `,
  (select coalesce(jsonb_agg(jsonb_build_array(m.menu_code, m.parent_code, m.path, rm.menu_code is not null)
                             order by m.sort, m.menu_code), '[]'::jsonb)
   from menus m left join role_menus rm on rm.role_id = s.role_id and rm.menu_code = m.menu_code) as "menuRows"`;

/** A menu row as the session statement reads it: [menu_code, parent_code, path, granted]. */
type MenuTuple = [string, string | null, string, boolean];

/** The menu rows of the page check (names and icon are not read: the allowed paths do not use them). */
function menuRowsOf(tuples: readonly MenuTuple[]): MenuRow[] {
  return tuples.map(([menu_code, parent_code, path, granted]) => ({
    menu_code,
    parent_code,
    path,
    granted,
    name_zh: '',
    name_en: '',
    icon: null,
  }));
}

function sessionSql(load: SessionLoad): string {
  return `select ${SESSION_COLUMNS}${load.role ? ROLE_COLUMNS : ''}${load.menus ? MENU_COLUMNS : ''}
    from sessions s join users u on u.id = s.user_id${load.role ? ' left join roles r on r.id = s.role_id' : ''}
    where s.token_hash = $1`;
}

/** The four statements a request may need, built once. */
const SESSION_SQL = new Map<string, string>(
  [false, true].flatMap((role) =>
    [false, true].map((menus) => [`${role}/${menus}`, sessionSql({ role, menus })] as const),
  ),
);

const NOTHING_MORE: SessionLoad = { role: false, menus: false };

/** The session of a token hash, with what `load` asks for, in one statement. */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  load: SessionLoad = NOTHING_MORE,
): Promise<LoadedSession | null> {
  const row = await queryOne<SessionRow & Partial<SessionRoleAccess> & { menuRows?: MenuTuple[] }>(
    db,
    SESSION_SQL.get(`${load.role}/${load.menus}`)!,
    [tokenHash],
  );
  if (!row) return null;
  const { rolecode, holdsRole, permissions, menuRows, ...session } = row;
  return {
    ...session,
    access: load.role
      ? { rolecode: rolecode ?? '', holdsRole: holdsRole === true, permissions: permissions ?? [] }
      : null,
    menuRows: load.menus ? menuRowsOf(menuRows ?? []) : null,
  };
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  studyId: string | null;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

/** Opens a session and ends every other open session of the user ('replaced'): one login per user. */
export async function openSession(db: Db, s: NewSession): Promise<void> {
  await db.transaction(async (tx) => {
    // serialises two logins of the same user, so that one of them always replaces the other
    await tx.query('select id from users where id = $1 for update', [s.userId]);
    await tx.query(
      `update sessions set ended_at = $2, end_reason = 'replaced' where user_id = $1 and ended_at is null`,
      [s.userId, s.at.toISOString()],
    );
    await tx.query(
      `insert into sessions (token_hash, user_id, study_id, created_at, last_seen_at, ip, user_agent)
       values ($1, $2, $3, $4, $4, $5, $6)`,
      [s.tokenHash, s.userId, s.studyId, s.at.toISOString(), s.ip, s.userAgent?.slice(0, 500) ?? null],
    );
  });
}

export async function touchSession(db: Db, id: number, at: Date): Promise<void> {
  await db.query('update sessions set last_seen_at = $2 where id = $1', [id, at.toISOString()]);
}

export async function endSession(db: Db, id: number, reason: EndReason, at: Date): Promise<void> {
  await db.query('update sessions set ended_at = $2, end_reason = $3 where id = $1 and ended_at is null', [
    id,
    at.toISOString(),
    reason,
  ]);
}

export async function setSessionStudy(db: Db, id: number, studyId: string): Promise<void> {
  await db.query(
    `update sessions set study_id = $2,
       role_id = case when study_id = $2 then role_id end,
       site_id = case when study_id = $2 then site_id end
     where id = $1`,
    [id, studyId],
  );
}

/** Sets the chosen role and site, keeping the previous ones (for the role-switch audit). */
export async function setSessionRole(db: Db, id: number, roleId: string, siteId: string): Promise<void> {
  await db.query(
    `update sessions set prev_role_id = role_id, prev_site_id = site_id, role_id = $2, site_id = $3 where id = $1`,
    [id, roleId, siteId],
  );
}
