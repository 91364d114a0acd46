/**
 * The contract boundary's generic pass over request input (issue 15, finding 4), run by the route wrapper for EVERY
 * endpoint before and after its schema: whatever a schema forgets, a request never carries into a handler or the
 * database
 * - a text (value or object key, at any depth, named or open parameter) with NUL or an unpaired UTF-16 surrogate
 *   (PostgreSQL refuses NUL in text and jsonb; a lone surrogate is not a character);
 * - a number outside the database's int4 range, or not finite (every number of the contract is a whole number
 *   stored in or compared to an `integer` column: a larger one would fail in the database, a 500);
 * - nesting deeper than MAX_DEPTH (no parameter of the contract nests that deep; deeper input only costs stack);
 * - an object key that names a property of Object.prototype (`__proto__`, `constructor`, `toString` …): yup (the
 *   former validator) looked fields up by key and failed on them, engine/schema refuses them when casting, and they
 *   invite prototype pollution.
 * Each problem names the parameter by its path (`values.AETERM`, `cycnum`).
 */
import { INT4_MAX, INT4_MIN, isStorableText } from '../../../engine/api/endpoint';

/** Deepest nesting of objects and lists a request may carry (form values are 2 deep, reasons 3). */
export const MAX_DEPTH = 16;

export interface InputProblem {
  /** The parameter's path, e.g. `values.AETERM` or `shown[3]`. */
  path: string;
  text: string;
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** A printable form of a key for a path (its unstorable characters escaped, at most 64 characters). */
function printable(key: string): string {
  const escaped = key.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what is escaped here
    /[\u0000-\u001f\uD800-\uDFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 64 ? `${escaped.slice(0, 64)}…` : escaped;
}

/** Whether a number may appear in a request: finite and within int4. */
export function isNumberInRange(n: number): boolean {
  return Number.isFinite(n) && n >= INT4_MIN && n <= INT4_MAX;
}

/**
 * The problems of a request's input (raw query or body, or validated params), at most `limit`. Iterative: input of
 * any depth is walked without recursion.
 */
export function inputProblems(input: unknown, limit = 10): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0 && problems.length < limit) {
    const { value, path, depth } = stack.pop()!;
    const name = path === '' ? 'parameters' : path;
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        problems.push({ path: name, text: `${name} must not contain NUL or unpaired surrogate characters` });
      }
    } else if (typeof value === 'number') {
      if (!isNumberInRange(value)) {
        problems.push({ path: name, text: `${name} must be a number from ${INT4_MIN} to ${INT4_MAX}` });
      }
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_DEPTH) {
        problems.push({ path: name, text: `${name} is nested deeper than ${MAX_DEPTH} levels` });
        continue;
      }
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          stack.push({ value: value[i], path: childPath(path, i), depth: depth + 1 });
        }
      } else {
        const entries = Object.entries(value as Record<string, unknown>);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, child] = entries[i]!;
          const keyPath = childPath(path, printable(key));
          if (!isStorableText(key) || key in Object.prototype) {
            problems.push({
              path: keyPath,
              text: `${keyPath}: not an allowed name (NUL, unpaired surrogates and Object.prototype names are refused)`,
            });
            if (problems.length >= limit) break;
            continue;
          }
          stack.push({ value: child, path: keyPath, depth: depth + 1 });
        }
      }
    }
  }
  return problems;
}

/** The parameter a problem path names: its first segment (`values.AETERM` → `values`, `shown[3]` → `shown`). */
export function parameterOf(path: string): string {
  const match = /^[^.[]+/.exec(path);
  return match ? match[0] : path;
}
