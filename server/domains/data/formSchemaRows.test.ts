/**
 * A form open reads the latest version's number on every request and its schema once per process (a stored version
 * never changes: form_schemas rows are only inserted). A version published after a form was opened is what the next
 * open answers, on this instance and on another one serving the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo } from '../../../engine/api/data';
import { buildApp } from '../../core/app';
import { loggerOptions } from '../../core/logging';
import { LOAD_FORM, LOAD_USER } from '../../test/statementCount';
import { TEST_HOST, TEST_RATE_LIMITS, queryString, startHarness, type Harness } from '../../test/harness';
import { latestFormSchema, putFormSchema } from './formsRepository';
import type { FastifyInstance } from 'fastify';

let h: Harness;
let other: FastifyInstance;
let token: string;
let form: Record<string, string | number>;
let studyId: string;

beforeAll(async () => {
  h = await startHarness();
  other = await buildApp({
    db: h.db,
    now: h.clock.now,
    logger: loggerOptions('warn'),
    rateLimits: TEST_RATE_LIMITS,
  });
  token = await h.loginAs(LOAD_USER.username, LOAD_USER.rolecode, LOAD_USER.sitecode);
  const [subject] = await h.db.query<{ id: string; study_id: string }>(
    `select s.id, s.study_id from subjects s join sites t on t.id = s.site_id where t.sitecode = $1 order by s.id limit 1`,
    [LOAD_USER.sitecode],
  );
  studyId = subject!.study_id;
  form = { subjectid: subject!.id, ...LOAD_FORM };
});
afterAll(async () => {
  await other?.close();
  await h?.close();
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
