/**
 * What the client (engine/, src/) and the reference server (server/) must agree on besides the endpoints of
 * contract.ts: the app's base path, names of headers, cookies and query parameters, defaults, and the limits of a
 * client log entry. Pure constants: each exists here only, and both sides import it.
 */

/** Path the SPA is served under: vite `base`, the router's basename, the server's SPA routes and redirect targets. */
export const APP_BASE = '/edcweb/';

/** Response header naming where a forced redirect (503, 600–603) goes. */
export const REDIRECT_HEADER = 'x-redirect-url';

/** Query parameter the client adds to every URL as a cache buster; never a parameter of an endpoint. */
export const CACHE_BUSTER_PARAM = 'time';

/** Cookie the login front sets to the login token; readable by script, so that the SPA picks the token up. */
export const TOKEN_COOKIE = 'token';
/** Query parameter that hands a login token to a tab (`/edcweb/entrance?token=…`). */
export const TOKEN_QUERY_PARAM = 'token';

/** Release shown in the footer when the login info has none (the server's `productRelease` by default). */
export const DEFAULT_PRODUCT_RELEASE = 'V4.1.0';

/**
 * Longest texts of a writeWebLog.do entry: the contract refuses longer ones, the client clips what it sends and the
 * server truncates what it receives before validating it.
 */
export const WEB_LOG_LIMITS = {
  msg: 4000,
  stack: 16000,
  url: 2000,
  userAgent: 1000,
  time: 64,
} as const;
