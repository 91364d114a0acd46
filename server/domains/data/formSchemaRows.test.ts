/**
 * A form open reads the latest version's number on every request and its schema once per process (a stored version
 * never changes: form_schemas rows are only inserted). A version published after a form was opened is what the next
 * open answers, on this instance and on another one serving the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo } from '../../../engine/api/data';
import { LOAD_FORM } from '../../test/statementCount';
import { TEST_HOST, queryString, type Harness } from '../../test/harness';
import { startTwoAppsAtLoadUser, type TwoApps } from '../../test/twoAppsAtLoadUser';
import { latestFormSchema, putFormSchema } from './formsRepository';
import type { FastifyInstance } from 'fastify';

let h: Harness;
let other: FastifyInstance;
let token: string;
let form: Record<string, string | number>;
let studyId: string;
let apps: TwoApps;

beforeAll(async () => {
  apps = await startTwoAppsAtLoadUser();
  ({ h, other, token, studyId } = apps);
  form = { subjectid: apps.subjectid, ...LOAD_FORM };
});
afterAll(async () => {
  await apps?.close();
});

async function openedName(app: FastifyInstance): Promise<unknown> {
  const res = await app.inject({
    method: 'GET',
    url: `/edc/data/datainfo.do?${queryString({ ...form, time: Date.now() })}`,
    headers: { host: TEST_HOST, token, locale: 'en' },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ success: boolean; data: { schema: { name?: unknown } } }>();
  expect(body.success).toBe(true);
  return body.data.schema.name;
}

describe('form open: the schema of the latest version', () => {
  it('answers a version published after the form was opened, on both instances', async () => {
    expect(dataInfo.path).toContain('datainfo.do');
    const stored = await latestFormSchema(h.db, studyId, LOAD_FORM.tid);
    expect(stored).not.toBeNull();
    const before = await openedName(h.app);
    expect(before).toEqual(stored!.schema.name);
    await openedName(other);

    const renamed = { zh_CN: '不良事件（第二版）', en: 'Adverse events (second version)' };
    await putFormSchema(
      h.owner,
      studyId,
      { ...stored!, version: stored!.version + 1, schema: { ...stored!.schema, name: renamed } },
      h.clock.now(),
    );
    expect(await openedName(h.app)).toEqual(renamed);
    expect(await openedName(other)).toEqual(renamed);
  });
});

describe('stored form versions', () => {
  // PGlite has one role, its superuser: the owner/app split is PostgreSQL's
  it.runIf(process.env.DATABASE_URL && process.env.MIGRATION_DATABASE_URL)(
    'cannot be changed or deleted by the app role on PostgreSQL (select and insert only): what each process keeps stays true',
    async () => {
      const stored = await latestFormSchema(h.db, studyId, LOAD_FORM.tid);
      expect(stored).not.toBeNull();
      await expect(
        h.db.query(`update form_schemas set schema = '{}'::jsonb where study_id = $1 and tid = $2`, [
          studyId,
          LOAD_FORM.tid,
        ]),
      ).rejects.toThrow(/permission denied/);
      await expect(
        h.db.query('delete from form_schemas where study_id = $1 and tid = $2', [studyId, LOAD_FORM.tid]),
      ).rejects.toThrow(/permission denied/);
      expect(await latestFormSchema(h.db, studyId, LOAD_FORM.tid)).toEqual(stored);
    },
  );
});
