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

/**
 * The access kept across requests (issue 15, docs/load.md "Stop 27"): per session (by token hash), the role part and
 * the menus last read, with the access version (migration 0024) and the session's user, study, role and site they
 * were read for. The statement reads the session row and the version on every request; the role part and the menus
 * are computed in the same statement only when they are not kept for that version and that choice of role and site
 * (a CASE: PostgreSQL evaluates a branch's sub-selects only when the branch is taken). The version moves, by trigger,
 * on every write to user_roles, roles, role_permissions, role_menus and menus by any process and never comes back, so
 * what is kept is used only while the database still says the same; the session itself (expiry, logout, forced
 * logout, a disabled user, the role and site chosen) is never kept.
 */
interface KeptAccess {
  /** The access version the parts below were read at (bigint as text). */
  version: string;
  userId: string;
  studyId: string | null;
  roleId: string | null;
  siteId: string | null;
  access: SessionRoleAccess | null;
  menuTuples: MenuTuple[] | null;
}

/** At most this many sessions' access per process (the oldest kept is dropped first). */
export const KEPT_ACCESS_LIMIT = 10_000;

/** Per database handle (one per server process; two apps on the same handle share it). */
const keptByDb = new WeakMap<Db, Map<string, KeptAccess>>();

function keptOf(db: Db): Map<string, KeptAccess> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  return kept;
}

/** Drops every session's kept access of this database handle (tests; never needed for correctness). */
export function forgetKeptAccess(db: Db): void {
  keptByDb.delete(db);
}

/**
 * Whether what is kept is still the database's: the version read now is the one it was read at, and the session still
 * names the same user, study, role and site ($2/$3: the kept versions of the role part and of the menus, null when
 * nothing is kept; $4–$7: user, study, role, site as kept). Any null makes it false (computed afresh).
 */
const KEPT_JOIN = `
  cross join access_version av
  cross join lateral (
    select coalesce(av.version = $2::bigint and s.user_id = $4 and s.study_id = $5 and s.role_id = $6
                    and s.site_id = $7, false) as role_kept,
           coalesce(av.version = $3::bigint and s.role_id = $6, false) as menus_kept) k`;

const ROLE_COLUMNS = `,
  case when k.role_kept then null else coalesce(r.rolecode, '') end as "rolecode",
  case when k.role_kept then null else
    exists (select 1 from user_roles ur
            where ur.user_id = s.user_id and ur.role_id = s.role_id and ur.site_id = s.site_id
              and ur.study_id = s.study_id and ur.active) end as "holdsRole",
  case when k.role_kept then null else
    array(select p.permission from role_permissions p where p.role_id = s.role_id order by p.permission) end
    as "permissions",
  k.role_kept as "roleKept"`;

/**
 * The menus for the page check: per menu item only what the allowed paths are built from (code, parent, path, granted)
 * as a compact array, and the grant by a join on role_menus' key instead of a sub-select per item — the names and
 * icons are menuList.do's, not every request's (about half the statement's time on PGlite: docs/perf-list-page-change.md).
 */
const MENU_COLUMNS = `,
  case when k.menus_kept then null else
    (select coalesce(jsonb_agg(jsonb_build_array(m.menu_code, m.parent_code, m.path, rm.menu_code is not null)
                               order by m.sort, m.menu_code), '[]'::jsonb)
     from menus m left join role_menus rm on rm.role_id = s.role_id and rm.menu_code = m.menu_code) end as "menuRows",
  k.menus_kept as "menusKept"`;

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
  const more = load.role || load.menus;
  return `select ${SESSION_COLUMNS}${more ? ', av.version::text as "accessVersion"' : ''}${load.role ? ROLE_COLUMNS : ''}${load.menus ? MENU_COLUMNS : ''}
    from sessions s join users u on u.id = s.user_id${more ? KEPT_JOIN : ''}${load.role ? ' left join roles r on r.id = s.role_id' : ''}
    where s.token_hash = $1`;
}

/** The four statements a request may need, built once. */
const SESSION_SQL = new Map<string, string>(
  [false, true].flatMap((role) =>
    [false, true].map((menus) => [`${role}/${menus}`, sessionSql({ role, menus })] as const),
  ),
);

const NOTHING_MORE: SessionLoad = { role: false, menus: false };

type SessionStatementRow = SessionRow &
  Partial<SessionRoleAccess> & {
    accessVersion?: string;
    roleKept?: boolean;
    menuRows?: MenuTuple[] | null;
    menusKept?: boolean;
  };

/** The session of a token hash, with what `load` asks for, in one statement. */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  load: SessionLoad = NOTHING_MORE,
): Promise<LoadedSession | null> {
  if (!load.role && !load.menus) {
    const row = await queryOne<SessionRow>(db, SESSION_SQL.get('false/false')!, [tokenHash]);
    return row ? { ...row, access: null, menuRows: null } : null;
  }
  const keptAll = keptOf(db);
  const kept = keptAll.get(tokenHash);
  const row = await queryOne<SessionStatementRow>(db, SESSION_SQL.get(`${load.role}/${load.menus}`)!, [
    tokenHash,
    kept?.access ? kept.version : null,
    kept?.menuTuples ? kept.version : null,
    kept?.userId ?? null,
    kept?.studyId ?? null,
    kept?.roleId ?? null,
    kept?.siteId ?? null,
  ]);
  if (!row) {
    keptAll.delete(tokenHash);
    return null;
  }
  const { rolecode, holdsRole, permissions, menuRows, accessVersion, roleKept, menusKept, ...session } = row;
  const access: SessionRoleAccess | null = !load.role
    ? null
    : roleKept && kept?.access
      ? kept.access
      : { rolecode: rolecode ?? '', holdsRole: holdsRole === true, permissions: permissions ?? [] };
  const menuTuples: MenuTuple[] | null = !load.menus
    ? null
    : menusKept && kept?.menuTuples
      ? kept.menuTuples
      : (menuRows ?? []);
  if (accessVersion !== undefined) {
    const same =
      kept !== undefined &&
      kept.version === accessVersion &&
      kept.userId === session.userId &&
      kept.studyId === session.studyId &&
      kept.roleId === session.roleId &&
      kept.siteId === session.siteId;
    const next: KeptAccess = {
      version: accessVersion,
      userId: session.userId,
      studyId: session.studyId,
      roleId: session.roleId,
      siteId: session.siteId,
      // what this request did not read is kept only if it was read for the same version and choice
      access: access ?? (same ? kept.access : null),
      menuTuples: menuTuples ?? (same ? kept.menuTuples : null),
    };
    if (!kept && keptAll.size >= KEPT_ACCESS_LIMIT) {
      const oldest = keptAll.keys().next();
      if (!oldest.done) keptAll.delete(oldest.value);
    }
    keptAll.set(tokenHash, next);
  }
  return { ...session, access, menuRows: menuTuples ? menuRowsOf(menuTuples) : null };
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
