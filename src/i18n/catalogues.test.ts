import { describe, expect, it } from 'vitest';
import { MSG } from '../../engine/messages';
import { EXPIRE_TYPES, expireMessageId } from '../../engine/session/expireTypes';
import { compileCatalogue } from './buildPlugin';
import en from './en.json';
import zh from './zh_CN.json';

const catalogues = { zh_CN: zh as Record<string, string>, en: en as Record<string, string> };

/** Every id the engine puts in a notice: MSG values (the prefix aside) and logout.expire.<code> for each code. */
const engineIds = [
  ...Object.entries(MSG)
    .filter(([name]) => name !== 'expirePrefix')
    .map(([, id]) => id),
  ...EXPIRE_TYPES.map(expireMessageId),
];

/** ICU argument names of a message ({name}, {count, plural, …}). */
function argumentNames(text: string): string[] {
  return [...text.matchAll(/\{\s*([a-zA-Z_][\w]*)\s*[,}]/g)].map((m) => m[1] ?? '').sort();
}

describe('i18n catalogues', () => {
  it('have the same keys in zh_CN and en', () => {
    expect(Object.keys(catalogues.en).sort()).toEqual(Object.keys(catalogues.zh_CN).sort());
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

  it('keep the Chinese catalogue in Chinese', () => {
    // language names are the only texts shown the same in both
    const sameInBoth = Object.keys(catalogues.zh_CN).filter(
      (id) =>
        catalogues.zh_CN[id] === catalogues.en[id] &&
        !id.startsWith('language.') &&
        id !== 'shell.roleAtSite',
    );
    expect(sameInBoth).toEqual([]);
  });
});
