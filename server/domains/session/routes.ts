/**
 * Session upkeep and platform info: logininfo, heartBeat, expirationTime, appversion, findPicParam, help, online,
 * writeWebLog, and the per-host config.json.
 */
import type { FastifyInstance } from 'fastify';
import {
  HEARTBEAT_ALIVE,
  HEARTBEAT_EXPIRED,
  appVersion,
  expirationTime,
  findPicParam,
  heartBeat,
  help,
  loginInfo,
  online,
  writeWebLog,
} from '../../../engine/api/session';
import { TOKEN_COOKIE, WEB_LOG_LIMITS } from '../../../engine/api/protocol';
import { redactTokenInUrl } from '../../../engine/http/tokenStore';
import { checkToken, refusal } from '../../core/auth/guard';
import type { AppContext } from '../../core/context';
import { clearTokenCookie, readCookie } from '../../core/http/cookies';
import { fail, ok } from '../../core/http/envelope';
import { ownTokenEndpoint, publicEndpoint, roleEndpoint, sessionEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { helpDocs, insertWebLog } from './repository';
import { findUserById } from '../../core/auth/users';
import { expiryNotice } from './expiry';
import { uiConfigFor } from './loginInfo';
import { picturePermissions, sessionRoleCode } from '../../core/auth/permissions';

/** Texts that may quote a page address, and with it the login token (`?token=`). */
const WEB_LOG_MASKED = new Set(['msg', 'stack', 'url']);

/** Masks login tokens and truncates long texts of a client log entry before it is validated, stored and logged. */
function sanitizeWebLog(raw: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  // the contract's defaults: a schema never applies default() to a strict text, so a log without them was a 500
  if (out.level === undefined) out.level = 'error';
  if (out.kind === undefined) out.kind = 'error';
  for (const [field, max] of Object.entries(WEB_LOG_LIMITS)) {
    const text = out[field];
    if (typeof text !== 'string') continue;
    const safe = WEB_LOG_MASKED.has(field) ? redactTokenInUrl(text) : text;
    // cut at `max`, never between the two halves of a surrogate pair (a lone half is refused as input)
    const end = safe.length > max && /[\uD800-\uDBFF]/.test(safe.charAt(max - 1)) ? max - 1 : max;
    out[field] = safe.length > max ? safe.slice(0, end) : safe;
  }
  return out;
}

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;

  publicEndpoint(app, ctx, loginInfo, {
    handler: async ({ request }) => ok(await uiConfigFor(ctx, request)),
  });

  publicEndpoint(app, ctx, appVersion, {
    handler: async () => ok({ version: config.serverVersion }),
  });

  // Heartbeat: never counts as activity (an idle session must still expire); answers expiry as data −2 and a
  // replaced session as code 504, both with HTTP 200, so that the session rules decide.
  ownTokenEndpoint(app, ctx, heartBeat, {
    handler: async ({ token, now, locale, request, reply }) => {
      const check = await checkToken(db, token, { now, idleTimeoutMs: config.idleTimeoutMs, touch: false });
      // the session is over: its token must not come back from the cookie at the next visit
      if (check.kind !== 'ok' && token && readCookie(request, TOKEN_COOKIE) === token) {
        reply.header('set-cookie', clearTokenCookie());
      }
      switch (check.kind) {
        case 'ok':
          return ok(HEARTBEAT_ALIVE);
        case 'replaced':
          return fail(message('replaced', locale), 504);
        case 'expired':
        case 'unknown':
        case 'loggedOut':
          return ok(HEARTBEAT_EXPIRED, message('expired', locale));
        default:
          throw refusal(check, locale);
      }
    },
  });

  sessionEndpoint(app, ctx, expirationTime, {
    touch: false,
    handler: async ({ params, session, now, locale }) => {
      if (params.studyid !== session.studyId || params.userid !== session.userId) {
        return fail(message('notYourself', locale));
      }
      const user = await findUserById(db, session.userId);
      if (!user) return fail(message('badToken', locale));
      return ok(await expiryNotice(db, user, params.studyid, now, locale));
    },
  });

  roleEndpoint(app, ctx, findPicParam, {
    handler: async ({ session }) => ok(picturePermissions(await sessionRoleCode(db, session))),
  });

  sessionEndpoint(app, ctx, help, {
    handler: async ({ session }) => ok(await helpDocs(db, session.roleId)),
  });

  sessionEndpoint(app, ctx, online, {
    handler: async () => ok({ url: config.onlineUrl }),
  });

  // Client errors, also from the login page (auth optional); never counts as activity; limited per IP.
  publicEndpoint(app, ctx, writeWebLog, {
    // the client's error log: never kept waiting behind saves (admission.ts)
    admission: false,
    touch: false,
    limits: ['webLog'],
    prepare: sanitizeWebLog,
    handler: async ({ params, session, now, request }) => {
      // the token in the body (spec §7) says which tab logged: it is never stored or logged
      const { token: _token, msg, url, ...rest } = params;
      const client = { ...rest, message: msg, url: url ?? '' };
      await insertWebLog(db, { ...client, at: now, ip: request.ip, userId: session?.userId ?? null });
      // nested: the entry's own `level` and `time` must not clash with pino's
      const entry = { event: 'webLog', userid: session?.userId ?? null, client };
      // a client's error is a warning for the server: something to look at, not a server fault
      if (params.level === 'info') request.log.info(entry, 'client log');
      else request.log.warn(entry, `client ${params.level}`);
      return ok(null);
    },
  });
}
