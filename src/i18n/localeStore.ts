import { DEFAULT_LOCALE, isLocale, type Locale } from '../../engine/api/localized';
import type { KeyValueStore } from '../../engine/ports';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';

/** The UI language kept in session storage (`edc.locale`); zh_CN when none was chosen. */
export function readStoredLocale(store: KeyValueStore): Locale {
  const value = store.getItem(STORAGE_KEYS.locale);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function storeLocale(store: KeyValueStore, locale: Locale): void {
  store.setItem(STORAGE_KEYS.locale, locale);
}

/** BCP 47 tag for react-intl and the `lang` attribute. */
export function intlLocaleTag(locale: Locale): string {
  return locale === 'zh_CN' ? 'zh-CN' : 'en';
}
