/**
 * Keys of everything the client keeps in session storage. One list, so logout can clear them all.
 *
 * The spec's §3 keys: token, crfstatus, menuCode, heartbeat error count, heartbeat check flag, expiry check flag,
 * allowed paths of the current role, stored page size. The others are the client's own.
 */
export const STORAGE_KEYS = {
  // spec §3
  token: 'edc.token',
  crfstatus: 'edc.crfstatus',
  menuCode: 'edc.menuCode',
  heartbeatErrors: 'edc.heartbeatErrors',
  /** '1' while the heartbeat polls, '0' once it stopped (engine/session/sessionMonitor.ts). */
  heartbeatCheck: 'edc.heartbeatCheck',
  /** '1' while the expiry check polls, '0' once it stopped for this session (flag shown, or it failed). */
  expiryCheck: 'edc.expiryCheck',
  allowedPaths: 'edc.allowedPaths',
  /** Page size (20/50/100) last chosen in a list; lists open with it. */
  pageSize: 'edc.pageSize',
  // the client's own
  loginInfo: 'edc.loginInfo',
  /** Picture permissions of the chosen role (findPicParam.do). */
  picParams: 'edc.picParams',
  /** The chosen role's permissions (menuList.do `permissions`): which gated list actions are offered. */
  rolePermissions: 'edc.rolePermissions',
  backAddress: 'edc.backAddress',
  locale: 'edc.locale',
  previousPath: 'edc.previousPath',
  /** An in-app address opened while logged out: opened again after login and role choice. */
  returnTo: 'edc.returnTo',
  signedOnce: 'edc.signedOnce',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Keys that survive a logout: the UI language the user chose, the integration address, and the address to return
 * to after the next login.
 */
export const KEYS_KEPT_ON_LOGOUT: readonly StorageKey[] = [
  STORAGE_KEYS.locale,
  STORAGE_KEYS.backAddress,
  STORAGE_KEYS.returnTo,
];
