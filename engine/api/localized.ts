import * as cs from '../schema';

/** Locales the product ships. `zh_CN` is the default. */
export const LOCALES = ['zh_CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_CN';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A text the server sends in every locale (menu names, role names …): never an English phrase used as a key. */
export interface LocalizedText {
  zh_CN: string;
  en: string;
}

export const localizedTextSchema = cs.object({
  zh_CN: cs.string().strict().required(),
  en: cs.string().strict().required(),
});

export function pickLocalized(text: LocalizedText, locale: Locale): string {
  return text[locale] || text.zh_CN || text.en;
}
