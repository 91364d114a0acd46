/**
 * The words for a code of the study's query dictionaries (queryDictList.do): a close reason, an issue type (add
 * reason), a PD type or subcategory, or a history entry's "PD type/subcategory" pair. An unknown code shows as
 * itself, so nothing is hidden when a dictionary entry was retired.
 */
import type { QueryDictEntry, PdType } from '../../../engine/api/queries';
import type { Locale } from '../../../engine/api/localized';
import { metaText } from '../../../engine/metadata/metaText';
import type { MetaText } from '../../../engine/metadata/types';

export interface QueryDicts {
  closeReasons: readonly QueryDictEntry[];
  addReasons: readonly QueryDictEntry[];
  pdTypes: readonly PdType[];
}

function textOf(code: string, dicts: QueryDicts): MetaText | null {
  for (const list of [dicts.closeReasons, dicts.addReasons, dicts.pdTypes]) {
    const found = list.find((e) => e.code === code);
    if (found) return found.text;
  }
  for (const pd of dicts.pdTypes) {
    const sub = pd.subtypes.find((e) => e.code === code);
    if (sub) return sub.text;
  }
  return null;
}

export function dictText(code: string, dicts: QueryDicts, locale: Locale): string {
  const whole = textOf(code, dicts);
  if (whole) return metaText(whole, locale);
  if (!code.includes('/')) return code;
  return code
    .split('/')
    .map((part) => {
      const t = textOf(part, dicts);
      return t ? metaText(t, locale) : part;
    })
    .join(' / ');
}
