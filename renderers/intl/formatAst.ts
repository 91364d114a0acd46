/**
 * The app's ICU message formatter (in place of `intl-messageformat` and `@formatjs/fast-memoize`, ≈ 4 KB gzip of the
 * boot chunk): formats a parsed message (the AST of `@formatjs/icu-messageformat-parser`, which the production build
 * ships precompiled and tests and the dev server parse at run time) with its values, through the browser's `Intl`.
 *
 * It formats what the catalogues and the code use, no more (src/i18n/catalogues.test.ts keeps the catalogues to it):
 * text, `{arg}`, `{arg, select, …}`, `{arg, plural, …}` and `{arg, selectordinal, …}` with `=n` cases, an `offset:`
 * and `#`. Number, date and time arguments and rich-text tags are refused (a thrown `Error`, which `createIntl`
 * reports, showing the message as written). Its output is `intl-messageformat`'s for the same message and values
 * (formatAst.test.ts compares both on every message of both catalogues): one string, or the parts in order with
 * adjacent texts joined when a value is not text (an element).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type MessageValues = Readonly<Record<string, unknown>>;

/** `TYPE` of the parser's AST (numbers, so that the parser's module is not needed at run time). */
const LITERAL = 0;
const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

const intlCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

/** One `Intl` object per kind, locale and options, shared by every message and instance (they are costly to make). */
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules, O>(
  Make: new (locale: string, options?: O) => T,
  kind: string,
  locale: string,
  options?: O,
): T {
  const key = `${kind}\0${locale}\0${options === undefined ? '' : JSON.stringify(options)}`;
  let made = intlCache.get(key) as T | undefined;
  if (made === undefined) {
    made = new Make(locale, options);
    intlCache.set(key, made);
  }
  return made;
}

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  cached(Intl.NumberFormat, 'n', locale, options);
export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) =>
  cached(Intl.DateTimeFormat, 'd', locale, options);
const pluralRules = (locale: string, type: Intl.PluralRulesOptions['type']) =>
  cached(Intl.PluralRules, 'p', locale, { type });

/** Appends a part: text joins the text before it; anything else (an element) is a part of its own. */
function push(out: unknown[], part: unknown): void {
  const last = out.length - 1;
  if (typeof part === 'string' && typeof out[last] === 'string') out[last] += part;
  else out.push(part);
}

function own<T>(options: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(options, key) ? options[key] : undefined;
}

function formatInto(
  out: unknown[],
  elements: readonly MessageFormatElement[],
  locale: string,
  values: MessageValues | undefined,
  pluralValue?: number,
): void {
  for (const el of elements) {
    if (el.type === LITERAL) {
      push(out, el.value);
      continue;
    }
    if (el.type === POUND) {
      if (pluralValue !== undefined) push(out, numberFormat(locale).format(pluralValue));
      continue;
    }
    if (!values || !(el.value in values)) throw new Error(`no value for "${el.value}"`);
    const value = values[el.value];
    if (el.type === ARGUMENT) {
      // text and numbers as text, other values (elements) as they are, nothing for null, undefined, false
      const type = typeof value;
      push(out, type === 'string' || type === 'number' || type === 'bigint' ? String(value) : value || '');
    } else if (el.type === SELECT) {
      const option = own(el.options, String(value)) ?? el.options.other;
      if (!option) throw new Error(`no case "${String(value)}" of "${el.value}"`);
      // like intl-messageformat: a `#` inside a select is not its enclosing plural's number
      formatInto(out, option.value, locale, values);
    } else if (el.type === PLURAL) {
      const n = Number(value) - el.offset;
      const option =
        own(el.options, `=${String(value)}`) ??
        own(el.options, pluralRules(locale, el.pluralType).select(n)) ??
        el.options.other;
      if (!option) throw new Error(`no case for ${String(value)} of "${el.value}"`);
      formatInto(out, option.value, locale, values, n);
    } else {
      throw new Error(
        `"${el.value}": ICU element type ${el.type} is not supported (renderers/intl/formatAst.ts)`,
      );
    }
  }
}

/**
 * The message with its values: a string, or, when a value is not text, its parts (texts joined, each element as
 * given). Throws when a value is missing, a select has no case for its value, or the message uses what the app does
 * not (see above).
 */
export function formatAst(
  elements: readonly MessageFormatElement[],
  locale: string,
  values?: MessageValues,
): unknown {
  const out: unknown[] = [];
  formatInto(out, elements, locale, values);
  return out.length === 0 ? '' : out.length === 1 ? out[0] : out;
}
