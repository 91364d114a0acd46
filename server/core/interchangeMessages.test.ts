/**
 * The import report's issue texts are the server's as well as the client's: every `interchange.issue.*` id of the
 * client catalogues has the same text on the server (so `npm run import` and API clients read sentences, not ids),
 * and every id the importers of engine/interchange emit has one.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from './formMessages';
import { ISSUE_MESSAGES, issueText } from './interchangeMessages';

const ROOT = join(import.meta.dirname, '../..');
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(ROOT, 'src/i18n/app', `${locale}.json`), 'utf8')) as Record<string, string>;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('import report issue texts', () => {
  it('equal the client catalogues for every interchange.issue id, in both languages', () => {
    for (const locale of ['zh_CN', 'en'] as const) {
      const client = Object.entries(catalogue(locale)).filter(([id]) => id.startsWith('interchange.issue.'));
      expect(client.length).toBeGreaterThan(50);
      const server = Object.fromEntries(client.map(([id]) => [id, ISSUE_MESSAGES[id]?.[locale]]));
      expect(server).toEqual(Object.fromEntries(client));
    }
  });

  it('equal the client catalogues for every form engine message (a schema problem of an imported form), in both languages', () => {
    for (const locale of ['zh_CN', 'en'] as const) {
      const client = Object.entries(catalogue(locale)).filter(([id]) => id.startsWith('form.'));
      expect(client.length).toBeGreaterThan(50);
      const server = Object.fromEntries(client.map(([id]) => [id, FORM_MESSAGES[id]?.[locale]]));
      expect(server).toEqual(Object.fromEntries(client));
    }
    expect(issueText('form.unknownCodeList', 'en', { codelisttype: 'NOPE' })).not.toContain('form.');
  });

  it('exist for every id the importers emit', () => {
    const emitted = new Set<string>();
    for (const file of sources(join(ROOT, 'engine/interchange')))
      for (const m of readFileSync(file, 'utf8').matchAll(/'(interchange\.issue\.[\w.]+)'/g))
        emitted.add(m[1]!);
    expect(emitted.size).toBeGreaterThan(20);
    expect([...emitted].filter((id) => !ISSUE_MESSAGES[id])).toEqual([]);
  });

  it('fill in the values, and keep an unknown id with its values rather than lose it', () => {
    expect(issueText('interchange.issue.duplicateForm', 'en', { tid: 'VS' })).toBe('Form VS appears twice');
    expect(issueText('interchange.issue.nope', 'en', { a: 1 })).toBe('interchange.issue.nope {a=1}');
  });
});
