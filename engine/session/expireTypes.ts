/**
 * Expire types (spec §8): why the user was logged out. The client shows the message of the code, then after 2 s
 * opens the login page with `?expireType=<code>` (the login front shows the same message again).
 *
 * | code | meaning                                                          |
 * | ---- | ---------------------------------------------------------------- |
 * | 400  | no token: not logged in, or the login was lost                   |
 * | 401  | the server refused the token                                     |
 * | 405  | the session expired (idle 30 min, or heartbeat data −2)          |
 * | 408  | the server stopped answering (more than 3 failed heartbeats)     |
 * | 504  | the account logged in elsewhere; this session was replaced       |
 * | 503  | the service is unavailable                                       |
 * | 600  | the system is being upgraded                                     |
 * | 601  | the current role is no longer available                          |
 * | 602  | the account was disabled                                         |
 * | 603  | a notice from the server (its `msg`), then logout                |
 */
export const EXPIRE_TYPES = [400, 401, 405, 408, 503, 504, 600, 601, 602, 603] as const;
export type ExpireType = (typeof EXPIRE_TYPES)[number];

export function isExpireType(value: unknown): value is ExpireType {
  return typeof value === 'number' && (EXPIRE_TYPES as readonly number[]).includes(value);
}

/** Parses `expireType`/`code` from a query string value. */
export function parseExpireType(raw: string | null | undefined): ExpireType | null {
  if (raw == null || raw === '') return null;
  const n = Number(raw);
  return isExpireType(n) ? n : null;
}

export function expireMessageId(code: ExpireType): string {
  return `logout.expire.${code}`;
}

/** Delay between the logout message and opening the login page. */
export const LOGOUT_REDIRECT_DELAY_MS = 2000;
