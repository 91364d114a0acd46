/**
 * Login sessions. A session is found by the sha256 of its token; the token itself is never stored.
 */
import { queryOne, type Db } from '../db/db';
import { pageCheckRow, type MenuRow } from './menus';

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
  /** A route's own reads in the same statement (route.ts `sessionRead`): never kept, read on every request. */
  extra?: SessionExtra;
}

/**
 * More columns of a route's own in the session statement, to save it a round trip (the list rows routes: the list's
 * data version and the versions of its definitions). `columns` is SQL of select-list items (each `as "name"`) that may
 * refer to the session row `s` and to `$2`… (`params`, fixed at registration); the values come back as `extra`.
 * Read on every request, kept never: only what is safe to read before the role check (no data of the study).
 */
export interface SessionExtra {
  columns: string;
  params: readonly unknown[];
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
  /** The columns of `SessionLoad.extra`, by name; null when not asked for. */
  extra: Record<string, unknown> | null;
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
 * were read for. The version moves, by trigger, on every write to user_roles, roles, role_permissions, role_menus and
 * menus by any process, and never comes back (a sequence). So a request of a session with access kept sends a small
 * statement — the session row and the version — and uses what is kept only when the version is the one it was read at
 * and the session still names the same user, study, role and site; otherwise (or with nothing kept) it reads the
 * whole of it in the one statement as before. The session itself (expiry, logout, forced logout, a disabled user, the
 * role and site chosen) is read on every request and never kept.
 */
interface KeptAccess {
  /** The access version the parts below were read at (bigint as text). */
  version: string;
  userId: string;
  studyId: string | null;
  roleId: string | null;
  siteId: string | null;
  access: SessionRoleAccess | null;
  /** The menu rows (menuRowsOf), built once. */
  menuRows: MenuRow[] | null;
}

/** At most this many sessions' access per process (the one unused longest is dropped first). */
export const KEPT_ACCESS_LIMIT = 10_000;

/** Per database handle: one per server process (two apps on the same handle would share it). */
const keptByDb = new WeakMap<Db, Map<string, KeptAccess>>();

/** Menu rows shared by every session of a role at one access version (they depend on the role alone). */
const sharedMenusByDb = new WeakMap<Db, Map<string, MenuRow[]>>();
/** At most this many (role, version) menu sets per process; all are dropped together past it (a new version each). */
const SHARED_MENUS_LIMIT = 1_000;

function sharedMenuRows(db: Db, roleId: string | null, version: string, rows: MenuRow[]): MenuRow[] {
  let shared = sharedMenusByDb.get(db);
  if (!shared) {
    shared = new Map();
    sharedMenusByDb.set(db, shared);
  }
  const key = `${roleId ?? ''}|${version}`;
  const found = shared.get(key);
  if (found) return found;
  if (shared.size >= SHARED_MENUS_LIMIT) shared.clear();
  shared.set(key, rows);
  return rows;
}

function keptOf(db: Db): Map<string, KeptAccess> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  return kept;
}

const VERSION_COLUMN = `,
  (select av.version::text from access_version av) as "accessVersion"`;

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
  return tuples.map(([menuCode, parentCode, path, granted]) =>
    pageCheckRow(menuCode, parentCode, path, granted),
  );
}

function sessionSql(load: SessionLoad, withVersion: boolean): string {
  const extra = load.extra ? `,\n  ${load.extra.columns}` : '';
  return `select ${SESSION_COLUMNS}${withVersion ? VERSION_COLUMN : ''}${load.role ? ROLE_COLUMNS : ''}${load.menus ? MENU_COLUMNS : ''}${extra}
    from sessions s join users u on u.id = s.user_id${load.role ? ' left join roles r on r.id = s.role_id' : ''}
    where s.token_hash = $1`;
}

/** The statements a request may need, built once per shape: the session alone, with the version, or with what `load` asks. */
const SESSION_SQL = new Map<string, string>();

/** The two statements of a load object (route.ts builds one per route at registration): not keyed by its SQL text. */
const SQL_OF_LOAD = new WeakMap<SessionLoad, { fresh?: string; kept?: string }>();

/** The statement of a load (a load is not changed after its first use). */
function sqlOf(load: SessionLoad, kept: boolean): string {
  let ofLoad = SQL_OF_LOAD.get(load);
  if (!ofLoad) {
    ofLoad = {};
    SQL_OF_LOAD.set(load, ofLoad);
  }
  const known = kept ? ofLoad.kept : ofLoad.fresh;
  if (known !== undefined) return known;
  const sql = sqlByShape(load, kept);
  if (kept) ofLoad.kept = sql;
  else ofLoad.fresh = sql;
  return sql;
}

function sqlByShape(load: SessionLoad, kept: boolean): string {
  const key = `${load.role}/${load.menus}/${kept}/${load.extra?.columns ?? ''}`;
  let sql = SESSION_SQL.get(key);
  if (sql === undefined) {
    const role = load.role && !kept;
    const menus = load.menus && !kept;
    sql = sessionSql({ role, menus, extra: load.extra }, load.role || load.menus);
    SESSION_SQL.set(key, sql);
  }
  return sql;
}

const NOTHING_MORE: SessionLoad = { role: false, menus: false };

/** The columns of the statement that are not a route's extra ones. */
const EXTRA_EXCLUDED: ReadonlySet<string> = new Set([
  'id',
  'userId',
  'username',
  'realname',
  'userDisabled',
  'studyId',
  'roleId',
  'siteId',
  'prevRoleId',
  'prevSiteId',
  'lastSeenAt',
  'endedAt',
  'endReason',
  'timezone',
  'strLength',
  'numfieldUKallowed',
  'accessVersion',
  'rolecode',
  'holdsRole',
  'permissions',
  'menuRows',
]);

type SessionStatementRow = SessionRow &
  Partial<SessionRoleAccess> & { accessVersion?: string | null; menuRows?: MenuTuple[] } & Record<
    string,
    unknown
  >;

/**
 * The session of a row (its session columns; the rest: version, role, menus, a route's extra columns) with what was
 * read or kept besides: one object literal (not a copy spread into another: this runs on every request).
 */
function loadedSessionOf(
  row: SessionStatementRow,
  access: SessionRoleAccess | null,
  menuRows: MenuRow[] | null,
  extra: Record<string, unknown> | null,
): LoadedSession {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username,
    realname: row.realname,
    userDisabled: row.userDisabled,
    studyId: row.studyId,
    roleId: row.roleId,
    siteId: row.siteId,
    prevRoleId: row.prevRoleId,
    prevSiteId: row.prevSiteId,
    lastSeenAt: row.lastSeenAt,
    endedAt: row.endedAt,
    endReason: row.endReason,
    timezone: row.timezone,
    strLength: row.strLength,
    numfieldUKallowed: row.numfieldUKallowed,
    access,
    menuRows,
    extra,
  };
}

/** The extra columns' values of a row, by name. */
function extraOf(row: SessionStatementRow, load: SessionLoad): Record<string, unknown> | null {
  if (!load.extra) return null;
  const extra: Record<string, unknown> = {};
  for (const name of Object.keys(row)) if (!EXTRA_EXCLUDED.has(name)) extra[name] = row[name];
  return extra;
}

/** Whether `kept` is still the database's for this session row (read with the version in this request). */
function stillKept(kept: KeptAccess, row: SessionStatementRow): boolean {
  return (
    typeof row.accessVersion === 'string' &&
    kept.version === row.accessVersion &&
    kept.userId === row.userId &&
    kept.studyId === row.studyId &&
    kept.roleId === row.roleId &&
    kept.siteId === row.siteId
  );
}

/**
 * The session of a token hash, with what `load` asks for. One statement: with access kept for the session and still
 * current, the session row and the access version only; otherwise the session with the role and menus read afresh.
 * (Two statements only when something was kept and the version moved meanwhile: a write to roles or grants.)
 */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
  load: SessionLoad = NOTHING_MORE,
): Promise<LoadedSession | null> {
  const params = [tokenHash, ...(load.extra?.params ?? [])];
  if (!load.role && !load.menus) {
    const row = await queryOne<SessionStatementRow>(db, sqlOf(load, false), params);
    return row ? loadedSessionOf(row, null, null, extraOf(row, load)) : null;
  }
  const keptAll = keptOf(db);
  const kept = keptAll.get(tokenHash);
  const keptEnough = kept && (!load.role || kept.access) && (!load.menus || kept.menuRows);
  if (kept && keptEnough) {
    const row = await queryOne<SessionStatementRow>(db, sqlOf(load, true), params);
    if (!row) {
      keptAll.delete(tokenHash);
      return null;
    }
    if (stillKept(kept, row)) {
      // the most recently used last: past the limit the session unused longest is dropped first
      keptAll.delete(tokenHash);
      keptAll.set(tokenHash, kept);
      return loadedSessionOf(
        row,
        load.role ? kept.access : null,
        load.menus ? kept.menuRows : null,
        extraOf(row, load),
      );
    }
  }
  const row = await queryOne<SessionStatementRow>(db, sqlOf(load, false), params);
  if (!row) {
    keptAll.delete(tokenHash);
    return null;
  }
  const access: SessionRoleAccess | null = load.role
    ? { rolecode: row.rolecode ?? '', holdsRole: row.holdsRole === true, permissions: row.permissions ?? [] }
    : null;
  let menus: MenuRow[] | null = load.menus ? menuRowsOf(row.menuRows ?? []) : null;
  // no version (the row gone: null) keeps nothing: a kept entry is only ever trusted against a version that moves
  if (typeof row.accessVersion === 'string') {
    // the role's one array at this version, also for this request: the page check's answers are kept per array
    if (menus) menus = sharedMenuRows(db, row.roleId, row.accessVersion, menus);
    // what this request did not read stays kept only if it was read at the same version for the same choice
    const same = kept !== undefined && stillKept(kept, row);
    if (!kept && keptAll.size >= KEPT_ACCESS_LIMIT) {
      const oldest = keptAll.keys().next();
      if (!oldest.done) keptAll.delete(oldest.value);
    }
    keptAll.set(tokenHash, {
      version: row.accessVersion,
      userId: row.userId,
      studyId: row.studyId,
      roleId: row.roleId,
      siteId: row.siteId,
      access: access ?? (same ? kept.access : null),
      menuRows: menus ?? (same ? kept.menuRows : null),
    });
  }
  return loadedSessionOf(row, access, menus, extraOf(row, load));
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
