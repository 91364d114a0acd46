/**
 * A test server on a test database with an injectable clock, and a typed `call` that checks EVERY response against
 * the contract (parseResponse throws a ContractError naming the field).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AnyObject } from '../../engine/schema';
import { changeSiteRole, login, loginFront } from '../../engine/api/session';
import { serverPath, type EndpointDef } from '../../engine/api/endpoint';
import type { ApiEnvelope } from '../../engine/api/envelope';
import type { Locale } from '../../engine/api/localized';
import { parseResponse } from '../../engine/api/parseResponse';
import { isJsonType, readFileAnswer } from '../../engine/api/fileAnswer';
import { buildApp } from '../core/app';
import type { ServerConfigInput } from '../core/config';
import type { Db } from '../core/db/db';
import { loggerOptions } from '../core/logging';
import { createClock, type TestClock } from './clock';
import { TEST_PASSWORD, openTestDb } from './testDb';

/** The Host the tests' requests come to (so that the derived backAddress is stable). */
export const TEST_HOST = 'localhost:8080';

export interface CallOptions {
  token?: string | null;
  locale?: Locale;
  headers?: Record<string, string>;
}

export interface CallResult<D> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The body, checked against the contract. */
  body: ApiEnvelope<D> & { errors?: string[] };
  response: LightMyRequestResponse;
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  /** The connection that owns the schema (TestDb.owner): `db` unless the owner/app split is on. */
  owner: Db;
  clock: TestClock;
  call<P extends AnyObject, D>(
    def: EndpointDef<P, D>,
    params?: AnyObject,
    opts?: CallOptions,
  ): Promise<CallResult<D>>;
  /** Logs in on the login front and opens the study; the token. */
  login(username: string, password?: string): Promise<string>;
  /** login + changeSiteRole (role and site by code). */
  loginAs(username: string, rolecode: string, sitecode: string): Promise<string>;
  ids(rolecode: string, sitecode: string): Promise<{ roleid: string; siteid: string }>;
  close(): Promise<void>;
}

/** Response headers as texts (a header sent several times: its first value). */
function textHeaders(headers: LightMyRequestResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = String(Array.isArray(value) ? value[0] : value);
  }
  return out;
}

/** A query string; lists become repeated keys (as the client sends them). */
export function queryString(params: AnyObject): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  }
  return search.toString();
}

/**
 * Rate limits out of the way: a test file makes hundreds of calls from one IP at one instant of its clock. Tests of
 * the limits pass their own (`rateLimits`); writeWebLog.do keeps `webLogPerMinute`.
 */
const RELAXED = { max: 1_000_000, windowMs: 60_000 };
export const TEST_RATE_LIMITS = {
  public: RELAXED,
  login: RELAXED,
  loginAccount: RELAXED,
  signature: RELAXED,
  signatureUser: RELAXED,
};

export interface HarnessOptions {
  /** Wraps the database the app is given (the statement counter, statementCount.ts); `db` stays the plain one. */
  wrapDb?: (db: Db) => Db;
}

export async function startHarness(
  config: ServerConfigInput = {},
  opts: HarnessOptions = {},
): Promise<Harness> {
  const { db, owner, cleanup } = await openTestDb();
  const clock = createClock();
  const app = await buildApp({
    logger: loggerOptions('warn'),
    now: clock.now,
    distDir: 'dist',
    ...config,
    rateLimits: { ...TEST_RATE_LIMITS, ...config.rateLimits },
    db: opts.wrapDb ? opts.wrapDb(db) : db,
  });

  const harness: Harness = {
    app,
    db,
    owner,
    clock,
    async call(def, params = {}, opts = {}) {
      const url = serverPath(def);
      const time = { time: clock.now().getTime() };
      const headers: Record<string, string> = { host: TEST_HOST, picEnv: 'web', ...opts.headers };
      if (opts.token) headers.token = opts.token;
      if (opts.locale) headers.locale = opts.locale;
      // GET and DELETE: parameters in the query; POST and PUT: in a JSON body
      const inQuery = def.method === 'GET' || def.method === 'DELETE';
      const response = inQuery
        ? await app.inject({
            method: def.method,
            url: `${url}?${queryString({ ...params, ...time })}`,
            headers,
          })
        : await app.inject({
            method: def.method,
            url: `${url}?${queryString(time)}`,
            headers,
            payload: params,
          });
      // a file endpoint's file (not JSON): its headers read as the client reads them, the contract's data
      const json: unknown =
        def.file && response.statusCode === 200 && !isJsonType(String(response.headers['content-type']))
          ? { success: true, msg: '', data: readFileAnswer(textHeaders(response.headers)) }
          : response.json();
      // every answer, whatever its status, must match the contract (throws a ContractError naming the field)
      parseResponse(def, json);
      return {
        status: response.statusCode,
        headers: response.headers,
        body: json as CallResult<never>['body'],
        response,
      };
    },
    async login(username, password = TEST_PASSWORD) {
      const front = await harness.call(loginFront, { username, password });
      if (!front.body.success) throw new Error(`login of ${username} failed: ${front.body.msg}`);
      const token = front.body.data.token;
      const opened = await harness.call(login, {}, { token });
      if (!opened.body.success) throw new Error(`login.do of ${username} failed: ${opened.body.msg}`);
      return token;
    },
    async ids(rolecode, sitecode) {
      const rows = await db.query<{ roleid: string; siteid: string }>(
        `select r.id as roleid, s.id as siteid from roles r, sites s where r.rolecode = $1 and s.sitecode = $2`,
        [rolecode, sitecode],
      );
      if (!rows[0]) throw new Error(`no role ${rolecode} or site ${sitecode}`);
      return rows[0];
    },
    async loginAs(username, rolecode, sitecode) {
      const token = await harness.login(username);
      const res = await harness.call(changeSiteRole, await harness.ids(rolecode, sitecode), { token });
      if (!res.body.success) throw new Error(`changeSiteRole for ${username} failed: ${res.body.msg}`);
      return token;
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
  return harness;
}
