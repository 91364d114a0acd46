/**
 * Casebook batch operations (docs/casebook-batch-operations.md) and eventtype.do on the demo seed, as crc.li (CRC,
 * BJ01): the preview lists what the run would touch and writes nothing; the run is a job (batchrun.do checks and
 * queues it) that marks exactly those pages with their visit audit rows and the mark hooks, in one transaction, and
 * says 'Batch job successfully'; every refusal (role, unknown version or form, a reason without its text, a stale
 * preview, a second run, casebooks changed before the job ran) leaves the database unchanged and queues nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchJob,
  batchJobs,
  batchPreview,
  batchRun,
  eventType,
  type BatchParams,
} from '../../../engine/api/casebookBatch';
import { saveSignature, showSignature } from '../../../engine/api/signatures';
import { JobRefused } from '../../core/jobs/jobs';
import type { JobRecord } from '../../core/jobs/jobsRepository';
import { TEST_PASSWORD } from '../../test/testDb';
import { BATCH_JOB_KIND, batchJobHandler } from './batchJobs';
import { checkRun } from './batchOperations';
import { activeData } from '../../../engine/api/visits';
import { snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
let crc: string;
let cra: string;
let pi: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
}, 180_000);
afterAll(() => h?.close());

/** V3's laboratory page, in every V3 held up to the end of 2026, current eCRF version. */
const params: BatchParams = {
  type: 'uncollected',
  crfver: 'CRF-1.1',
  visitnum: 'V3',
  tid: 'LB',
  date: '2026-12-31',
  reasoncode: 'NOT_DONE',
  subjectids: [],
};

async function preview(p: Partial<BatchParams> = {}, token = crc) {
  return h.call(batchPreview, { ...params, ...p }, { token, locale: 'en' });
}

const jobCount = async () =>
  (await h.db.query<{ n: number }>(`select count(*)::int as n from jobs`))[0]?.n ?? 0;

/** batchrun.do, then the job run to its end; the job as batchjob.do answers it. */
async function runToEnd(p: BatchParams & { token: string }, token = crc) {
  const started = await h.call(batchRun, p, { token, locale: 'en' });
  if (!started.body.success) return { started, job: null };
  await h.app.jobs.idle();
  const job = await h.call(batchJob, { jobid: started.body.data.jobid }, { token, locale: 'en' });
  if (!job.body.success) throw new Error(job.body.msg);
  return { started, job: job.body.data };
}

const marks = async () =>
  (await h.db.query<{ n: number }>(`select count(*)::int as n from casebook_marks`))[0]?.n ?? 0;

describe('eventtype.do', () => {
  it("answers the schedule's visit kinds, each visit with its forms by name", async () => {
    const res = await h.call(eventType, {}, { token: crc, locale: 'en' });
    expect(res.body.success).toBe(true);
    const types = res.body.success ? res.body.data : [];
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(['scheduled', 'hidden', 'unscheduled']));
    const v3 = types.flatMap((t) => t.events).find((e) => e.visitnum === 'V3');
    expect(v3?.forms.map((f) => f.tid)).toContain('LB');
    const one = await h.call(eventType, { type: 'hidden' }, { token: crc });
    expect(one.body.success && one.body.data.map((t) => t.type)).toEqual(['hidden']);
  });
});

describe('batch operations', () => {
  it('preview: the pages it would mark and those it leaves with why; nothing written', async () => {
    // one of the pages is marked by hand first: the batch leaves it, with activedata.do's reason
    const first = await preview();
    const page = first.body.success ? first.body.data.pages[0]! : null;
    const marked = await h.call(
      activeData,
      { ...page!, action: 'unoccurred', reasoncode: 'MISSED', reasontext: '' },
      { token: crc },
    );
    expect(marked.body.success, JSON.stringify(marked.body)).toBe(true);
    const before = await snapshotDb(h.db);
    const res = await preview();
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    if (!res.body.success) return;
    const { pages, skipped, counts } = res.body.data;
    expect(counts.pages).toBe(pages.length);
    expect(counts.pages).toBeGreaterThan(0);
    expect(pages.every((p) => p.visitnum === 'V3' && p.tid === 'LB' && p.visitdate <= '2026-12-31')).toBe(
      true,
    );
    expect(pages.every((p) => p.subjid.startsWith('BJ01-'))).toBe(true);
    expect(pages.some((p) => p.subjectid === page!.subjectid)).toBe(false);
    expect(skipped).toHaveLength(counts.skipped);
    expect(skipped.find((s) => s.subjectid === page!.subjectid)?.reason).toMatch(/marked/i);
    expect(await snapshotDb(h.db)).toEqual(before);
  });

  it('narrows to chosen subjects and an earlier date', async () => {
    const all = await preview();
    const first = all.body.success ? all.body.data.pages[0]! : null;
    const one = await preview({ subjectids: [first!.subjectid] });
    expect(one.body.success && one.body.data.pages.map((p) => p.subjid)).toEqual([first!.subjid]);
    const none = await preview({ date: '2000-01-01' });
    expect(none.body.success && none.body.data.counts.pages).toBe(0);
  });

  it('refusals leave the database unchanged', async () => {
    const before = await snapshotDb(h.db);
    const asCra = await preview({}, cra);
    expect(asCra.status).toBe(403);
    const good = await preview();
    const token = good.body.success ? good.body.data.token : '';
    expect((await h.call(batchRun, { ...params, token }, { token: cra })).status).toBe(403);
    for (const [p, msg] of [
      [{ crfver: 'CRF-9' }, 'No such eCRF version'],
      [{ tid: 'AE' }, 'no such form'],
      [{ date: '2026-02-30' }, 'not a valid day'],
      [{ reasoncode: 'OTHER' }, 'describe the reason'],
    ] as const) {
      const res = await h.call(batchRun, { ...params, ...p, token }, { token: crc, locale: 'en' });
      expect(res.body.success, JSON.stringify(p)).toBe(false);
      expect(!res.body.success && res.body.msg).toContain(msg);
    }
    const stale = await h.call(
      batchRun,
      { ...params, token: 'not-the-preview' },
      { token: crc, locale: 'en' },
    );
    expect(!stale.body.success && stale.body.msg).toContain('preview again');
    const malformed = await h.call(batchRun, { ...params, date: '31/12/2026', token }, { token: crc });
    expect(malformed.status).toBe(400);
    expect(await snapshotDb(h.db)).toEqual(before);
    expect(await jobCount()).toBe(0);
  });

  it('run: a job marks exactly the previewed pages, audited, in one transaction; a second run is refused', async () => {
    const shown = await preview();
    if (!shown.body.success) throw new Error('preview failed');
    const { pages, token, counts } = shown.body.data;
    const marksBefore = await marks();
    const auditBefore = await h.db.query<{ n: number }>(
      `select count(*)::int as n from visit_audit where action = 'mark' and newvalue = 'uncollected'`,
    );
    const { started, job } = await runToEnd({ ...params, token });
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    if (!started.body.success || !job) return;
    // batchrun.do answers the queued job at once; the job says 'Batch job successfully' when it is done
    expect(started.body.data).toMatchObject({ state: 'queued', message: null, total: counts.pages });
    expect(job.state).toBe('done');
    expect(job.done).toBe(counts.pages);
    expect(job.total).toBe(counts.pages);
    expect(job.message).toMatch(/^Batch job successfully/);
    expect(job.counts).toEqual({ subjects: counts.subjects, visits: counts.visits, pages: counts.pages });
    expect(await marks()).toBe(marksBefore + pages.length);
    const auditAfter = await h.db.query<{ n: number }>(
      `select count(*)::int as n from visit_audit where action = 'mark' and newvalue = 'uncollected'`,
    );
    expect(auditAfter[0]!.n).toBe(auditBefore[0]!.n + pages.length);
    const marked = await h.db.query<{ subject_id: string }>(
      `select subject_id from casebook_marks where visitnum = 'V3' and tid = 'LB' and mark = 'uncollected'
         and reason_code = 'NOT_DONE' and marked_by = 'user-crc.li'`,
    );
    expect(new Set(marked.map((m) => m.subject_id))).toEqual(
      new Set([...pages.map((p) => p.subjectid), ...marked.map((m) => m.subject_id)]),
    );
    const before = await snapshotDb(h.db);
    const again = await h.call(batchRun, { ...params, token }, { token: crc, locale: 'en' });
    expect(again.body.success).toBe(false);
    expect(await snapshotDb(h.db)).toEqual(before);
  });

  it("a second run while one of the user's runs is under way (a double click, a second tab) is refused, nothing queued", async () => {
    // a run of crc.li under way (claimed by an instance: running)
    const [mine] = await h.db.query<{ study_id: string; role_id: string; site_id: string }>(
      `select study_id, role_id, site_id from jobs where kind = $1 and user_id = 'user-crc.li' limit 1`,
      [BATCH_JOB_KIND],
    );
    if (!mine) throw new Error('no earlier run of crc.li');
    const [underWay] = await h.db.query<{ id: string }>(
      `insert into jobs (kind, study_id, user_id, role_id, site_id, payload, created_at, state, started_at)
       values ($1, $2, 'user-crc.li', $3, $4, '{}'::jsonb, now(), 'running', now()) returning id::text as id`,
      [BATCH_JOB_KIND, mine.study_id, mine.role_id, mine.site_id],
    );
    try {
      const shown = await preview({ visitnum: 'V2', tid: 'LB' });
      if (!shown.body.success) throw new Error(shown.body.msg);
      const before = await snapshotDb(h.db);
      const refused = await h.call(
        batchRun,
        { ...params, visitnum: 'V2', tid: 'LB', token: shown.body.data.token },
        { token: crc, locale: 'en' },
      );
      expect(!refused.body.success && refused.body.msg).toBe(
        'A batch run of yours is still under way: run this one when it has finished',
      );
      expect(await snapshotDb(h.db)).toEqual(before);
    } finally {
      await h.db.query('delete from jobs where id = $1::bigint', [underWay!.id]);
    }
  });

  it("batchjobs.do lists the user's runs; another user's run and a role without page.mark are refused", async () => {
    const list = await h.call(batchJobs, {}, { token: crc, locale: 'en' });
    if (!list.body.success) throw new Error(list.body.msg);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    const [last] = list.body.data.list;
    expect(last).toMatchObject({ state: 'done', type: 'uncollected', visitnum: 'V3', tid: 'LB' });
    // the same user, logged in again (a new session), finds it again
    crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
    expect((await h.call(batchJob, { jobid: last!.jobid }, { token: crc })).body.success).toBe(true);
    // the PI may mark too, but not follow the CRC's run
    const notMine = await h.call(batchJob, { jobid: last!.jobid }, { token: pi, locale: 'en' });
    expect(!notMine.body.success && notMine.body.msg).toBe('No such batch run');
    expect((await h.call(batchJobs, {}, { token: cra })).status).toBe(403);
    const unknown = await h.call(batchJob, { jobid: '999999' }, { token: crc, locale: 'en' });
    expect(!unknown.body.success && unknown.body.msg).toBe('No such batch run');
  });

  it('casebooks changed after batchrun.do: the job fails with why, and writes nothing', async () => {
    // the first visit and form of the schedule that has a page to mark
    const types = await h.call(eventType, {}, { token: crc });
    if (!types.body.success) throw new Error(types.body.msg);
    let p: BatchParams = params;
    let shown = await preview(p);
    for (const e of types.body.data.flatMap((t) => t.events)) {
      for (const f of e.forms) {
        if (shown.body.success && shown.body.data.pages.length > 0) break;
        p = { ...params, visitnum: e.visitnum, tid: f.tid };
        shown = await preview(p);
      }
    }
    if (!shown.body.success || shown.body.data.pages.length === 0) throw new Error('no page to mark');
    const session = { studyId: 'study-demo-001', siteId: '', roleId: '', userId: 'user-crc.li' };
    const ids = await h.ids('CRC', 'BJ01');
    Object.assign(session, { siteId: ids.siteid, roleId: ids.roleid });
    const payload = await checkRun(h.db, session, { ...p, token: shown.body.data.token }, 'en');
    // a page of the run is marked by hand before the job runs
    const page = shown.body.data.pages[0]!;
    const marked = await h.call(
      activeData,
      { ...page, action: 'unoccurred', reasoncode: 'MISSED', reasontext: '' },
      { token: crc },
    );
    expect(marked.body.success).toBe(true);
    const before = await snapshotDb(h.db);
    const job: JobRecord = {
      id: '0',
      kind: BATCH_JOB_KIND,
      ...session,
      payload: payload as unknown as Record<string, unknown>,
      state: 'running',
      done: 0,
      total: 0,
      error: null,
      filename: null,
      mimetype: null,
      bytes: null,
      createdAt: new Date(),
      finishedAt: null,
      expiresAt: null,
    };
    const progress: number[][] = [];
    const run = batchJobHandler(() => h.app.recordHooks)({
      db: h.db,
      job,
      now: () => new Date(),
      progress: async (done, total) => void progress.push([done, total]),
      write: async () => undefined,
    });
    await expect(run).rejects.toBeInstanceOf(JobRefused);
    await expect(run).rejects.toMatchObject({ messageId: 'batchChanged' });
    expect(progress).toEqual([[0, payload.counts.pages]]);
    expect(await snapshotDb(h.db)).toEqual(before);
  });

  it('a batch mark breaks the signature of a signed page, as a single mark does', async () => {
    const [page] = await h.db.query<{
      recordid: string;
      subjectid: string;
      visitnum: string;
      tid: string;
      crfver: string;
    }>(
      `select fr.id::text as recordid, fr.subject_id as subjectid, fr.visitnum, fr.tid,
              coalesce(s.crfver, (select id from crf_versions where study_id = s.study_id and current)) as crfver
       from form_records fr
         join subjects s on s.id = fr.subject_id
         join sites si on si.id = s.site_id and si.sitecode = 'BJ01'
         join subject_visits sv on sv.subject_id = fr.subject_id and sv.visitnum = fr.visitnum
           and sv.cycnum = fr.cycnum and sv.svnum = fr.svnum and sv.visitdate is not null
       where fr.lineno = 1 and fr.cycnum = 1 and fr.svnum = 1 and s.abandoned_at is null
         and not exists (select 1 from casebook_marks m where m.subject_id = fr.subject_id
                           and m.visitnum = fr.visitnum and (m.tid = fr.tid or m.tid = ''))
         and not exists (select 1 from queries q where q.record_id = fr.id and q.status <> 'closed')
         and sv.visitdate <= '2026-12-31'
       order by s.subjid, fr.visitnum, fr.tid limit 1`,
    );
    if (!page) throw new Error('no page with data to sign');
    const signed = await h.call(
      saveSignature,
      {
        username: 'pi.wang',
        password: TEST_PASSWORD,
        list: [{ subjectid: page.subjectid, recordid: page.recordid }],
      },
      { token: pi, locale: 'en' },
    );
    if (!signed.body.success) throw new Error(signed.body.msg);
    const state = async () => {
      const res = await h.call(showSignature, { recordid: page.recordid }, { token: pi, locale: 'en' });
      if (!res.body.success) throw new Error(res.body.msg);
      return res.body.data.pages[0];
    };
    expect(await state()).toMatchObject({ state: 'signed' });
    const p: BatchParams = {
      type: 'deactivate',
      crfver: page.crfver,
      visitnum: page.visitnum,
      tid: page.tid,
      date: '2026-12-31',
      reasoncode: 'ENTERED_IN_ERROR',
      reasontext: 'batch: wrong subject',
      subjectids: [page.subjectid],
    };
    const shown = await preview(p);
    if (!shown.body.success) throw new Error(shown.body.msg);
    expect(shown.body.data.counts.pages).toBe(1);
    const { job } = await runToEnd({ ...p, token: shown.body.data.token });
    expect(job?.state, JSON.stringify(job)).toBe('done');
    expect(await state()).toMatchObject({ state: 'broken' });
    const audit = await h.db.query<{ action: string; cause: string }>(
      `select action, cause from signature_audit where record_id = $1::bigint order by id`,
      [page.recordid],
    );
    expect(audit.at(-1)).toEqual({ action: 'break', cause: 'mark:invalid' });
  });
});
