/**
 * How rule values convert and compare (docs/form-schema.md#rule-semantics). `null` is blank/unknown and
 * propagates: whatever cannot be decided is null, never an exception.
 */
import type { RuleValue } from './types';

/** Decimal text a rule treats as a number: `12`, `-1.5`, ` 3 `, `.5`, `1e3`. Not `''`, `0x10`, `Infinity`, `UK`. */
const NUMERIC_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

export function isList(v: RuleValue): v is readonly string[] {
  return Array.isArray(v);
}

/** A finite number, or a string that is numeric text; anything else (blank, boolean, list, `'abc'`) → null. */
export function toNumber(v: RuleValue): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && NUMERIC_TEXT.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A number result, or null when it is not finite (x/0, overflow, NaN). */
export function finite(n: number): number | null {
  return Number.isFinite(n) ? n : null;
}

/**
 * An arithmetic result as rules use it: null when not finite; a fraction rounded to 15 significant digits, so that
 * binary floating-point noise does not decide a check (`0.1 + 0.2 = 0.3` holds, as it does for the person reading
 * the rule). Integers are kept exactly.
 */
export function arithmeticResult(n: number): number | null {
  if (!Number.isFinite(n)) return null;
  return Number.isInteger(n) ? n : Number(n.toPrecision(15));
}

/** null, text that is empty or only spaces, an empty list. */
export function isBlank(v: RuleValue): boolean {
  if (v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (isList(v)) return v.length === 0;
  return false;
}

/** A boolean for the logic operators; anything else counts as unknown (null). */
export function toLogic(v: RuleValue): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

/**
 * Text for membership tests (in, contains): numbers in canonical form so that `'1'`, `'1.0'` and `1` meet;
 * other text as written; booleans as 'true'/'false'. null/lists → null.
 */
export function membershipKey(v: RuleValue): string | null {
  if (v === null || isList(v)) return null;
  if (typeof v === 'boolean') return String(v);
  const n = toNumber(v);
  if (n !== null) return String(n);
  return typeof v === 'string' ? v : null;
}

/**
 * Order of two values: negative, 0, positive, or null when they cannot be compared (a blank, a list, a boolean
 * against anything but equality, a number against non-numeric text).
 */
export function compareValues(a: RuleValue, b: RuleValue): number | null {
  if (a === null || b === null || isList(a) || isList(b)) return null;
  if (typeof a === 'boolean' || typeof b === 'boolean') return null;
  if (typeof a === 'string' && typeof b === 'string') {
    const na = toNumber(a);
    const nb = toNumber(b);
    if (na !== null && nb !== null) return Math.sign(na - nb);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na === null || nb === null) return null;
  return Math.sign(na - nb);
}

/** `=`: like compareValues, and booleans equal booleans. null when undecidable. */
export function equalValues(a: RuleValue, b: RuleValue): boolean | null {
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b;
  const order = compareValues(a, b);
  return order === null ? null : order === 0;
}
