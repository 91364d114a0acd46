import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REDCAP_MSG } from './issues';

/** The app tier of the catalogues and the server's messages (read as files: the engine imports neither). */
function catalogue(locale: 'zh_CN' | 'en'): Record<string, string> {
  const url = new URL(`../../../src/i18n/app/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}
const serverMessages = readFileSync(new URL('../../../server/core/messages.ts', import.meta.url), 'utf8');

describe('REDCAP_MSG', () => {
  const zh = catalogue('zh_CN');
  const en = catalogue('en');
  it.each(Object.values(REDCAP_MSG))('%s has a text in both catalogues and in the server messages', (id) => {
    expect(zh[id], `zh_CN ${id}`).toBeTruthy();
    expect(en[id], `en ${id}`).toBeTruthy();
    expect(serverMessages).toContain(`'${id}': {`);
  });
});
