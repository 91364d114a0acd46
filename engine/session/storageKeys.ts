/** Keys of everything the client keeps in session storage. One list, so logout can clear them all. */
export const STORAGE_KEYS = {
  token: 'edc.token',
  loginInfo: 'edc.loginInfo',
  allowedPaths: 'edc.allowedPaths',
  heartbeatErrors: 'edc.heartbeatErrors',
  backAddress: 'edc.backAddress',
  menuCode: 'edc.menuCode',
  crfstatus: 'edc.crfstatus',
  locale: 'edc.locale',
  previousPath: 'edc.previousPath',
  signedOnce: 'edc.signedOnce',
  /** Page size (20/50/100) last chosen in a list; lists open with it. */
  pageSize: 'edc.pageSize',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys that survive a logout (the UI language the user chose). */
export const KEYS_KEPT_ON_LOGOUT: readonly StorageKey[] = [STORAGE_KEYS.locale, STORAGE_KEYS.backAddress];
