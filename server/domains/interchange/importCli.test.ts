/**
 * `npm run import`: the command line takes the page's path (assessImport, publishImport) as a user holding
 * study.import: the report printed, the draft kept, a publish only when asked and only without errors; a refused
 * import (a user without the permission, a file of no known format) writes nothing.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../core/db/db';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';
import { ImportCliUsage, importCliOptions, runImportCli, type ImportCliOptions } from './importCli';

const QOL = join(import.meta.dirname, '../../../fixtures/interchange/redcap-qol.dictionary.csv');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logger: false });
}, 120_000);
afterAll(() => h?.close());

async function run(options: Partial<ImportCliOptions>) {
  const lines: string[] = [];
  const code = await runImportCli(
    h.db,
    { file: QOL, user: 'dm.chen', site: undefined, locale: 'en', publish: false, ...options },
    (line) => lines.push(line),
  );
  return { code, text: lines.join('\n') };
}

const count = async (sql: string) => Number((await queryOne<{ n: number }>(h.db, sql))?.n ?? 0);

describe('npm run import', () => {
  it('reads its arguments, refusing a missing file name or an unknown language', () => {
    expect(importCliOptions(['study.xml', '--site', 'SH01', '--lang', 'en', '--publish'])).toEqual({
      file: 'study.xml',
      user: 'dm.chen',
      site: 'SH01',
      locale: 'en',
      publish: true,
    });
    expect(importCliOptions(['--user', 'dm.x', 'a.csv']).user).toBe('dm.x');
    expect(() => importCliOptions(['--publish'])).toThrow(ImportCliUsage);
    expect(() => importCliOptions(['a.csv', '--lang', 'fr'])).toThrow(ImportCliUsage);
    expect(() => importCliOptions(['a.csv', '--user'])).toThrow(ImportCliUsage);
  });

  it('imports a REDCap dictionary as a draft of the user, with its report printed, and publishes nothing', async () => {
    const versions = await count('select count(*)::int as n from crf_versions');
    const { code, text } = await run({});
    expect(code).toBe(0);
    expect(text).toContain('redcap-qol.dictionary.csv (redcap)');
    expect(text).toMatch(/forms:\n {2}\S+/);
    expect(text).toMatch(/^outcomes: \d+ of \d+ items faithful, \d+ approximated, \d+ not supported/m);
    const draft = await queryOne<{ state: string; username: string }>(
      h.db,
      `select i.state, u.username from study_imports i join users u on u.id = i.user_id
        order by i.id desc limit 1`,
    );
    expect(draft).toEqual({ state: 'draft', username: 'dm.chen' });
    expect(await count('select count(*)::int as n from crf_versions')).toBe(versions);
  });

  it('publishes with --publish: a new current eCRF version, audited', async () => {
    const versions = await count('select count(*)::int as n from crf_versions');
    const { code, text } = await run({ publish: true, locale: 'zh_CN' });
    expect(code).toBe(0);
    expect(text).toMatch(/^published: \S+/m);
    expect(await count('select count(*)::int as n from crf_versions')).toBe(versions + 1);
    expect(
      await count(`select count(*)::int as n from audit_log where action = 'study.publish'`),
    ).toBeGreaterThan(0);
  });

  it('refuses a user without study.import and a file of no known format, writing nothing', async () => {
    const junk = join(tmpdir(), `edc-import-${process.pid}.txt`);
    writeFileSync(junk, 'this is neither ODM nor a REDCap dictionary\n');
    const before = await snapshotDb(h.db);
    const crc = await run({ user: 'crc.li' });
    expect(crc.code).toBe(1);
    expect(crc.text).toContain('crc.li: no active role with study.import');
    const unknown = await run({ file: junk });
    expect(unknown.code).toBe(1);
    expect(unknown.text.length).toBeGreaterThan(0);
    expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
  });
});
