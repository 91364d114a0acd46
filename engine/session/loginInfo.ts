/**
 * Login info (spec §3) kept in session storage, and the switches derived from it.
 */
import { loginInfoSchema, type LoginInfo } from '../api/session';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../api/localized';
import { DEFAULT_PRODUCT_RELEASE } from '../api/protocol';
import type { KeyValueStore } from '../ports';
import { textLimitOf, type TextLimit } from '../input/textLimit';
import { STORAGE_KEYS } from './storageKeys';

export { SHORT_TEXT_LIMIT, LONG_TEXT_LIMIT } from '../input/textLimit';
export const SUPPORT_ROLE_CODE = 'support';

export interface SessionFlags {
  textLimit: TextLimit;
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
    textLimit: textLimitOf(info.strLength),
    isSupport: isSupportRole(info.role),
    locale: isLocale(info.locale) ? info.locale : DEFAULT_LOCALE,
    productRelease: info.productRelease?.trim() || DEFAULT_PRODUCT_RELEASE,
    numfieldUKallowed: info.numfieldUKallowed === true,
  };
}
