/**
 * Registers one endpoint FROM the contract: its path (serverPath), method, parameter validation (def.params; GET and
 * DELETE from the query, POST and PUT from the JSON body; with `openParams` the unnamed ones are kept for the handler),
 * the token check of its auth mode and, when it needs one, the role check. Handlers only see valid input and answer an
 * envelope; checks throw HttpAnswer for the other statuses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as cs from '../../../engine/schema';
import type { AnyObject } from '../../../engine/schema';
import { serverPath, withContractDefaults, type EndpointDef } from '../../../engine/api/endpoint';
import { readUpload, refuseWrongContent, type UploadedFile } from './upload';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { Locale } from '../../../engine/api/localized';
import { CACHE_BUSTER_PARAM, TOKEN_COOKIE } from '../../../engine/api/protocol';
import { checkToken, refusal, requirePageOf, requireRole, type RoleSession } from '../auth/guard';
import { accountKey } from '../auth/lockouts';
import type { RateLimitName } from '../config';
import type { AppContext } from '../context';
import { message, requestLocale } from '../messages';
import type { SessionExtra, SessionLoad, SessionRow } from '../auth/sessions';
import { HttpAnswer, fail, sendStatus } from './envelope';
import { clearTokenCookie, readCookie } from './cookies';
import { errorAnswer } from './errorAnswer';
import { FileReply, sendFile } from './fileReply';
import { inputProblems, parameterOf } from './inputCheck';
import { startServerTiming, type ServerTiming } from './serverTiming';

export interface RouteContext<P> {
  params: P;
  locale: Locale;
  now: Date;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The raw `token` header (heartBeat.do checks it itself). */
  token: string | undefined;
  /**
   * Endpoints with `openParams`: the parameters not named in the contract's `params` (search params of list
   * endpoints), as texts or lists of texts (repeated query keys, JSON lists); empty for the other endpoints.
   */
  open: OpenParams;
  /** Endpoints with `upload`: the file, read, limited and checked by content (upload.ts); null for the others. */
  file: UploadedFile | null;
  /** The request's phases (marked by the route: session, params; by the handler: its own); sent with `serverTiming`. */
  timing: ServerTiming;
  /** The values of `sessionRead`, read in the session statement of this request; null without it. */
  sessionRead: Record<string, unknown> | null;
}

/** Parameters not named in the contract, as the handler of an `openParams` endpoint gets them. */
export type OpenParams = Readonly<Record<string, string | readonly string[]>>;

export interface RouteOptions<P, D, S> {
  /**
   * Whether the call counts as activity (refreshes last_seen_at). False for the client's automatic polls
   * (expirationTime.do every 15 s) and logs, which would otherwise keep an idle session alive forever.
   */
  touch?: boolean;
  /**
   * The page (route under /index) the endpoint serves, for role endpoints: the server refuses (403) a role that may
   * not open it, by the client guard's rule (see requirePage).
   */
  page?: string;
  /**
   * Rate limits counted before the parameters are validated (core/http/rateLimit.ts): per client IP, `loginAccount`
   * per account name of the `username` parameter, `signatureUser` per session user. Default: `public` for public
   * endpoints (every unauthenticated endpoint is limited per IP), none for the others.
   */
  limits?: readonly RateLimitName[];
  /**
   * Answer with a `Server-Timing` header of the request's phases (session check, parameters, the handler's own marks):
   * the list rows routes, whose page change is measured end to end (docs/perf-list-page-change.md).
   */
  serverTiming?: boolean;
  /**
   * Columns of the route's own read in the request's session statement (sessions.ts SessionExtra: one round trip
   * less; the list rows routes read their data and definition versions so). Read on every request.
   */
  sessionRead?: SessionExtra;
  /**
   * Whether the request waits for its turn at the process's admission gate (admission.ts) before its session check.
   * Default true. False for the endpoints that verify a password (the hash takes ~100 ms of a worker thread, not a
   * database connection; they have their own rate limits), for uploads (their body is read inside the handler) and
   * for the client's error log. The heartbeat waits its turn like the rest (exempt, it left the queue to the other
   * requests: closed-loop p99 +100 ms, docs/load.md stop 29); the client takes a busy answer (429) as "ask again".
   */
  admission?: boolean;
  /** Reshapes raw input before validation (writeWebLog.do truncates long texts). */
  prepare?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /**
   * The data of a success answer must be the contract's `D`; a failure is `fail(msg)`. An endpoint declared
   * `file: true` answers its success as a `FileReply` (the file streamed, fileReply.ts).
   */
  handler: (ctx: RouteContext<P> & { session: S }) => Promise<ApiEnvelope<D> | ApiEnvelope<null> | FileReply>;
}

/**
 * - `public`: auth 'none' or 'optional' (a refused token is answered anonymously: session null);
 * - `session`: auth 'token', refused tokens → 401 with the expire type (400, 401, 405, 504);
 * - `role`: auth 'token' and needsRole, plus the role check → 601;
 * - `ownTokenCheck`: auth 'token' but the handler checks the token itself (heartBeat.do).
 */
type Mode = 'public' | 'session' | 'role' | 'ownTokenCheck';

function assertMatchesContract(
  def: Pick<EndpointDef<AnyObject, unknown>, 'name' | 'auth' | 'needsRole'>,
  mode: Mode,
): void {
  const wantsToken = mode !== 'public';
  if (wantsToken !== (def.auth === 'token') || (mode === 'role') !== def.needsRole) {
    throw new Error(
      `${def.name}: registered as ${mode} but the contract says auth=${def.auth}, needsRole=${def.needsRole}`,
    );
  }
}

/** GET and DELETE carry their parameters in the query (without the cache buster), POST and PUT in a JSON body. */
function rawParams(def: Pick<EndpointDef<AnyObject, unknown>, 'method'>, request: FastifyRequest): unknown {
  if (def.method === 'GET' || def.method === 'DELETE') {
    const { [CACHE_BUSTER_PARAM]: _time, ...rest } = (request.query ?? {}) as Record<string, unknown>;
    return rest;
  }
  return request.body ?? {};
}

/**
 * HTTP 400 `parameter error` with the problems in `errors` (handlers throw it for invalid search values). The message
 * names the parameters, in the user's language (`参数错误：cycnum`): given, or the first word of each problem.
 */
export function paramError(locale: Locale, errors: string[], names?: readonly string[]): HttpAnswer {
  const named = [...new Set(names ?? errors.map(nameInProblem).filter((n): n is string => n !== null))];
  const msg =
    named.length > 0
      ? message('paramErrorIn', locale, { names: named.join(', ') })
      : message('paramError', locale);
  return new HttpAnswer(400, { ...fail(msg), errors });
}

/** The parameter a problem text starts with (`cycnum must be …`, `enrolldateStart: not a valid …`), if any. */
function nameInProblem(problem: string): string | null {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?=[\s:.[]|$)/.exec(problem);
  return match ? (match[1] ?? null) : null;
}

/** 400 naming the parameters with NUL, unpaired surrogates, numbers out of range or too deep nesting; none: nothing. */
function refuseUnstorable(input: unknown, locale: Locale): void {
  const problems = inputProblems(input);
  if (problems.length === 0) return;
  throw paramError(
    locale,
    problems.map((p) => p.text),
    problems.map((p) => parameterOf(p.path)),
  );
}

/** A JSON scalar as text (numbers and booleans of a JSON body); null for anything else. */
function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return null;
}

/**
 * Splits the raw parameters of an `openParams` endpoint: the ones the contract names (validated as usual) and the
 * others as texts or lists of texts. null values are left out; objects and nested lists are a parameter error.
 */
function splitOpenParams(
  def: EndpointDef<AnyObject, unknown>,
  raw: Record<string, unknown>,
  locale: Locale,
): { known: Record<string, unknown>; open: OpenParams } {
  const named = new Set(Object.keys(def.params.fields));
  const known: Record<string, unknown> = {};
  const open: Record<string, string | string[]> = {};
  const errors: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (named.has(key)) {
      known[key] = value;
      continue;
    }
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      const items = value.map(scalarText);
      if (items.every((t): t is string => t !== null)) open[key] = items;
      else errors.push(`${key} must be a text or a list of texts`);
      continue;
    }
    const text = scalarText(value);
    if (text === null) errors.push(`${key} must be a text or a list of texts`);
    else open[key] = text;
  }
  if (errors.length > 0) throw paramError(locale, errors);
  return { known, open };
}

/** Valid params (and the open ones), or an HTTP 400 `parameter error` naming the problems. */
async function validateParams<P extends AnyObject>(
  def: EndpointDef<P, unknown>,
  raw: unknown,
  locale: Locale,
  request: FastifyRequest,
): Promise<{ params: P; open: OpenParams }> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw paramError(locale, ['parameters must be an object']);
  }
  const { known, open } = def.openParams
    ? splitOpenParams(def as EndpointDef<AnyObject, unknown>, raw as Record<string, unknown>, locale)
    : { known: raw, open: {} };
  let params: P;
  try {
    params = withContractDefaults(
      def.params,
      (await def.params.validate(known, { abortEarly: false, stripUnknown: true })) as P,
    );
  } catch (err) {
    // a schema that fails on input instead of judging it: the input was bad, the detail is ours (logged, with an id)
    if (!(err instanceof cs.ValidationError))
      throw errorAnswer(request, err, locale, 400, 'requestUnreadable');
    const names = (err.inner.length > 0 ? err.inner : [err])
      .map((e) => (e.path ? parameterOf(e.path) : null))
      .filter((n): n is string => n !== null);
    throw paramError(locale, err.errors, names.length > 0 ? names : undefined);
  }
  // what the schema cast (a query text read as a number) passes the generic pass too
  refuseUnstorable(params, locale);
  return { params, open };
}

function register<P extends AnyObject, D, S>(
  app: FastifyInstance,
  ctx: AppContext,
  def: EndpointDef<P, D>,
  mode: Mode,
  options: RouteOptions<P, D, S>,
): void {
  assertMatchesContract(def, mode);
  if (options.page !== undefined && mode !== 'role') {
    throw new Error(`${def.name}: a page check needs a role endpoint`);
  }
  const page = options.page;
  const sessionLoad: SessionLoad = {
    role: mode === 'role',
    menus: page !== undefined,
    ...(options.sessionRead ? { extra: options.sessionRead } : {}),
  };
  if (options.sessionRead && (def.auth === 'none' || mode === 'ownTokenCheck')) {
    throw new Error(`${def.name}: sessionRead needs the route's session check`);
  }
  const limits = options.limits ?? (mode === 'public' ? ['public'] : []);
  if (limits.length > 0 && !app.hasDecorator('limiter')) {
    throw new Error(`${def.name}: rate limits need the edc-rate-limit plugin`);
  }
  const gate = options.admission === false || def.upload ? null : app.admission;
  app.route({
    method: def.method,
    url: serverPath(def),
    handler: async (request, reply) => {
      // answers depend on the session: never cached (the client's `time` parameter is only a second line of defence)
      reply.header('cache-control', 'no-store');
      const locale = requestLocale(request.headers.locale);
      const tokenHeader = request.headers.token;
      const token = (Array.isArray(tokenHeader) ? tokenHeader[0] : tokenHeader) || undefined;
      // the request's turn: nothing of it runs (not even the session check) before it is admitted
      const turn = gate ? await gate.enter(() => request.raw.socket?.destroyed !== true) : null;
      // the request's time is taken once admitted: what it writes (audit, updated_at) is dated when it is done,
      // not up to admissionWaitMs earlier
      const timing = startServerTiming();
      const now = ctx.config.now();
      if (turn && turn.kind !== 'admitted') {
        // waited too long (or its client has gone: then nobody reads this): nothing was done
        return sendStatus(reply, 429, fail(message('serverBusy', locale, { seconds: 1 })), {
          'retry-after': '1',
        });
      }
      try {
        let session: SessionRow | null = null;
        let sessionRead: Record<string, unknown> | null = null;
        if (def.auth !== 'none' && mode !== 'ownTokenCheck') {
          // one statement: the session, and for a role endpoint the role held, its code and permissions (the
          // request's access context, RoleSession) and the menus of its page check
          const check = await checkToken(ctx.db, token, {
            now,
            idleTimeoutMs: ctx.config.idleTimeoutMs,
            touch: options.touch ?? true,
            load: sessionLoad,
          });
          if (check.kind === 'ok') {
            session = check.session;
            sessionRead = check.session.extra;
            if (mode === 'role') {
              const withRole = requireRole(check.session, locale);
              if (page !== undefined) requirePageOf(check.session, page, locale);
              session = withRole;
            }
          } else if (mode !== 'public') throw refusal(check, locale);
        }
        timing.mark('session');
        // an upload's parts are read only now (after the token and role checks): its text parts are the params
        const { raw, file } = def.upload
          ? await readUpload(def.upload, request, locale)
          : { raw: rawParams(def, request), file: null };
        // one place for every endpoint: no NUL, unpaired surrogate, number beyond int4 or deep nesting gets further
        refuseUnstorable(raw, locale);
        for (const name of limits) {
          const key = limitKey(name, request, raw, session);
          if (key !== null) await app.limiter.check(name, { request, locale, now, key });
        }
        const prepared = options.prepare && isRecord(raw) ? options.prepare(raw) : raw;
        const { params, open } = await validateParams(def, prepared, locale, request);
        timing.mark('params');
        if (def.upload) {
          if (!file) throw paramError(locale, [`${def.upload.field} is required`], [def.upload.field]);
          await refuseWrongContent(def.upload, file, locale);
        }
        const body = await options.handler({
          params,
          open,
          locale,
          now,
          request,
          reply,
          token,
          file,
          timing,
          sessionRead,
          session: session as S,
        });
        if (options.serverTiming) {
          timing.mark('handler');
          reply.header('server-timing', timing.header());
        }
        if (body instanceof FileReply) {
          if (!def.file)
            throw new Error(`${def.name}: a file answer from an endpoint not declared file: true`);
          return sendFile(reply, body);
        }
        return sendStatus(reply, 200, body);
      } catch (err) {
        // anything else is the app's one error handler's (plugin.ts): logged with an error id, answered without detail
        if (!(err instanceof HttpAnswer)) throw err;
        const headers = { ...err.headers };
        // a refused token must not come back from the cookie the SPA reads it from
        if (err.status === 401 && token && readCookie(request, TOKEN_COOKIE) === token) {
          headers['set-cookie'] = clearTokenCookie();
        }
        return sendStatus(reply, err.status, err.body, headers);
      } finally {
        if (turn?.kind === 'admitted') turn.release();
      }
    },
  });
}

/** Whom a limit counts: the client IP, the account name tried, or the session's user; null: nothing to count. */
function limitKey(
  name: RateLimitName,
  request: FastifyRequest,
  raw: unknown,
  session: SessionRow | null,
): string | null {
  if (name === 'loginAccount') {
    const username = isRecord(raw) ? raw.username : undefined;
    return typeof username === 'string' && username.trim() !== '' ? accountKey(username) : null;
  }
  if (name === 'signatureUser') return session?.userId ?? null;
  return request.ip;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** auth 'none' or 'optional': the session when the token is valid, else null. */
export function publicEndpoint<P extends AnyObject, D>(
  app: FastifyInstance,
  ctx: AppContext,
  def: EndpointDef<P, D>,
  options: RouteOptions<P, D, SessionRow | null>,
): void {
  register(app, ctx, def, 'public', options);
}

/** auth 'token': a valid, open, recently used session. */
export function sessionEndpoint<P extends AnyObject, D>(
  app: FastifyInstance,
  ctx: AppContext,
  def: EndpointDef<P, D>,
  options: RouteOptions<P, D, SessionRow>,
): void {
  register(app, ctx, def, 'session', options);
}

/** needsRole: a valid session whose chosen role and site the user still holds. */
export function roleEndpoint<P extends AnyObject, D>(
  app: FastifyInstance,
  ctx: AppContext,
  def: EndpointDef<P, D>,
  options: RouteOptions<P, D, RoleSession>,
): void {
  register(app, ctx, def, 'role', options);
}

/** auth 'token', but the handler classifies the token itself (ctx.token). */
export function ownTokenEndpoint<P extends AnyObject, D>(
  app: FastifyInstance,
  ctx: AppContext,
  def: EndpointDef<P, D>,
  options: RouteOptions<P, D, null>,
): void {
  register(app, ctx, def, 'ownTokenCheck', options);
}
