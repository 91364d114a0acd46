/**
 * Expire types (spec §8, "Logout codes"): why the user was logged out. The client shows the message of the code,
 * then after 2 s opens the login page with `?expireType=<code>` (the login front shows the same message again).
 *
 * | code | meaning (spec §8)                                                |
 * | ---- | ---------------------------------------------------------------- |
 * | 400  | please log in first (no token)                                   |
 * | 401  | user information invalid, log in again (also: more than 3 heartbeats answered with an error) |
 * | 405  | session idle over 30 minutes (heartbeat data −2)                 |
 * | 504  | logged in from another browser                                   |
 * | 503  | current study being updated                                      |
 * | 600  | no version available for study                                   |
 * | 601  | role unavailable for study                                       |
 * | 602  | subject parameters not configured in the builder                 |
 * | 603  | database publishing (the response message is shown first)        |
 *
 * No other codes: an unreachable server is a network notice (the session goes on), a disabled account is refused at
 * login with a message.
 */
export const EXPIRE_TYPES = [400, 401, 405, 503, 504, 600, 601, 602, 603] as const;
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
