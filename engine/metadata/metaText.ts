/** Labels from metadata (MetaText): one text for every locale, or one per locale. */
import { pickLocalized, type Locale, type LocalizedText } from '../api/localized';
import type { MetaText } from './types';

function isLocalizedText(v: unknown): v is LocalizedText {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return typeof o.zh_CN === 'string' && typeof o.en === 'string';
}

/** The text of a label in a locale (a per-locale text falls back to zh_CN, then en). */
export function metaText(text: MetaText, locale: Locale): string {
  return typeof text === 'string' ? text : pickLocalized(text, locale);
}

/** A string, or `{ zh_CN, en }` with both texts. */
export function isMetaText(v: unknown): v is MetaText {
  return typeof v === 'string' || isLocalizedText(v);
}

/** A MetaText that shows something: a non-blank string, or a per-locale text with at least one non-blank text. */
export function isNonEmptyMetaText(v: unknown): v is MetaText {
  if (typeof v === 'string') return v.trim() !== '';
  return isLocalizedText(v) && (v.zh_CN.trim() !== '' || v.en.trim() !== '');
}
