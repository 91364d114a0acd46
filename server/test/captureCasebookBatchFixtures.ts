/**
 * The casebook batch operations as crc.li (CRC @ BJ01) works them (fixtures/casebookBatch/): the study's event types,
 * a preview of V3 LB not collected up to 2026-12-31 for three subjects, its run (the queued job), the job done and
 * the user's runs. Last in the capture: the run marks pages.
 */
import {
  batchJob,
  batchJobs,
  batchPreview,
  batchRun,
  eventType,
  type BatchParams,
} from '../../engine/api/casebookBatch';
import type { Harness } from './harness';

export async function captureCasebookBatchFixtures(
  h: Harness,
  put: (name: string, body: unknown) => void,
): Promise<void> {
  const as = { token: await h.loginAs('crc.li', 'CRC', 'BJ01') };
  put('casebookBatch/eventType', (await h.call(eventType, {}, as)).body);
  const subjects = await h.db.query<{ id: string }>(
    `select id from subjects where subjid in ('BJ01-0003', 'BJ01-0004', 'BJ01-0006') order by subjid`,
  );
  const params: BatchParams = {
    type: 'uncollected',
    crfver: 'CRF-1.1',
    visitnum: 'V3',
    tid: 'LB',
    date: '2026-12-31',
    reasoncode: 'NOT_DONE',
    subjectids: subjects.map((s) => s.id),
  };
  const preview = (await h.call(batchPreview, params, as)).body;
  put('casebookBatch/batchPreview', preview);
  const token = preview.success ? preview.data.token : '';
  const run = (await h.call(batchRun, { ...params, token }, as)).body;
  put('casebookBatch/batchRun', run);
  // the run is a job: followed to its end, then listed
  await h.app.jobs.idle();
  const jobid = run.success ? run.data.jobid : '0';
  put('casebookBatch/batchJob', (await h.call(batchJob, { jobid }, as)).body);
  put('casebookBatch/batchJobs', (await h.call(batchJobs, {}, as)).body);
}
