/**
 * The checks made on every call, server-side: the token (header `token`) and, for endpoints that need one, the
 * chosen role and site, which the user must still hold.
 */
import type { Db } from '../db/db';
import { HttpAnswer, fail, forcedRedirect } from '../http/envelope';
import { message } from '../messages';
import type { Locale } from '../../../engine/api/localized';
import { roleMenus } from './menus';
import { isPageOpen, isPageOpenIn } from './pageChecks';
import {
  endSession,
  findSessionByTokenHash,
  touchSession,
  type LoadedSession,
  type SessionLoad,
  type SessionRoleAccess,
  type SessionRow,
} from './sessions';
import { hashToken } from './tokens';

export type TokenCheck =
  | { kind: 'ok'; session: LoadedSession }
  | { kind: 'missing' }
  | { kind: 'unknown' }
  | { kind: 'loggedOut' }
  | { kind: 'replaced' }
  | { kind: 'expired' }
  | { kind: 'disabled'; session: SessionRow };

export interface TokenCheckOptions {
  now: Date;
  idleTimeoutMs: number;
  /** Counts as activity (false for heartBeat.do, so that an idle session still expires). */
  touch: boolean;
  /** What to read with the session in the same statement (a role endpoint: its role; a page endpoint: the menus). */
  load?: SessionLoad;
}

/**
 * How stale last_seen_at may be before a request writes it again. A session then expires at most this much before
 * its idle limit (30 minutes) after the last activity; in exchange a burst of requests writes the row once.
 */
export const TOUCH_INTERVAL_MS = 5_000;

/** Classifies a token; an idle session is marked expired here. */
export async function checkToken(
  db: Db,
  token: string | undefined,
  opts: TokenCheckOptions,
): Promise<TokenCheck> {
  if (!token) return { kind: 'missing' };
  const session = await findSessionByTokenHash(db, hashToken(token), opts.load);
  if (!session) return { kind: 'unknown' };
  if (session.endedAt) {
    if (session.endReason === 'replaced') return { kind: 'replaced' };
    if (session.endReason === 'expired') return { kind: 'expired' };
    return { kind: 'loggedOut' };
  }
  if (opts.now.getTime() - new Date(session.lastSeenAt).getTime() > opts.idleTimeoutMs) {
    await endSession(db, session.id, 'expired', opts.now);
    return { kind: 'expired' };
  }
  if (session.userDisabled) return { kind: 'disabled', session };
  // activity is written at most every TOUCH_INTERVAL_MS: not a write on every request (docs/load.md)
  if (opts.touch && opts.now.getTime() - new Date(session.lastSeenAt).getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, opts.now);
  }
  return { kind: 'ok', session };
}

/** Expire type (code in the body) of a refused token. */
const REFUSAL: Record<
  Exclude<TokenCheck['kind'], 'ok' | 'disabled'>,
  { code: number; msg: Parameters<typeof message>[0] }
> = {
  missing: { code: 400, msg: 'noToken' },
  unknown: { code: 401, msg: 'badToken' },
  loggedOut: { code: 401, msg: 'badToken' },
  replaced: { code: 504, msg: 'replaced' },
  expired: { code: 405, msg: 'expired' },
};

/**
 * The answer for a refused token: HTTP 401 with the expire type as `code`. A session whose user was disabled
 * meanwhile is refused like any other token (401, with the message saying why): there is no logout code for it
 * (spec §8: 602 is "subject parameters not configured", 603 "database publishing").
 */
export function refusal(check: Exclude<TokenCheck, { kind: 'ok' }>, locale: Locale): HttpAnswer {
  if (check.kind === 'disabled') return new HttpAnswer(401, fail(message('accountDisabled', locale), 401));
  const r = REFUSAL[check.kind];
  return new HttpAnswer(401, fail(message(r.msg, locale), r.code));
}

/**
 * A session with a role and site chosen and still held (the needsRole check), carrying the request's access context:
 * the role's code and permissions, read with the session in the request's one session statement (sessions.ts). Every
 * service and record hook of the request asks these instead of reading role_permissions again; they are as fresh as
 * the request: kept across requests only while the access version (migration 0024, moved by triggers on every write
 * to the grants by any process) is unchanged, so a permission changed by another server process counts at once.
 */
export interface RoleSession extends SessionRow {
  studyId: string;
  roleId: string;
  siteId: string;
  /** The chosen role's code ('' if the role row is gone). */
  rolecode: string;
  /** The chosen role's permissions (role_permissions), as read at the start of the request. */
  permissions: ReadonlySet<string>;
}

/**
 * The permissions as a set, built once per role part read (sessions.ts keeps that object across the session's
 * requests while the access version is unchanged; a new version reads a new one). Shared: never changed.
 */
const permissionSets = new WeakMap<SessionRoleAccess, ReadonlySet<string>>();

function permissionSetOf(access: SessionRoleAccess): ReadonlySet<string> {
  let set = permissionSets.get(access);
  if (!set) {
    set = new Set(access.permissions);
    permissionSets.set(access, set);
  }
  return set;
}

/** The needsRole check on a session read with its role (SessionLoad.role): the role's access context, or 601. */
export function requireRole(session: LoadedSession, locale: Locale): RoleSession {
  const { access, studyId, roleId, siteId } = session;
  if (!access) throw new Error('requireRole: the session was read without its role (SessionLoad.role)');
  if (studyId && roleId && siteId && access.holdsRole) {
    // the session columns named one by one (not a rest copy spread again: this runs on every role request)
    return {
      id: session.id,
      userId: session.userId,
      username: session.username,
      realname: session.realname,
      userDisabled: session.userDisabled,
      studyId,
      roleId,
      siteId,
      prevRoleId: session.prevRoleId,
      prevSiteId: session.prevSiteId,
      lastSeenAt: session.lastSeenAt,
      endedAt: session.endedAt,
      endReason: session.endReason,
      timezone: session.timezone,
      strLength: session.strLength,
      numfieldUKallowed: session.numfieldUKallowed,
      rolecode: access.rolecode,
      permissions: permissionSetOf(access),
    };
  }
  throw forcedRedirect(601, message('roleUnavailable', locale));
}

/**
 * The page an endpoint serves (a route under /index) must be open to the session's role, by the rule of the
 * client's guard (engine/access/accessGuard.ts: management pages only when granted, report pages always) and, for
 * every other page (the subject list …), only when the role has its menu: a role without the subject menu (CODER,
 * SUPPORT) gets no subjects whatever it requests, and a page missing from the menus is open to nobody. The client guard is convenience, this is the
 * enforcement. Refused → HTTP 403.
 */
export async function requirePage(db: Db, session: RoleSession, page: string, locale: Locale): Promise<void> {
  const { allowedPaths } = await roleMenus(db, session.roleId);
  requirePageIn(allowedPaths, page, locale);
}

/** requirePage on menus already read. */
export function requirePageIn(allowedPaths: readonly string[], page: string, locale: Locale): void {
  if (!isPageOpen(allowedPaths, page)) throw pageRefused(locale);
}

/**
 * requirePage on the menu rows read with the session (the route's session statement reads them for an endpoint with
 * a page): answered once per shared menu-rows array, i.e. per (role, access version) (pageChecks.ts).
 */
export function requirePageOf(session: LoadedSession, page: string, locale: Locale): void {
  if (!session.menuRows) throw new Error('requirePageOf: the session was read without its menus');
  if (!isPageOpenIn(session.menuRows, page)) throw pageRefused(locale);
}

function pageRefused(locale: Locale): HttpAnswer {
  return new HttpAnswer(403, fail(message('pageNotAllowed', locale), 403));
}

/** The sites of the session's scope: the one chosen at /checkRole. */
export function scopeSiteIds(session: Pick<RoleSession, 'siteId'>): string[] {
  return [session.siteId];
}
