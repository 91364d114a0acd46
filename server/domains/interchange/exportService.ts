/**
 * export.do, jobs.do, job.do and download.do (docs/interchange.md): an export is a job of the requester, scoped to
 * the study and the site chosen at /checkRole (every role of this product works at one chosen site; an export holds
 * that site's subjects only). Only the job's owner sees it; the download is refused 90 s after it finished.
 */
import { INTERCHANGE_PERMISSIONS, type ExportKind, type JobRow } from '../../../engine/api/interchange';
import type { Locale } from '../../../engine/api/localized';
import type { DownloadFile } from '../../../engine/api/subjectManagement';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import type { JobRunner } from '../../core/jobs/jobs';
import { jobById, jobsOfUser, resultBytes, type JobRecord } from '../../core/jobs/jobsRepository';
import { message, SERVER_MESSAGES, type ServerMessageId } from '../../core/messages';
import { EXPORT_JOB_KIND, type ExportPayload } from './exportJobs';
import { InterchangeRefused, requireInterchange } from './importService';

async function sitecodes(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; sitecode: string }>(
    'select id, sitecode from sites where id = any($1::text[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.sitecode]));
}

function jobRow(job: JobRecord, sites: Map<string, string>, locale: Locale, now: Date): JobRow {
  const expired = job.state === 'done' && job.expiresAt !== null && job.expiresAt.getTime() <= now.getTime();
  const errorId = job.error?.messageId;
  return {
    jobid: job.id,
    kind: String((job.payload as { kind?: unknown }).kind ?? job.kind),
    state: expired ? 'expired' : job.state,
    done: job.done,
    total: job.total,
    createdat: job.createdAt.toISOString(),
    finishedat: job.finishedAt?.toISOString() ?? null,
    expiresat: job.expiresAt?.toISOString() ?? null,
    filename: job.filename,
    bytes: job.bytes,
    error:
      job.error && errorId && errorId in SERVER_MESSAGES
        ? message(errorId as ServerMessageId, locale, job.error.values)
        : (errorId ?? null),
    sitecode: sites.get(job.siteId) ?? null,
  };
}

export async function startExport(
  db: Db,
  jobs: JobRunner,
  session: RoleSession,
  kind: ExportKind,
  tid: string | null,
  locale: Locale,
  now: Date,
): Promise<JobRow> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.export);
  if (kind === 'csv' && tid !== null) {
    const known = await db.query('select 1 from form_schemas where study_id = $1 and tid = $2 limit 1', [
      session.studyId,
      tid,
    ]);
    if (known.length === 0) throw new InterchangeRefused('interchangeFormUnknown', 200, { tid });
  }
  const payload: ExportPayload = { kind, tid, locale };
  const job = await jobs.start({
    kind: EXPORT_JOB_KIND,
    studyId: session.studyId,
    userId: session.userId,
    roleId: session.roleId,
    siteId: session.siteId,
    payload: payload as unknown as Record<string, unknown>,
  });
  return jobRow(job, await sitecodes(db, [job.siteId]), locale, now);
}

async function ownJob(db: Db, session: RoleSession, jobid: string): Promise<JobRecord> {
  const job = await jobById(db, jobid);
  if (
    !job ||
    job.kind !== EXPORT_JOB_KIND ||
    job.userId !== session.userId ||
    job.studyId !== session.studyId
  )
    throw new InterchangeRefused('interchangeJobNotFound');
  return job;
}

export async function myJobs(
  db: Db,
  session: RoleSession,
  locale: Locale,
  now: Date,
): Promise<{ list: JobRow[] }> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.export);
  const jobs = await jobsOfUser(db, session.userId, session.studyId, 50, [EXPORT_JOB_KIND]);
  const sites = await sitecodes(
    db,
    jobs.map((j) => j.siteId),
  );
  return { list: jobs.map((j) => jobRow(j, sites, locale, now)) };
}

export async function oneJob(
  db: Db,
  session: RoleSession,
  jobid: string,
  locale: Locale,
  now: Date,
): Promise<JobRow> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.export);
  const job = await ownJob(db, session, jobid);
  return jobRow(job, await sitecodes(db, [job.siteId]), locale, now);
}

export async function downloadJob(
  db: Db,
  session: RoleSession,
  jobid: string,
  now: Date,
): Promise<DownloadFile> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.export);
  const job = await ownJob(db, session, jobid);
  if (job.state !== 'done' || !job.filename || !job.mimetype)
    throw new InterchangeRefused('interchangeJobNotDone');
  if (job.expiresAt === null || job.expiresAt.getTime() <= now.getTime())
    throw new InterchangeRefused('interchangeDownloadExpired');
  const bytes = await resultBytes(db, job.id);
  return { filename: job.filename, mimetype: job.mimetype, base64: bytes.toString('base64') };
}
