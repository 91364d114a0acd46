/**
 * The admission gate on real routes (http/admission.ts, docs/load.md "Stop 29"): a request waits its turn before its
 * session check; one that waited too long is answered 429 with a translated message and Retry-After, and nothing of it
 * was done (a save writes no record and no audit row); the endpoints that verify a password are not held at the gate.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveData } from '../../../engine/api/data';
import { loginFront, writeWebLog } from '../../../engine/api/session';
import { subjectList } from '../../../engine/api/subjects';
import { LOAD_AE_VALUES, LOAD_FORM, LOAD_USER } from '../../test/statementCount';
import { startHarness, type Harness } from '../../test/harness';
import { TEST_PASSWORD } from '../../test/testDb';
import type { Admitted } from './admission';

let h: Harness;
let token: string;
let subjectid: string;

beforeAll(async () => {
  h = await startHarness({ maxActiveRequests: 1, admissionWaitMs: 300 });
  token = await h.loginAs(LOAD_USER.username, LOAD_USER.rolecode, LOAD_USER.sitecode);
  const [subject] = await h.db.query<{ id: string }>(
    `select s.id from subjects s join sites t on t.id = s.site_id where t.sitecode = $1 order by s.id limit 1`,
    [LOAD_USER.sitecode],
  );
  subjectid = subject!.id;
});
afterAll(async () => {
  await h?.close();
});

/** Takes the process's only turn (as a long request would) until the returned release is called. */
async function holdTheTurn(): Promise<() => void> {
  const turn: Admitted = await h.app.admission.enter(() => true);
  if (turn.kind !== 'admitted') throw new Error('the gate should be free');
  return turn.release;
}

const counts = async () => {
  const [row] = await h.owner.query<{ records: number; audit: number }>(
    `select (select count(*) from form_records)::int as records, (select count(*) from data_audit)::int as audit`,
  );
  return row!;
};

const save = () =>
  h.call(
    saveData,
    { subjectid, ...LOAD_FORM, version: 1, values: LOAD_AE_VALUES, idempotencyKey: randomUUID() },
    { token, locale: 'en' },
  );

describe('admission gate on the routes', () => {
  it('a save that waited too long is answered 429 in the user language, with Retry-After, and writes nothing', async () => {
    const before = await counts();
    const release = await holdTheTurn();
    try {
      const refused = await save();
      expect(refused.status).toBe(429);
      expect(refused.body.success).toBe(false);
      expect(refused.body.msg).toBe('The server is busy; try again in 1 s');
      expect(refused.headers['retry-after']).toBe('1');
      const zh = await h.call(subjectList, { page: 1, size: 20 }, { token });
      expect(zh.status).toBe(429);
      expect(zh.body.msg).toBe('服务器繁忙，请 1 秒后再试');
    } finally {
      release();
    }
    expect(await counts()).toEqual(before);
    // with the turn free, the same save goes through
    const saved = await save();
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(true);
    const after = await counts();
    expect(after.records).toBe(before.records + 1);
    expect(after.audit).toBeGreaterThan(before.audit);
  });

  it('a request that waits less than the limit runs when the turn is freed, in order', async () => {
    const release = await holdTheTurn();
    const first = h.call(subjectList, { page: 1, size: 20 }, { token, locale: 'en' });
    const second = h.call(subjectList, { page: 2, size: 20 }, { token, locale: 'en' });
    await new Promise((r) => setTimeout(r, 50));
    expect(h.app.admission.waiting).toBe(2);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(h.app.admission.active).toBe(0);
  });

  it('a save is dated when it is admitted, not when it arrived (audit and updated_at)', async () => {
    const release = await holdTheTurn();
    const pending = save();
    await new Promise((r) => setTimeout(r, 50));
    expect(h.app.admission.waiting).toBe(1);
    // 20 s pass while it waits its turn
    h.clock.advance(20_000);
    const admittedAt = h.clock.now().toISOString();
    release();
    const saved = await pending;
    expect(saved.body.success).toBe(true);
    const [row] = await h.owner.query<{ updated: string; audited: string }>(
      `select r.updated_at as updated,
              (select max(a.at) from data_audit a where a.record_id = r.id) as audited
       from form_records r order by r.id desc limit 1`,
    );
    expect(new Date(row!.updated).toISOString()).toBe(admittedAt);
    expect(new Date(row!.audited).toISOString()).toBe(admittedAt);
  });

  it('the client’s error log is not held at the gate', async () => {
    const release = await holdTheTurn();
    try {
      const logged = await h.call(
        writeWebLog,
        { msg: 'an error in the page', level: 'error' },
        { locale: 'en' },
      );
      expect(logged.status).toBe(200);
    } finally {
      release();
    }
  });

  it('the login front (a password check) is not held at the gate', async () => {
    const release = await holdTheTurn();
    try {
      const res = await h.call(
        loginFront,
        { username: LOAD_USER.username, password: TEST_PASSWORD },
        { locale: 'en' },
      );
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
    } finally {
      release();
    }
  });

  it('a failing handler ends its turn (the next request is not kept waiting)', async () => {
    // an unknown subject: the handler refuses; the turn must still be released
    const res = await h.call(
      saveData,
      {
        subjectid: '999999',
        ...LOAD_FORM,
        version: 1,
        values: LOAD_AE_VALUES,
        idempotencyKey: randomUUID(),
      },
      { token, locale: 'en' },
    );
    expect(res.body.success).toBe(false);
    expect(h.app.admission.active).toBe(0);
  });
});
