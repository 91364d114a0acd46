import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORM_MSG } from './messages';

/** The app tier of the catalogues (read as files: the engine imports nothing from src/). */
function catalogue(locale: 'zh_CN' | 'en'): Record<string, string> {
  const url = new URL(`../../src/i18n/app/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

describe('FORM_MSG', () => {
  const zh = catalogue('zh_CN');
  const en = catalogue('en');
  it.each(Object.values(FORM_MSG))('%s has a text in both catalogues', (id) => {
    expect(zh[id], `zh_CN ${id}`).toBeTruthy();
    expect(en[id], `en ${id}`).toBeTruthy();
  });

  it('has no two names for the same id', () => {
    const ids = Object.values(FORM_MSG);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
