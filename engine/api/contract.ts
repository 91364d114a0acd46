/**
 * The API contract: every endpoint the client calls for startup and session, in one place.
 *
 * Used by the request client (engine/http), the reference server (server/), the fixtures (fixtures/) and the tests.
 * Paths are relative: `API_BASE` endpoints are requested as `/edc/<path>` on the page's own origin; `back`
 * endpoints (paths containing `/login/`, and `config.json`) go to the configured integration address `backAddress`.
 *
 * Responses are `{ success, msg, data, code? }` (see envelope.ts); `data` is described here with yup so that a
 * malformed response fails with a message naming the field (see parseResponse.ts).
 */
import * as yup from 'yup';
import { localizedTextSchema, LOCALES, type LocalizedText } from './localized';
import { WEB_LOG_LIMITS } from './protocol';
import type { FormEndpoints } from './formContract';
import type { ListEndpoints } from './listContract';

export const API_BASE = '/edc/';

/** GET and DELETE send their parameters in the query, POST and PUT in a JSON body. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - `token`: needs a login token; without one the client logs out with code 400 and does not send the request.
 * - `optional`: sent with the token when there is one (logininfo.do answers the per-host UI config anonymously).
 * - `none`: the login front; never sends a token.
 */
export type AuthMode = 'token' | 'optional' | 'none';

/**
 * - `api`: requested relative to API_BASE on the page's origin.
 * - `back`: requested on the integration address (`backAddress`), because the path contains `/login/` or `config.json`.
 */
export type HostKind = 'api' | 'back';

export interface EndpointDef<P extends yup.AnyObject, D> {
  /** Stable name used in code, logs and tests. */
  readonly name: string;
  readonly path: string;
  readonly method: HttpMethod;
  readonly auth: AuthMode;
  readonly host: HostKind;
  /** Query (GET) or JSON body (POST) parameters. The server validates requests with the same schema. */
  readonly params: yup.ObjectSchema<P>;
  /** Shape of the `data` field of a successful response. */
  readonly data: yup.Schema<D>;
  /** Whether a role and site must have been chosen (changeSiteRole.do) before this call; checked by the server. */
  readonly needsRole: boolean;
  readonly description: string;
  /**
   * Parameters not named in `params` are kept (not stripped) and handed to the handler as strings or string lists:
   * the search parameters of list endpoints, whose names come from the search-field metadata.
   */
  readonly openParams?: boolean;
}

/** Types an endpoint definition (used by every contract module). */
export function endpoint<P extends yup.AnyObject, D>(def: EndpointDef<P, D>): EndpointDef<P, D> {
  return def;
}

export const noParams = yup.object({});
export const nullData = yup
  .mixed()
  .nullable()
  .test('is-null', '${path} must be null', (v) => v === null) as unknown as yup.Schema<null>;

export const str = () => yup.string().strict();
export const num = () => yup.number().strict();
export const bool = () => yup.boolean().strict();

// ---------------------------------------------------------------------------------------------------------------
// Shared shapes

export const siteUiConfigSchema = yup.object({
  /** URL of the sponsor/unit logo shown on the login front and in the header; empty for the product logo. */
  unitLogo: str().defined(),
  /** Label of the eClinical platform version shown on the login front. */
  eClinical_version: str().defined(),
  /** Integration address (scheme://host[:port]) of the login service; empty when not configured. */
  backAddress: str().defined(),
});

/** Login info (spec §3): who is logged in, in which study, as which role at which site, and UI switches. */
export const loginInfoSchema = siteUiConfigSchema.shape({
  /** Absent when nobody is logged in (anonymous call: only the per-host UI config is meaningful). */
  userid: str().nullable().defined(),
  username: str().nullable().defined(),
  realname: str().nullable().defined(),
  studyid: str().nullable().defined(),
  studycode: str().nullable().defined(),
  studyname: str().nullable().defined(),
  roleid: str().nullable().defined(),
  rolecode: str().nullable().defined(),
  rolename: localizedTextSchema.nullable().defined().default(null),
  siteid: str().nullable().defined(),
  sitecode: str().nullable().defined(),
  sitename: str().nullable().defined(),
  locale: str().oneOf(LOCALES).required(),
  /** IANA time zone of the user, e.g. `Asia/Shanghai`. */
  timezone: str().required(),
  /** 100 → short text limit 100; anything else → 2000. */
  strLength: num().required(),
  /** Number fields accept the unknown marker (UK). */
  numfieldUKallowed: bool().required(),
  /** Release shown in the footer; the client defaults to V4.1.0. */
  productRelease: str().optional(),
  online: yup.object({ isShow: bool().required() }).required(),
});

export const roleSchema = yup.object({
  roleid: str().required(),
  rolecode: str().required(),
  rolename: localizedTextSchema.required(),
  sites: yup
    .array(
      yup.object({
        siteid: str().required(),
        sitecode: str().required(),
        sitename: str().required(),
        country: str().required(),
      }),
    )
    .required(),
});

export interface MenuItem {
  menuCode: string;
  name: LocalizedText;
  /** Route under /index (e.g. `/index/statistics`), or empty for a group. */
  path: string;
  icon?: string;
  children?: MenuItem[];
}

export const menuItemSchema: yup.ObjectSchema<MenuItem> = yup.object({
  menuCode: str().required(),
  name: localizedTextSchema.required(),
  path: str().defined(),
  icon: str().optional(),
  children: yup.array(yup.lazy(() => menuItemSchema.default(undefined))).optional(),
}) as yup.ObjectSchema<MenuItem>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

export const loginFront = endpoint({
  name: 'loginFront',
  path: '/login/front/login.do',
  method: 'POST',
  auth: 'none',
  host: 'back',
  needsRole: false,
  description:
    'The login front\'s own login: user name and password → token (also set as the "token" cookie).',
  params: yup.object({ username: str().required(), password: str().required() }),
  data: yup.object({ token: str().required(), userid: str().required() }),
});

export const signature = endpoint({
  name: 'signature',
  path: '/login/signature.do',
  method: 'POST',
  auth: 'token',
  host: 'back',
  needsRole: true,
  description:
    "Re-authentication for an electronic signature (21 CFR 11.200): the signer's password, and the user name on the first signing of a session; answers who signed, when and with what meaning.",
  params: yup.object({
    username: str().optional(),
    password: str().required(),
    meaning: str().required(),
  }),
  data: yup.object({
    signed: bool().required(),
    signer: str().required(),
    signtime: str().required(),
    meaning: str().required(),
  }),
});

export const siteConfig = endpoint({
  name: 'siteConfig',
  path: 'config.json',
  method: 'GET',
  auth: 'none',
  host: 'back',
  needsRole: false,
  description: 'Per-host UI config published by the integration address.',
  params: noParams,
  data: siteUiConfigSchema,
});

export const login = endpoint({
  name: 'login',
  path: 'login.do',
  method: 'POST',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description:
    'Opens the EDC session for the token from the login front; answers the user and their studies.',
  params: yup.object({ studyid: str().optional() }),
  data: yup.object({
    userid: str().required(),
    username: str().required(),
    realname: str().required(),
    studyid: str().required(),
    studies: yup
      .array(
        yup.object({ studyid: str().required(), studycode: str().required(), studyname: str().required() }),
      )
      .required(),
  }),
});

export const logout = endpoint({
  name: 'logout',
  path: 'logout.do',
  method: 'POST',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description: 'Deliberate logout: the server invalidates the token.',
  params: noParams,
  data: nullData,
});

export const loginInfo = endpoint({
  name: 'loginInfo',
  path: 'logininfo.do',
  method: 'GET',
  auth: 'optional',
  host: 'api',
  needsRole: false,
  description:
    'Login info (spec §3) and the per-host UI config; anonymous calls get the UI config with null user fields.',
  params: noParams,
  data: loginInfoSchema,
});

export const findPicParam = endpoint({
  name: 'findPicParam',
  path: 'findPicParam.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description: 'Platform parameters (upload limits, accepted image types, watermark …) as code/value pairs.',
  params: noParams,
  data: yup.array(yup.object({ paramcode: str().required(), paramvalue: str().defined() })).required(),
});

export const help = endpoint({
  name: 'help',
  path: 'help.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description: 'Help documents for the current role.',
  params: noParams,
  data: yup.array(yup.object({ name: localizedTextSchema.required(), url: str().required() })).required(),
});

/** heartBeat.do data: 1 alive, −2 the session expired (→ logout 405). Code 504 in the envelope → logout 504. */
export const HEARTBEAT_ALIVE = 1;
export const HEARTBEAT_EXPIRED = -2;

export const heartBeat = endpoint({
  name: 'heartBeat',
  path: 'heartBeat.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description:
    'Keeps the session alive every 10 s; data −2 when it expired, code 504 when replaced by a newer login.',
  params: noParams,
  data: num().required(),
});

export const expirationTime = endpoint({
  name: 'expirationTime',
  path: 'expirationTime.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description:
    'Every 15 s: whether a notice (password or account expiry, maintenance) must be shown to the user.',
  params: yup.object({ studyid: str().required(), userid: str().required() }),
  data: yup.object({ flag: bool().required(), beforenote: str().defined() }),
});

export const writeWebLog = endpoint({
  name: 'writeWebLog',
  path: 'writeWebLog.do',
  method: 'POST',
  auth: 'optional',
  host: 'api',
  needsRole: false,
  description: 'Client errors (unhandled errors, rejected promises, failed chunk loads) for the server log.',
  params: yup.object({
    level: str().oneOf(['error', 'warn', 'info']).required(),
    kind: str().oneOf(['error', 'unhandledrejection', 'chunk-load', 'request']).required(),
    message: str().required().max(WEB_LOG_LIMITS.message),
    stack: str().optional().max(WEB_LOG_LIMITS.stack),
    url: str().required().max(WEB_LOG_LIMITS.url),
    userAgent: str().optional().max(WEB_LOG_LIMITS.userAgent),
    time: str().required().max(WEB_LOG_LIMITS.time),
  }),
  data: nullData,
});

export const siteList = endpoint({
  name: 'siteList',
  path: 'sitelist.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description: 'Roles the user holds in the current study, each with the sites it covers.',
  params: noParams,
  data: yup.array(roleSchema).required(),
});

export const changeSiteRole = endpoint({
  name: 'changeSiteRole',
  path: 'changeSiteRole.do',
  method: 'POST',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description: 'Chooses the role and site for this session; answers the paths the role may open.',
  params: yup.object({ roleid: str().required(), siteid: str().required() }),
  data: yup.object({
    roleid: str().required(),
    rolecode: str().required(),
    siteid: str().required(),
    allowedPaths: yup.array(str().required()).required(),
  }),
});

export const menuList = endpoint({
  name: 'menuList',
  path: 'menuList.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: true,
  description: 'Menu tree of the current role, and the flat list of paths it may open.',
  params: noParams,
  data: yup.object({
    menus: yup.array(menuItemSchema).required(),
    allowedPaths: yup.array(str().required()).required(),
  }),
});

export const appVersion = endpoint({
  name: 'appVersion',
  path: 'appversion.do',
  method: 'GET',
  auth: 'optional',
  host: 'api',
  needsRole: false,
  description:
    'Server version, e.g. V2.1.8 (the header is shown from V2.1.6 on; the client assumes V2.0.10 when absent).',
  params: noParams,
  data: yup.object({ version: str().defined() }),
});

export const roleTranAdd = endpoint({
  name: 'roleTranAdd',
  path: 'roleTran/add.do',
  method: 'POST',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description: 'Records a role switch (from → to) in the audit log.',
  params: yup.object({
    fromRoleid: str().nullable().defined(),
    toRoleid: str().required(),
    siteid: str().required(),
  }),
  data: nullData,
});

export const online = endpoint({
  name: 'online',
  path: 'online.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: false,
  description: 'URL of the online-service (support chat) window.',
  params: noParams,
  data: yup.object({ url: str().required() }),
});

/** Every endpoint, by name. */
export const endpoints = {
  loginFront,
  signature,
  siteConfig,
  login,
  logout,
  loginInfo,
  findPicParam,
  help,
  heartBeat,
  expirationTime,
  writeWebLog,
  siteList,
  changeSiteRole,
  menuList,
  appVersion,
  roleTranAdd,
  online,
} as const;

/** Every endpoint of every contract module (list and data-entry endpoints live in listContract.ts and formContract.ts, outside the login chunks). */
export type Endpoints = typeof endpoints & ListEndpoints & FormEndpoints;
export type EndpointName = keyof Endpoints;

/** `data` type of an endpoint. */
export type DataOf<E> = E extends EndpointDef<yup.AnyObject, infer D> ? D : never;
/** Params type of an endpoint. */
export type ParamsOf<E> = E extends EndpointDef<infer P, unknown> ? P : never;

export type LoginInfo = yup.InferType<typeof loginInfoSchema>;
export type SiteUiConfig = yup.InferType<typeof siteUiConfigSchema>;
export type Role = yup.InferType<typeof roleSchema>;
export type Site = Role['sites'][number];

/** Full request path of an endpoint for the server's router: `/edc/login.do`, `/login/front/login.do`, `/config.json`. */
export function serverPath(def: Pick<EndpointDef<yup.AnyObject, unknown>, 'path' | 'host'>): string {
  if (def.host === 'api') return `${API_BASE}${def.path}`;
  return def.path.startsWith('/') ? def.path : `/${def.path}`;
}
