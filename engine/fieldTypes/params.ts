/** Reading search values back from request params (URL strings, or a JSON body's numbers and lists). */
import type { IncomingParams, ParamValue } from './types';

function scalarText(v: ParamValue | null | undefined): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return String(v);
  return null;
}

/** One value: trimmed text, a number or boolean as text, the first item of a list; null when absent or blank. */
export function paramText(params: IncomingParams, key: string): string | null {
  const v = params[key];
  if (Array.isArray(v)) {
    for (const item of v as readonly string[]) {
      const text = scalarText(item);
      if (text !== null) return text;
    }
    return null;
  }
  return scalarText(v as ParamValue | null | undefined);
}

/** A list of values: repeated keys, a JSON list, or one value; blanks left out. */
export function paramList(params: IncomingParams, key: string): string[] {
  const v = params[key];
  const items: readonly (ParamValue | null | undefined)[] = Array.isArray(v) ? (v as readonly string[]) : [v];
  const out: string[] = [];
  for (const item of items) {
    const text = scalarText(item);
    if (text !== null) out.push(text);
  }
  return out;
}
