import { FORM_MSG } from '../../engine/form/messages';
import { RULE_MSG } from '../../engine/rules/messages';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../engine/messages';
import { META_EXPECTED, META_MSG, META_PROBLEM, SEARCH_MSG } from '../../engine/metadata/messages';
import { EXPIRE_TYPES, expireMessageId } from '../../engine/session/expireTypes';
import { compileCatalogue } from './buildPlugin';
import { ALL_MESSAGES } from './allMessages';
import appEn from './app/en.json';
import appZh from './app/zh_CN.json';
import bootEn from './en.json';
import bootZh from './zh_CN.json';
import { isBootKey } from './tiers';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const catalogues = ALL_MESSAGES;
const tiers = {
  boot: { zh_CN: bootZh as Record<string, string>, en: bootEn as Record<string, string> },
  app: { zh_CN: appZh as Record<string, string>, en: appEn as Record<string, string> },
};

/** Every id the engine puts in a notice: MSG values (the prefix aside) and logout.expire.<code> for each code. */
const engineIds = [
  ...Object.entries(MSG)
    .filter(([name]) => name !== 'expirePrefix')
    .map(([, id]) => id),
  ...EXPIRE_TYPES.map(expireMessageId),
  ...Object.values(META_MSG),
  ...Object.values(SEARCH_MSG),
  ...Object.values(META_EXPECTED),
  ...Object.values(META_PROBLEM),
  ...Object.values(RULE_MSG),
  ...Object.values(FORM_MSG),
];

/** ICU argument names of a message ({name}, {count, plural, …}). */
/** The names of a message's arguments (ICU), select and plural branches included; each name once. */
function argumentNames(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if (el.type === TYPE.tag) {
        walk(el.children);
        continue;
      }
      names.add(el.value);
      if (el.type === TYPE.select || el.type === TYPE.plural)
        for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(parse(text));
  return [...names].sort();
}

describe('i18n catalogues', () => {
  it('have the same keys in zh_CN and en, tier by tier', () => {
    for (const tier of Object.values(tiers)) {
      expect(Object.keys(tier.en).sort()).toEqual(Object.keys(tier.zh_CN).sort());
    }
  });

  it('keep each key in the file of its tier (boot areas ship with the login front)', () => {
    for (const locale of ['zh_CN', 'en'] as const) {
      expect(Object.keys(tiers.boot[locale]).filter((id) => !isBootKey(id))).toEqual([]);
      expect(Object.keys(tiers.app[locale]).filter(isBootKey)).toEqual([]);
    }
  });

  it.each(engineIds)('contain the engine message id %s in both languages', (id) => {
    expect(catalogues.zh_CN[id], `zh_CN ${id}`).toBeTruthy();
    expect(catalogues.en[id], `en ${id}`).toBeTruthy();
  });

  it('use the same placeholders in both languages', () => {
    for (const [id, text] of Object.entries(catalogues.zh_CN)) {
      expect(argumentNames(catalogues.en[id] ?? ''), id).toEqual(argumentNames(text));
    }
  });

  it('have no empty texts, and namespaced ids rather than phrases', () => {
    for (const catalogue of Object.values(catalogues)) {
      for (const [id, text] of Object.entries(catalogue)) {
        expect(text.trim(), id).not.toBe('');
        expect(id).toMatch(/^[a-zA-Z0-9_]+(\.[a-zA-Z0-9_]+)+$/);
      }
    }
  });

  it('hold valid ICU messages (the production build precompiles them)', () => {
    for (const catalogue of Object.values(catalogues))
      expect(() => compileCatalogue(catalogue)).not.toThrow();
    expect(() => compileCatalogue({ 'broken.id': 'Hello {name' })).toThrow(/broken\.id/);
  });

  it('use only what the app formats: text, arguments, select, plural and # (renderers/intl/formatAst.ts)', () => {
    const supported = new Set<TYPE>([TYPE.literal, TYPE.argument, TYPE.select, TYPE.plural, TYPE.pound]);
    const unsupported = (elements: MessageFormatElement[]): TYPE[] =>
      elements.flatMap((el) => [
        ...(supported.has(el.type) ? [] : [el.type]),
        ...(el.type === TYPE.select || el.type === TYPE.plural
          ? Object.values(el.options).flatMap((option) => unsupported(option.value))
          : []),
      ]);
    for (const catalogue of Object.values(catalogues))
      for (const [id, text] of Object.entries(catalogue)) expect(unsupported(parse(text)), id).toEqual([]);
  });

  it('keep the Chinese catalogue in Chinese', () => {
    // language names and pure formats of arguments (no words) are the only texts shown the same in both
    const formatsOnly = new Set(['shell.roleAtSite', 'audit.user', 'audit.optionValue']);
    const sameInBoth = Object.keys(catalogues.zh_CN).filter(
      (id) =>
        catalogues.zh_CN[id] === catalogues.en[id] && !id.startsWith('language.') && !formatsOnly.has(id),
    );
    expect(sameInBoth).toEqual([]);
  });
});
