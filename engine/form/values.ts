/**
 * Item values as text: blank tests, the normal form a value is saved in (surrounding whitespace trimmed, '' and []
 * → null) and comparison of two values (lists order-insensitive).
 */
import type { FormValue, FormValues } from './types';

/** null, text that is empty or only whitespace, or an empty list. */
export function isBlankValue(value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return value.length === 0;
}

/**
 * A value as it is saved: text trimmed of surrounding whitespace, list entries trimmed with blank entries dropped,
 * blank → null. Anything that is not text or a list of text counts as blank.
 */
export function normaliseValue(value: unknown): FormValue {
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : text;
  }
  if (Array.isArray(value)) {
    const list: string[] = [];
    for (const entry of value) {
      if (typeof entry === 'string' && entry.trim() !== '') list.push(entry.trim());
    }
    return list.length === 0 ? null : list;
  }
  return null;
}

/**
 * The normalised value of `variable` in `values`: own properties only (a variable named `constructor` or `toString`
 * never reads Object.prototype), and anything that is not text or a list of text counts as blank.
 */
export function valueIn(values: FormValues, variable: string): FormValue {
  return Object.hasOwn(values, variable) ? normaliseValue(values[variable]) : null;
}

/** Two values are the same once normalised; lists compare as sets of entries (order does not matter). */
export function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  const x = normaliseValue(a);
  const y = normaliseValue(b);
  if (x === null || y === null) return x === y;
  if (typeof x === 'string' || typeof y === 'string') return x === y;
  if (x.length !== y.length) return false;
  const left = [...x].sort();
  const right = [...y].sort();
  return left.every((entry, i) => entry === right[i]);
}

const NUMBER_TEXT = /^[+-]?(?:\d+|\d*\.\d+)$/;

/** The number a text holds (`12`, `-3.5`, `+1`, `.5`), or null (blank, `UK`, anything else). */
export function numberOf(value: FormValue | undefined): number | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!NUMBER_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
