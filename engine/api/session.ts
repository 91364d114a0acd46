/**
 * Startup and session (spec §7 "Startup and session", §3 login info and picture permissions): the login front, the
 * EDC login (login info), the per-host UI config, heartbeat and expiry polls, roles and sites, menus, help, the
 * online service, client logs and the signature re-authentication. The login front's chunks carry only this module.
 */
import * as cs from '../schema';
import { bool, endpoint, noParams, nullData, num, str } from './endpoint';
import { localizedTextSchema, LOCALES, type LocalizedText } from './localized';
import { WEB_LOG_LIMITS } from './protocol';

// ---------------------------------------------------------------------------------------------------------------
// Shared shapes

/** Site-specific UI config (spec §3), keyed by host. */
export const siteUiConfigSchema = cs.object({
  /** URL of the sponsor/unit logo shown on the login front and in the header; empty for the product logo. */
  unitLogo: str().defined(),
  /** Label of the eClinical platform version shown on the login front. */
  eClinical_version: str().defined(),
  /** Integration address (scheme://host[:port]) of the login service; empty when not configured. */
  backAddress: str().defined(),
});

/**
 * Login info (spec §3, with the spec's spelling): backAddress, locale, studyid, userid, productRelease,
 * online {isShow}, role, defultDateFormat, numfieldUKallowed, strLength — plus who the user is and where they work
 * (names, role and site ids), their time zone and the host's logo.
 */
export const loginInfoSchema = siteUiConfigSchema.shape({
  userid: str().nullable().defined(),
  username: str().nullable().defined(),
  realname: str().nullable().defined(),
  studyid: str().nullable().defined(),
  studycode: str().nullable().defined(),
  studyname: str().nullable().defined(),
  /** The current role's code (spec §6: `support`, case-insensitive, sets the support flag); null before a role is chosen. */
  role: str().nullable().defined(),
  roleid: str().nullable().defined(),
  rolecode: str().nullable().defined(),
  rolename: localizedTextSchema.nullable().defined().default(null),
  siteid: str().nullable().defined(),
  sitecode: str().nullable().defined(),
  sitename: str().nullable().defined(),
  locale: str().oneOf(LOCALES).required(),
  /** IANA time zone of the user, e.g. `Asia/Shanghai`. */
  timezone: str().required(),
  /** Date format of dates shown and entered (spec §9: default yyyy-MM-dd). The spec's spelling. */
  defultDateFormat: str().required(),
  /** 100 → text limit 100; anything larger → 2000 (spec §3). */
  strLength: num().required(),
  /** Number fields accept the unknown marker (UK). */
  numfieldUKallowed: bool().required(),
  /** Release shown in the footer; the client defaults to V4.1.0. */
  productRelease: str().optional(),
  online: cs.object({ isShow: bool().required() }).required(),
});

export const roleSchema = cs.object({
  roleid: str().required(),
  rolecode: str().required(),
  rolename: localizedTextSchema.required(),
  sites: cs
    .array(
      cs.object({
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

export const menuItemSchema: cs.ObjectSchema<MenuItem> = cs.object({
  menuCode: str().required(),
  name: localizedTextSchema.required(),
  path: str().defined(),
  icon: str().optional(),
  children: cs.array(cs.lazy(() => menuItemSchema.default(undefined))).optional(),
}) as cs.ObjectSchema<MenuItem>;

/** Picture permissions (spec §3, §6): OCR, see, upload, de-identify (desensitise). */
export const picParamsSchema = cs.object({
  can_ocr: bool().required(),
  can_see: bool().required(),
  can_upload: bool().required(),
  can_desen: bool().required(),
});

// ---------------------------------------------------------------------------------------------------------------
// The login service (paths containing /login/: requested on the integration address)

export const loginFront = endpoint({
  name: 'loginFront',
  path: '/login/front/login.do',
  method: 'POST',
  auth: 'none',
  needsRole: false,
  description:
    'The login front\'s own login: user name and password → token (also set as the "token" cookie). A disabled or locked account is refused with a message.',
  params: cs.object({ username: str().required(), password: str().required() }),
  data: cs.object({ token: str().required(), userid: str().required() }),
});

export const loginInfo = endpoint({
  name: 'loginInfo',
  path: '/login/info/logininfo.do',
  auth: 'optional',
  needsRole: false,
  bootstrap: true,
  description:
    "Per-host UI config (spec §3: unitLogo, eClinical_version, backAddress). Anonymous; asked on the page's origin while no integration address is known.",
  params: noParams,
  data: siteUiConfigSchema,
});

/** heartBeat.do data: 1 alive, −2 the session expired (→ logout 405). Code 504 in the envelope → logout 504. */
export const HEARTBEAT_ALIVE = 1;
export const HEARTBEAT_EXPIRED = -2;

export const heartBeat = endpoint({
  name: 'heartBeat',
  path: '/login/heartBeat.do',
  needsRole: false,
  description:
    'Keeps the session alive every 10 s; data −2 when it expired, code 504 when replaced by a newer login.',
  params: noParams,
  data: num().required(),
});

export const roleTranAdd = endpoint({
  name: 'roleTranAdd',
  path: '/login/roleTran/add.do',
  method: 'POST',
  needsRole: false,
  description: 'Records a role switch (from → to) in the audit log.',
  params: cs.object({
    fromRoleid: str().nullable().defined(),
    toRoleid: str().required(),
    siteid: str().required(),
  }),
  data: nullData,
});

// ---------------------------------------------------------------------------------------------------------------
// EDC server: session

export const login = endpoint({
  name: 'login',
  path: '/edc/edcserver/login.do',
  needsRole: false,
  description:
    'Opens the EDC session for the token (in the study asked for, else the current or first one) and answers the login info (spec §3) with the studies the user may work in.',
  params: cs.object({ studyid: str().max(100).optional() }),
  data: loginInfoSchema.shape({
    studies: cs
      .array(
        cs.object({ studyid: str().required(), studycode: str().required(), studyname: str().required() }),
      )
      .required(),
  }),
});

export const logout = endpoint({
  name: 'logout',
  path: '/edc/edcserver/logout.do',
  method: 'POST',
  needsRole: false,
  description: 'Deliberate logout: the server ends the session of the token.',
  params: noParams,
  data: nullData,
});

export const expirationTime = endpoint({
  name: 'expirationTime',
  path: '/edc/edcserver/expirationTime.do',
  needsRole: false,
  description:
    'Every 15 s: whether a notice (password or account expiry, maintenance) must be shown to the user (`flag`, `beforenote`).',
  params: cs.object({ studyid: str().required(), userid: str().required() }),
  data: cs.object({ flag: bool().required(), beforenote: str().defined() }),
});

export const siteList = endpoint({
  name: 'siteList',
  path: '/edc/edcserver/sitelist.do',
  needsRole: false,
  description: 'Roles the user holds in the current study, each with the sites it covers.',
  params: noParams,
  data: cs.array(roleSchema).required(),
});

export const changeSiteRole = endpoint({
  name: 'changeSiteRole',
  path: '/edc/edcserver/changeSiteRole.do',
  method: 'POST',
  needsRole: false,
  description:
    'Chooses the role and the site for this session (every later call is scoped to that site); answers the paths the role may open.',
  params: cs.object({ roleid: str().required(), siteid: str().required() }),
  data: cs.object({
    roleid: str().required(),
    rolecode: str().required(),
    siteid: str().required(),
    allowedPaths: cs.array(str().required()).required(),
  }),
});

export const online = endpoint({
  name: 'online',
  path: '/edc/edcserver/online.do',
  needsRole: false,
  description: 'URL of the online-service (support chat) window.',
  params: noParams,
  data: cs.object({ url: str().required() }),
});

export const findPicParam = endpoint({
  name: 'findPicParam',
  path: '/edc/pic/findPicParam.do',
  description:
    'Picture permissions of the current role (spec §3): can_ocr, can_see, can_upload, can_desen; kept in session state.',
  params: noParams,
  data: picParamsSchema,
});

export const help = endpoint({
  name: 'help',
  path: '/edc/logInfo/help.do',
  needsRole: false,
  description: 'Help documents (PDFs of the help center) for the current role.',
  params: noParams,
  data: cs.array(cs.object({ name: localizedTextSchema.required(), url: str().required() })).required(),
});

export const writeWebLog = endpoint({
  name: 'writeWebLog',
  path: '/edc/api/writeWebLog.do',
  method: 'POST',
  auth: 'optional',
  needsRole: false,
  description:
    'Client error log (spec §7: `msg` and `token`): unhandled errors, rejected promises, failed chunk loads; the other fields say what kind and where.',
  params: cs.object({
    msg: str().required().max(WEB_LOG_LIMITS.msg),
    /** The token of the tab that logged (the server masks it); absent before login. */
    token: str().optional().max(200),
    level: str().oneOf(['error', 'warn', 'info']).default('error'),
    kind: str().oneOf(['error', 'unhandledrejection', 'chunk-load', 'request']).default('error'),
    stack: str().optional().max(WEB_LOG_LIMITS.stack),
    url: str().optional().max(WEB_LOG_LIMITS.url),
    userAgent: str().optional().max(WEB_LOG_LIMITS.userAgent),
    time: str().optional().max(WEB_LOG_LIMITS.time),
  }),
  data: nullData,
});

export const appVersion = endpoint({
  name: 'appVersion',
  path: '/edc/app/appversion.do',
  auth: 'optional',
  needsRole: false,
  description:
    'Server version, e.g. V2.1.8 (the header is shown from V2.1.6 on; the client assumes V2.0.10 when absent).',
  params: noParams,
  data: cs.object({ version: str().defined() }),
});

export const menuList = endpoint({
  name: 'menuList',
  path: '/edc/menu/menuList.do',
  description:
    "Menu tree of the current role, the flat list of paths it may open, and the role's permissions (role_permissions: what it may do beyond reading, e.g. `query.close`), so that the client offers only the actions the role may use; the server checks every call anyway.",
  params: noParams,
  data: cs.object({
    menus: cs.array(menuItemSchema).required(),
    allowedPaths: cs.array(str().required()).required(),
    /** Absent from servers older than issue 12's action gates: the client then hides permission-gated actions. */
    permissions: cs.array(str().required()).optional(),
  }),
});

export const validationSignUser = endpoint({
  name: 'validationSignUser',
  path: '/edc/varstatus/validationSignUser.do',
  method: 'POST',
  description:
    "Re-authentication for an electronic signature (21 CFR 11.200): the signer's password, and the user name on the first signing of a session; answers who signed, when and with what meaning.",
  params: cs.object({
    username: str().optional(),
    password: str().required(),
    meaning: str().required(),
  }),
  data: cs.object({
    signed: bool().required(),
    signer: str().required(),
    signtime: str().required(),
    meaning: str().required(),
  }),
});

/** The session endpoints, by name. */
export const sessionEndpoints = {
  loginFront,
  loginInfo,
  heartBeat,
  roleTranAdd,
  login,
  logout,
  expirationTime,
  siteList,
  changeSiteRole,
  online,
  findPicParam,
  help,
  writeWebLog,
  appVersion,
  menuList,
  validationSignUser,
} as const;

export type LoginInfo = cs.InferType<typeof loginInfoSchema>;
export type SiteUiConfig = cs.InferType<typeof siteUiConfigSchema>;
export type PicParams = cs.InferType<typeof picParamsSchema>;
export type Role = cs.InferType<typeof roleSchema>;
export type Site = Role['sites'][number];
