/**
 * Product facts carried as `Alias Context="edcweb:<key>"` (vocabulary.ts): how each key is written and read.
 * Strings are written as they are; every other value as JSON. An empty string, which `Alias/@Name` does not allow,
 * is written as JSON too (`""`).
 */
import { ALIAS_PREFIX } from './vocabulary';
import { element } from './xmlText';

/** Keys whose value is a string (written raw when not empty). */
const STRING_KEYS: ReadonlySet<string> = new Set(['fieldtype', 'formid', 'reftype', 'kind', 'form']);

export function aliasElement(key: string, value: unknown): string {
  const text =
    STRING_KEYS.has(key) && typeof value === 'string' && value !== '' ? value : JSON.stringify(value);
  return element('Alias', { Context: ALIAS_PREFIX + key, Name: text });
}

/** The value of an alias of this product, or undefined when the text is not valid for the key. */
export function aliasValue(key: string, text: string): unknown {
  if (STRING_KEYS.has(key) && !text.startsWith('"')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `edcweb:hidden` → `hidden`; null for another context. */
export function aliasKey(context: string): string | null {
  return context.startsWith(ALIAS_PREFIX) ? context.slice(ALIAS_PREFIX.length) : null;
}
