/**
 * Batch runs as jobs (docs/casebook-batch-jobs.md): batchrun.do checks the run as the job will (permission, the
 * parameters, the chosen site, the pages still those previewed) and queues a job of kind `casebook.batch` on
 * server/core/jobs; the job runs `runBatch` — every mark, its audit row and the mark hooks in one transaction — and
 * reports progress. batchjobs.do lists the user's runs (found again after leaving the page), batchjob.do follows one.
 * Only the run's owner sees it, in the study it was started in.
 */
import type { BatchJob } from '../../../engine/api/casebookBatch';
import type { Locale } from '../../../engine/api/localized';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import {
  JobLimitReached,
  JobRefused,
  type JobContext,
  type JobResult,
  type JobRunner,
} from '../../core/jobs/jobs';
import { JobNoLongerRunning, jobById, jobsOfUser, type JobRecord } from '../../core/jobs/jobsRepository';
import { message, SERVER_MESSAGES, type ServerMessageId } from '../../core/messages';
import type { RecordHooks } from '../data/recordHooks';
import { rolePermissions } from '../subjects/casebookRepository';
import { Refused } from '../subjects/casebookService';
import {
  batchSuccessMessage,
  checkRun,
  runBatch,
  type BatchActor,
  type BatchJobPayload,
} from './batchOperations';
import { VISIT_PERMISSION } from './casebookRules';
import type { BatchParams } from '../../../engine/api/casebookBatch';

export const BATCH_JOB_KIND = 'casebook.batch';

/** The runner's generic failures, said of a batch run (nothing was written). */
const FAILURE_OF: Partial<Record<string, ServerMessageId>> = {
  interchangeJobFailed: 'batchJobFailed',
  interchangeJobInterrupted: 'batchJobInterrupted',
};

function errorText(job: JobRecord, locale: Locale): string | null {
  if (!job.error) return null;
  const id = FAILURE_OF[job.error.messageId] ?? job.error.messageId;
  return id in SERVER_MESSAGES ? message(id as ServerMessageId, locale, job.error.values) : id;
}

export function batchJobRow(job: JobRecord, locale: Locale): BatchJob {
  const payload = job.payload as unknown as BatchJobPayload;
  return {
    jobid: job.id,
    state: job.state,
    done: job.done,
    total: job.total || payload.counts.pages,
    type: payload.params.type,
    crfver: payload.params.crfver,
    visitnum: payload.params.visitnum,
    tid: payload.params.tid,
    counts: payload.counts,
    message: job.state === 'done' ? batchSuccessMessage(payload.counts, locale) : null,
    error: job.state === 'failed' ? errorText(job, locale) : null,
    createdat: job.createdAt.toISOString(),
    finishedat: job.finishedAt?.toISOString() ?? null,
  };
}

async function requireMark(db: Db, session: BatchActor): Promise<void> {
  if (!(await rolePermissions(db, session.roleId)).has(VISIT_PERMISSION.mark))
    throw new Refused('markNotAllowed', {}, 403);
}

/**
 * Batch runs of one user are run one after the other: a second batchrun.do while one is queued or running (a double
 * click, a second tab) is refused, so two runs of one preview never both mark its pages.
 */
export const MAX_ACTIVE_BATCH_RUNS_PER_USER = 1;

/** batchrun.do: checked, then queued (a refusal queues nothing and writes nothing). */
export async function startBatch(
  db: Db,
  jobs: JobRunner,
  session: RoleSession,
  input: BatchParams & { token: string },
  locale: Locale,
  hooks?: RecordHooks,
): Promise<BatchJob> {
  const payload = await checkRun(db, session, input, locale, hooks);
  let job: JobRecord;
  try {
    job = await jobs.start(
      {
        kind: BATCH_JOB_KIND,
        studyId: session.studyId,
        userId: session.userId,
        roleId: session.roleId,
        siteId: session.siteId,
        payload: payload as unknown as Record<string, unknown>,
      },
      { maxActivePerUser: MAX_ACTIVE_BATCH_RUNS_PER_USER },
    );
  } catch (err) {
    if (err instanceof JobLimitReached) throw new Refused('batchRunUnderWay');
    throw err;
  }
  return batchJobRow(job, locale);
}

/** The job: the run as its owner, at the role and site chosen when it was started. */
export function batchJobHandler(hooks: () => RecordHooks | undefined) {
  return async (ctx: JobContext): Promise<JobResult> => {
    const { job, db } = ctx;
    const payload = job.payload as unknown as BatchJobPayload;
    const actor: BatchActor = {
      studyId: job.studyId,
      siteId: job.siteId,
      roleId: job.roleId,
      userId: job.userId,
    };
    await ctx.progress(0, payload.counts.pages);
    try {
      await runBatch(
        db,
        actor,
        { ...payload.params, token: payload.token },
        payload.locale,
        ctx.now(),
        {
          progress: (done, total) => ctx.progress(done, total),
          // PGlite is one connection, held by the transaction: its progress shows when the run commits
          live: db.kind === 'postgres',
          finish: async (tx, total) => {
            // failed meanwhile as interrupted (another process's sweep): the run rolls back, as its job says
            const marked = await tx.query(
              `update jobs set state = 'done', done = $2, total = $2, finished_at = $3
               where id = $1::bigint and state = 'running' returning id`,
              [job.id, total, ctx.now().toISOString()],
            );
            if (marked.length === 0) throw new JobNoLongerRunning(job.id);
          },
        },
        hooks(),
      );
    } catch (err) {
      if (err instanceof Refused) throw new JobRefused(err.messageId, err.values);
      throw err;
    }
    return { filename: null, mimetype: null };
  };
}

async function ownBatchJob(db: Db, session: RoleSession, jobid: string): Promise<JobRecord> {
  const job = await jobById(db, jobid);
  if (!job || job.kind !== BATCH_JOB_KIND || job.userId !== session.userId || job.studyId !== session.studyId)
    throw new Refused('batchJobNotFound');
  return job;
}

/** batchjobs.do: the user's runs, newest first. */
export async function myBatchJobs(
  db: Db,
  session: RoleSession,
  locale: Locale,
): Promise<{ list: BatchJob[] }> {
  await requireMark(db, session);
  const jobs = await jobsOfUser(db, session.userId, session.studyId, 50, [BATCH_JOB_KIND]);
  return { list: jobs.map((j) => batchJobRow(j, locale)) };
}

/** batchjob.do: one of the user's runs. */
export async function oneBatchJob(
  db: Db,
  session: RoleSession,
  jobid: string,
  locale: Locale,
): Promise<BatchJob> {
  await requireMark(db, session);
  return batchJobRow(await ownBatchJob(db, session, jobid), locale);
}
