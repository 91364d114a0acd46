/**
 * The app's own ICU formatter (renderers/intl/formatAst.ts) against `intl-messageformat`, which it replaced: every
 * message of both catalogues, both tiers, formatted with values of every kind its arguments take, gives the same
 * output (or fails alike). Run on the parsed text (tests, dev server) and on the build's precompiled form.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import fc from 'fast-check';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatAst } from '../../renderers/intl/formatAst';
import { createIntl } from '../../renderers/intl';
import type { Locale } from '../../engine/api/localized';
import { ALL_MESSAGES } from './allMessages';
import { compileCatalogue } from './buildPlugin';
import { intlLocaleTag } from './localeStore';

type Kind = { kind: 'plain' } | { kind: 'plural' } | { kind: 'select'; keys: string[] };

/** Each argument of a message with how it is used (a plural's number, a select's key, or shown as it is). */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, Kind>()): Map<string, Kind> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      argumentsOf(el.children, into);
      continue;
    }
    if (el.type === TYPE.plural) into.set(el.value, { kind: 'plural' });
    else if (el.type === TYPE.select) into.set(el.value, { kind: 'select', keys: Object.keys(el.options) });
    else if (!into.has(el.value)) into.set(el.value, { kind: 'plain' });
    if (el.type === TYPE.select || el.type === TYPE.plural)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
  }
  return into;
}

const ELEMENT = { element: 'an element (a React node)' };
const PLAIN = ['李', '', 'a {b} <c>', 0, 7, 1234567.891, -2, null, undefined, false, 12n, ELEMENT] as const;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1.5, -1, '2', 4n] as const;

const messagesOf = (locale: Locale) =>
  Object.entries(ALL_MESSAGES[locale]).map(([id, text]) => ({ locale, id, text, ast: parse(text) }));
const ALL = [...messagesOf('zh_CN'), ...messagesOf('en')];

/** The output of a format, or how it failed (both libraries fail on a missing value or select case). */
function outcome(format: () => unknown): { ok: unknown } | { failed: true } {
  try {
    return { ok: format() };
  } catch {
    return { failed: true };
  }
}

function reference(text: string, locale: Locale, values: Record<string, unknown>) {
  return outcome(() =>
    new IntlMessageFormat(text, intlLocaleTag(locale)).format(values as Record<string, string>),
  );
}

describe('the app formatter gives intl-messageformat’s output for every catalogue message', () => {
  it('reads the catalogues (both locales, both tiers, with plurals and selects)', () => {
    expect(ALL.length).toBeGreaterThan(1500);
    const kinds = new Set(ALL.flatMap(({ ast }) => [...argumentsOf(ast).values()].map((k) => k.kind)));
    expect([...kinds].sort()).toEqual(['plain', 'plural', 'select']);
  });

  it('with each kind of value for each argument, in turn', () => {
    let compared = 0;
    for (const { locale, id, text, ast } of ALL) {
      const args = [...argumentsOf(ast)];
      const samples: Record<string, unknown>[] = [];
      for (let i = 0; i < Math.max(PLAIN.length, COUNTS.length); i++) {
        samples.push(
          Object.fromEntries(
            args.map(([name, kind]) => [
              name,
              kind.kind === 'plain'
                ? PLAIN[i % PLAIN.length]
                : kind.kind === 'plural'
                  ? COUNTS[i % COUNTS.length]
                  : [...kind.keys, 'no-such-case'][i % (kind.keys.length + 1)],
            ]),
          ),
        );
      }
      if (args.length > 0) samples.push({}); // every value missing
      for (const values of samples) {
        const expected = reference(text, locale, values);
        expect(
          outcome(() => formatAst(ast, intlLocaleTag(locale), values)),
          `${locale} ${id}`,
        ).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1500 * 12);
  });

  it('with any values (property)', () => {
    const message = fc.constantFrom(...ALL.filter(({ ast }) => argumentsOf(ast).size > 0));
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.bigInt(),
      fc.constantFrom(null, undefined, true, false, ELEMENT),
    );
    fc.assert(
      fc.property(message, fc.array(value, { minLength: 1, maxLength: 6 }), ({ locale, text, ast }, pool) => {
        const names = [...argumentsOf(ast).keys()];
        const values = Object.fromEntries(names.map((name, i) => [name, pool[i % pool.length]]));
        expect(outcome(() => formatAst(ast, intlLocaleTag(locale), values))).toEqual(
          reference(text, locale, values),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('through the binding, from the ICU text and from the precompiled catalogue alike', () => {
    for (const locale of ['zh_CN', 'en'] as const) {
      const tag = intlLocaleTag(locale);
      const fromText = createIntl({ locale: tag, messages: ALL_MESSAGES[locale], onError: fail });
      const fromBuild = createIntl({
        locale: tag,
        messages: compileCatalogue(ALL_MESSAGES[locale]),
        onError: fail,
      });
      for (const { id, text, ast } of ALL.filter((m) => m.locale === locale)) {
        const values = Object.fromEntries(
          [...argumentsOf(ast)].map(([name, kind]) => [name, kind.kind === 'select' ? kind.keys[0] : 2]),
        );
        const expected = reference(text, locale, values);
        expect({ ok: fromText.formatMessage({ id }, values) }, id).toEqual(expected);
        expect({ ok: fromBuild.formatMessage({ id }, values) }, id).toEqual(expected);
      }
    }
    function fail(error: Error): never {
      throw error;
    }
  });
});
