/**
 * Login info (spec §3) kept in session storage, and the switches derived from it.
 */
import { loginInfoSchema, type LoginInfo } from '../api/session';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../api/localized';
import { DEFAULT_PRODUCT_RELEASE } from '../api/protocol';
import type { KeyValueStore } from '../ports';
import { STORAGE_KEYS } from './storageKeys';

/** `strLength` that selects the short text limit. */
export const SHORT_TEXT_LIMIT = 100;
export const LONG_TEXT_LIMIT = 2000;
export const SUPPORT_ROLE_CODE = 'support';

export interface SessionFlags {
  textLimit: 100 | 2000;
  isSupport: boolean;
  locale: Locale;
  productRelease: string;
  numfieldUKallowed: boolean;
}

/**
 * Keeps the login info; its non-empty `backAddress` is also kept where the request client reads the integration
 * address (STORAGE_KEYS.backAddress).
 */
export function saveLoginInfo(store: KeyValueStore, info: LoginInfo): void {
  store.setItem(STORAGE_KEYS.loginInfo, JSON.stringify(info));
  const backAddress = info.backAddress.trim();
  if (backAddress) store.setItem(STORAGE_KEYS.backAddress, backAddress);
}

/** The kept login info; null when there is none or it does not match the contract any more. */
export function loadLoginInfo(store: KeyValueStore): LoginInfo | null {
  const raw = store.getItem(STORAGE_KEYS.loginInfo);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return loginInfoSchema.isValidSync(parsed, { strict: true }) ? (parsed as LoginInfo) : null;
  } catch {
    return null;
  }
}

export function isSupportRole(rolecode: string | null | undefined): boolean {
  return rolecode?.trim().toLowerCase() === SUPPORT_ROLE_CODE;
}

export function deriveSessionFlags(info: LoginInfo): SessionFlags {
  return {
    textLimit: info.strLength === SHORT_TEXT_LIMIT ? SHORT_TEXT_LIMIT : LONG_TEXT_LIMIT,
    isSupport: isSupportRole(info.role),
    locale: isLocale(info.locale) ? info.locale : DEFAULT_LOCALE,
    productRelease: info.productRelease?.trim() || DEFAULT_PRODUCT_RELEASE,
    numfieldUKallowed: info.numfieldUKallowed === true,
  };
}
