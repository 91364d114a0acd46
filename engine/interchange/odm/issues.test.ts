/** Every ODM import finding has its text in both app catalogues and among the server's messages. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ODM_ISSUE } from './issues';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('ODM issue messages', () => {
  const zh = JSON.parse(read('src/i18n/app/zh_CN.json')) as Record<string, string>;
  const en = JSON.parse(read('src/i18n/app/en.json')) as Record<string, string>;
  const server = read('server/core/messages.ts');

  it.each(Object.values(ODM_ISSUE))('%s is in zh_CN, en and the server messages', (id) => {
    expect(zh[id]).toBeTruthy();
    expect(en[id]).toBeTruthy();
    expect(server).toContain(`'${id}': {`);
  });
});
