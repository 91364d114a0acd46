/**
 * The code-list version (migration 0025): a process keeps the study's code-list names (form open) and a form's options
 * (save) while the version is unchanged; any write to codelist_items — by another instance, or in SQL — moves it, and
 * the next request of every instance uses the lists as they are now.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveData } from '../../../engine/api/data';
import { serverPath } from '../../../engine/api/endpoint';
import { LOAD_AE_VALUES, LOAD_FORM } from '../../test/statementCount';
import { TEST_HOST, queryString, type Harness } from '../../test/harness';
import { startTwoAppsAtLoadUser, type TwoApps } from '../../test/twoAppsAtLoadUser';

let h: Harness;
let other: FastifyInstance;
let token: string;
let subjectid: string;
let studyId: string;
let apps: TwoApps;

beforeAll(async () => {
  apps = await startTwoAppsAtLoadUser();
  ({ h, other, token, subjectid, studyId } = apps);
});
afterAll(async () => {
  await apps?.close();
});

const version = async () =>
  (await h.owner.query<{ v: string }>('select version::text as v from codelist_version'))[0]!.v;

async function listNames(app: FastifyInstance): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/edc/data/datainfo.do?${queryString({ subjectid, ...LOAD_FORM, time: Date.now() })}`,
    headers: { host: TEST_HOST, token, locale: 'en' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { codeLists: string[] } }>().data.codeLists;
}

async function saveWith(app: FastifyInstance, aeser: string): Promise<boolean> {
  const res = await app.inject({
    method: 'POST',
    url: serverPath(saveData),
    headers: { host: TEST_HOST, token, locale: 'en' },
    payload: {
      subjectid,
      ...LOAD_FORM,
      version: 1,
      values: { ...LOAD_AE_VALUES, AESER: aeser },
      idempotencyKey: randomUUID(),
    },
  });
  return res.json<{ success: boolean }>().success;
}

describe('code-list version', () => {
  it('moves with every write to codelist_items, never back (not after a rolled-back write)', async () => {
    const v0 = BigInt(await version());
    await h.owner.query(`update codelist_items set sort = sort where study_id = $1 and codelisttype = 'YN'`, [
      studyId,
    ]);
    const v1 = BigInt(await version());
    expect(v1).toBeGreaterThan(v0);
    await expect(
      h.owner.transaction(async (tx) => {
        await tx.query(`update codelist_items set sort = sort where study_id = $1`, [studyId]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(BigInt(await version())).toBe(v1);
    await h.owner.query(`update codelist_items set sort = sort where study_id = $1 and codelisttype = 'YN'`, [
      studyId,
    ]);
    // the rolled-back write used a number: the next one is past it
    expect(BigInt(await version())).toBeGreaterThan(v1 + 1n);
  });

  it('a list added in SQL is named by the next form open of both instances', async () => {
    expect(await listNames(h.app)).not.toContain('ZZ_NEW');
    expect(await listNames(other)).not.toContain('ZZ_NEW');
    await h.owner.query(
      `insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en, sort)
       values ($1, 'ZZ_NEW', '1', '一', 'One', 1)`,
      [studyId],
    );
    expect(await listNames(h.app)).toContain('ZZ_NEW');
    expect(await listNames(other)).toContain('ZZ_NEW');
    await h.owner.query(`delete from codelist_items where study_id = $1 and codelisttype = 'ZZ_NEW'`, [
      studyId,
    ]);
    expect(await listNames(h.app)).not.toContain('ZZ_NEW');
    expect(await listNames(other)).not.toContain('ZZ_NEW');
  });

  it('a save validates against the options as they are now, on both instances', async () => {
    expect(await saveWith(h.app, 'N')).toBe(true);
    expect(await saveWith(other, 'N')).toBe(true);
    const [removed] = await h.owner.query<Record<string, unknown>>(
      `delete from codelist_items where study_id = $1 and codelisttype = 'YN' and codevalue = 'N' returning *`,
      [studyId],
    );
    expect(removed).toBeDefined();
    try {
      expect(await saveWith(h.app, 'N')).toBe(false);
      expect(await saveWith(other, 'N')).toBe(false);
    } finally {
      await h.owner.query(
        `insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en, sort)
         values ($1, $2, $3, $4, $5, $6)`,
        [studyId, 'YN', 'N', removed!.codedesp_zh, removed!.codedesp_en, removed!.sort],
      );
    }
    expect(await saveWith(h.app, 'N')).toBe(true);
    expect(await saveWith(other, 'N')).toBe(true);
  });
});
