/**
 * export.do, jobs.do, job.do and download.do (docs/interchange.md): an export is a job of the requester, scoped to
 * the study and the site chosen at /checkRole (every role of this product works at one chosen site; an export holds
 * that site's subjects only). Only the job's owner sees it; the download is refused 90 s after it finished.
 */
import { Readable } from 'node:stream';
import {
  INTERCHANGE_PERMISSIONS,
  MAX_ACTIVE_EXPORTS_PER_USER,
  type ExportForm,
  type ExportKind,
  type JobRow,
} from '../../../engine/api/interchange';
import type { Locale } from '../../../engine/api/localized';
import type { MetaText } from '../../../engine/metadata/types';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import { FileReply } from '../../core/http/fileReply';
import { JobLimitReached, type JobRunner } from '../../core/jobs/jobs';
import {
  jobById,
  jobsOfUser,
  resultChunks,
  resultSize,
  type JobRecord,
} from '../../core/jobs/jobsRepository';
import { message, SERVER_MESSAGES, type ServerMessageId } from '../../core/messages';
import { EXPORT_JOB_KIND, type ExportPayload } from './exportJobs';
import { InterchangeRefused, requireInterchange } from './importService';
import { studyDefinitionOf } from './studyDefinition';

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
  let job: JobRecord;
  try {
    job = await jobs.start(
      {
        kind: EXPORT_JOB_KIND,
        studyId: session.studyId,
        userId: session.userId,
        roleId: session.roleId,
        siteId: session.siteId,
        payload: payload as unknown as Record<string, unknown>,
      },
      { maxActivePerUser: MAX_ACTIVE_EXPORTS_PER_USER },
    );
  } catch (err) {
    if (err instanceof JobLimitReached)
      throw new InterchangeRefused('interchangeTooManyJobs', 429, { max: err.limit });
    throw err;
  }
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

/**
 * download.do: the job's file streamed chunk by chunk (FileReply), after every check — the permission, the owner,
 * the role and site the session has chosen NOW being the ones the job was started with (a user who switched site or
 * role downloads nothing of the other scope), the job done, within its 90 s.
 */
export async function downloadJob(
  db: Db,
  session: RoleSession,
  jobid: string,
  now: Date,
): Promise<FileReply> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.export);
  const job = await ownJob(db, session, jobid);
  if (job.roleId !== session.roleId || job.siteId !== session.siteId) {
    const sites = await sitecodes(db, [job.siteId]);
    throw new InterchangeRefused('interchangeJobOtherScope', 200, { site: sites.get(job.siteId) ?? '—' });
  }
  if (job.state !== 'done' || !job.filename || !job.mimetype)
    throw new InterchangeRefused('interchangeJobNotDone');
  if (job.expiresAt === null || job.expiresAt.getTime() <= now.getTime())
    throw new InterchangeRefused('interchangeDownloadExpired');
  const size = await resultSize(db, job.id);
  // a result whose chunks were purged under it: expired, not a short file
  if (job.bytes !== null && size.bytes !== job.bytes)
    throw new InterchangeRefused('interchangeDownloadExpired');
  return new FileReply(
    job.filename,
    job.mimetype,
    size.bytes,
    Readable.from(resultChunks(db, job.id, size.chunks), { objectMode: false }),
  );
}

const localized = (text: MetaText) =>
  typeof text === 'string'
    ? { zh_CN: text, en: text }
    : { zh_CN: text.zh_CN || text.en || '', en: text.en || text.zh_CN || '' };

/** forms.do: the forms of the study's current definition, in schedule order (what a CSV export may choose). */
export async function exportForms(db: Db, session: RoleSession): Promise<{ list: ExportForm[] }> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.export);
  const definition = await studyDefinitionOf(db, session.studyId);
  return { list: definition.forms.map((f) => ({ tid: f.tid, name: localized(f.name) })) };
}
