/**
 * Every message of both catalogues, both tiers, formats through the app's binding (renderers/intl: its own ICU
 * formatter, formatAst.ts) without an error, from the ICU text (tests, dev server) and from the build's precompiled
 * form alike. Until `intl-messageformat` was removed, this file compared formatAst with it on every message and
 * every kind of value (commit 272b10e, 1 800 messages × 13 value sets and a fast-check property: the same output);
 * renderers/intl/formatAst.test.ts keeps a table of real messages with the output it gave.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { createIntl, type IntlError } from '../../renderers/intl';
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

const COUNTS = [0, 1, 2, 21, 1.5];

describe('every catalogue message formats through the app binding', () => {
  it.each(['zh_CN', 'en'] as const)(
    '%s: from the text and precompiled alike, every case, no error',
    (locale) => {
      const errors: IntlError[] = [];
      const onError = (error: IntlError) => errors.push(error);
      const tag = intlLocaleTag(locale);
      const fromText = createIntl({ locale: tag, messages: ALL_MESSAGES[locale], onError });
      const fromBuild = createIntl({
        locale: tag,
        messages: compileCatalogue(ALL_MESSAGES[locale]),
        onError,
      });
      let formatted = 0;
      for (const [id, text] of Object.entries(ALL_MESSAGES[locale])) {
        const args = [...argumentsOf(parse(text))];
        for (let i = 0; i < COUNTS.length; i++) {
          const values = Object.fromEntries(
            args.map(([name, kind]) => [
              name,
              kind.kind === 'plural'
                ? COUNTS[i]
                : kind.kind === 'select'
                  ? kind.keys[i % kind.keys.length]
                  : `v${i}`,
            ]),
          );
          const shown = fromText.formatMessage({ id }, values);
          expect(typeof shown, id).toBe('string');
          expect(fromBuild.formatMessage({ id }, values), id).toBe(shown);
          // every argument shown as its value (a select's key and a plural's number pick a case instead)
          for (const [name, kind] of args)
            if (kind.kind === 'plain' && !text.includes(`{${name},`)) expect(shown, id).toContain(`v${i}`);
          formatted++;
          if (args.length === 0) break;
        }
      }
      expect(errors).toEqual([]);
      expect(formatted).toBeGreaterThan(1000);
    },
  );
});
