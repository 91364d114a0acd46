/** Options of select fields: inline `selector` lists (any value/label keys) and code lists from the server. */
import type { CodeOptionWire } from '../api/lists';
import type { Locale } from '../api/localized';
import { idText, isRecord } from './issues';
import { isNonEmptyMetaText, metaText } from './metaText';
import type { CodeOption } from './types';

export const DEFAULT_VALUE_KEY = 'codevalue';
export const DEFAULT_LABEL_KEY = 'codedesp';

/** Options as the code-list endpoint sends them (`{codevalue, codedesp}`), in their order. */
export function codeOptionsFromWire(list: readonly CodeOptionWire[]): CodeOption[] {
  return list.map((o) => ({ value: o.codevalue, label: o.codedesp }));
}

/**
 * Options from a raw `selector` list read with `valueKey`/`labelKey`: the options, or the 0-based position of the
 * first option without a value (text or number) or a label.
 */
export function parseSelector(
  raw: readonly unknown[],
  valueKey: string = DEFAULT_VALUE_KEY,
  labelKey: string = DEFAULT_LABEL_KEY,
): { options: CodeOption[] } | { badOption: number } {
  const options: CodeOption[] = [];
  for (const [i, item] of raw.entries()) {
    if (!isRecord(item)) return { badOption: i };
    const value = idText(item[valueKey]);
    const label = item[labelKey];
    if (value === null || !isNonEmptyMetaText(label)) return { badOption: i };
    options.push({ value, label });
  }
  return { options };
}

/** value → label in a locale (for the `codelist` formatter and for showing chosen values). */
export function codeLabelMap(options: readonly CodeOption[], locale: Locale): Map<string, string> {
  return new Map(options.map((o) => [o.value, metaText(o.label, locale)]));
}
