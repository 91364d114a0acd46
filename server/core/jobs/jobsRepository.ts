/**
 * The jobs table (migration 0016; docs/jobs.md): long work the server runs for a user — exports today — with its
 * owner and scope, state, progress and result (chunks in job_chunks). A queued job is claimed with
 * `FOR UPDATE SKIP LOCKED`, so several server instances on one PostgreSQL never run it twice.
 */
import { queryOne, type Db } from '../db/db';

export type StoredJobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  kind: string;
  studyId: string;
  userId: string;
  roleId: string;
  siteId: string;
  payload: Record<string, unknown>;
  state: StoredJobState;
  done: number;
  total: number;
  error: { messageId: string; values: Record<string, string | number> } | null;
  filename: string | null;
  mimetype: string | null;
  bytes: number | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

const COLUMNS = `id::text as id, kind, study_id as "studyId", user_id as "userId", role_id as "roleId",
  site_id as "siteId", payload, state, done, total, error, filename, mimetype, bytes::int as bytes,
  created_at as "createdAt", finished_at as "finishedAt", expires_at as "expiresAt"`;

export interface NewJob {
  kind: string;
  studyId: string;
  userId: string;
  roleId: string;
  siteId: string;
  payload: Record<string, unknown>;
}

export async function insertJob(db: Db, job: NewJob, at: Date): Promise<JobRecord> {
  const row = await queryOne<JobRecord>(
    db,
    `insert into jobs (kind, study_id, user_id, role_id, site_id, payload, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7) returning ${COLUMNS}`,
    [
      job.kind,
      job.studyId,
      job.userId,
      job.roleId,
      job.siteId,
      JSON.stringify(job.payload),
      at.toISOString(),
    ],
  );
  if (!row) throw new Error('insert into jobs returned nothing');
  return row;
}

/**
 * Queues a job unless the user already has `maxActive` jobs of its kind queued or running: null then, and nothing
 * written. The count and the insert run in one transaction under a per-user advisory lock, so two requests at once
 * cannot both take the last place.
 */
export async function insertJobCapped(
  db: Db,
  job: NewJob,
  at: Date,
  maxActive: number,
): Promise<JobRecord | null> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('edc.jobs.' || $1))`, [job.userId]);
    if ((await activeJobsOf(tx, job.userId, job.kind)) >= maxActive) return null;
    return insertJob(tx, job, at);
  });
}

/** The oldest queued job, now running (claimed by this instance); null when none is queued. */
export async function claimJob(db: Db, at: Date): Promise<JobRecord | null> {
  return db.transaction((tx) =>
    queryOne<JobRecord>(
      tx,
      `update jobs set state = 'running', started_at = $1, heartbeat_at = $1
       where id = (select id from jobs where state = 'queued' order by id for update skip locked limit 1)
       returning ${COLUMNS}`,
      [at.toISOString()],
    ),
  );
}

/** A job id as the contract takes it (up to 20 digits) that a bigint can hold; others name no job. */
const JOB_ID = /^[1-9]\d{0,17}$/;

/** The job, or null (also for an id beyond bigint, which the database would refuse with an error). */
export async function jobById(db: Db, id: string): Promise<JobRecord | null> {
  if (!JOB_ID.test(id)) return null;
  return queryOne<JobRecord>(db, `select ${COLUMNS} from jobs where id = $1::bigint`, [id]);
}

/** The user's jobs in the study, newest first; `kinds`: only jobs of these kinds (each page lists its own). */
export function jobsOfUser(
  db: Db,
  userId: string,
  studyId: string,
  limit = 50,
  kinds?: readonly string[],
): Promise<JobRecord[]> {
  return db.query<JobRecord>(
    `select ${COLUMNS} from jobs where user_id = $1 and study_id = $2
       and ($4::text[] is null or kind = any($4::text[])) order by id desc limit $3`,
    [userId, studyId, limit, kinds ? [...kinds] : null],
  );
}

export async function setProgress(db: Db, id: string, done: number, total: number): Promise<void> {
  await db.query('update jobs set done = $2, total = $3 where id = $1::bigint', [id, done, total]);
}

/**
 * Stores one chunk. PostgreSQL: the bytes as a binary parameter (`pg` sends a Buffer as it is: no text copy of the
 * chunk in the heap). PGlite: as base64 text decoded by the database — PGlite's own bytea parameter conversion goes
 * through a hex string one byte at a time (measured: ~500 ms and tens of MB of garbage per 256 KB chunk; base64
 * ~60 ms). The caller may reuse `data` once this resolves.
 */
export async function putChunk(db: Db, id: string, seq: number, data: Uint8Array): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (db.kind === 'postgres') {
    await stored(
      db.query(
        `insert into job_chunks (job_id, seq, data)
         select $1::bigint, $2, $3::bytea where exists (${RUNNING}) returning seq`,
        [id, seq, bytes],
      ),
      id,
    );
    return;
  }
  await stored(
    db.query(
      `insert into job_chunks (job_id, seq, data)
       select $1::bigint, $2, decode($3, 'base64') where exists (${RUNNING}) returning seq`,
      [id, seq, bytes.toString('base64')],
    ),
    id,
  );
}

/** The job is still running (not failed meanwhile as interrupted by another process): `$1` is its id. */
const RUNNING = `select 1 from jobs where id = $1::bigint and state = 'running'`;

/** A job failed meanwhile (interrupted, by another process's sweep): its handler stops, nothing more is stored. */
export class JobNoLongerRunning extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} is no longer running (failed as interrupted)`);
  }
}

async function stored(insert: Promise<unknown[]>, id: string): Promise<void> {
  if ((await insert).length === 0) throw new JobNoLongerRunning(id);
}

/** The job's result: the number of its chunks and their total length. */
export async function resultSize(db: Db, id: string): Promise<{ chunks: number; bytes: number }> {
  const row = await queryOne<{ chunks: number; bytes: number }>(
    db,
    `select count(*)::int as chunks, coalesce(sum(octet_length(data)), 0)::int as bytes
     from job_chunks where job_id = $1::bigint`,
    [id],
  );
  return row ?? { chunks: 0, bytes: 0 };
}

/**
 * The job's result, one chunk (~256 KB) per query, in order: read as the consumer reads (a download streams it; no
 * transaction is held between chunks, so a slow client never blocks the database). A chunk missing midway (purged)
 * throws: the download is cut, never silently short.
 */
export async function* resultChunks(db: Db, id: string, chunks: number): AsyncGenerator<Buffer> {
  for (let seq = 0; seq < chunks; seq++) {
    const row = await queryOne<{ data: string }>(
      db,
      `select encode(data, 'base64') as data from job_chunks where job_id = $1::bigint and seq = $2`,
      [id, seq],
    );
    if (!row) throw new Error(`job ${id}: result chunk ${seq} is gone`);
    yield Buffer.from(row.data, 'base64');
  }
}

export async function finishJob(
  db: Db,
  id: string,
  file: { filename: string | null; mimetype: string | null; bytes: number },
  at: Date,
  validMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `update jobs set state = 'done', done = greatest(done, total), filename = $2, mimetype = $3, bytes = $4,
       finished_at = $5, expires_at = $6 where id = $1::bigint and state in ('running', 'done') returning id`,
    [
      id,
      file.filename,
      file.mimetype,
      file.bytes,
      at.toISOString(),
      new Date(at.getTime() + validMs).toISOString(),
    ],
  );
  return rows.length > 0;
}

export async function failJob(
  db: Db,
  id: string,
  error: { messageId: string; values: Record<string, string | number> },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from job_chunks where job_id = $1::bigint', [id]);
    await tx.query(
      `update jobs set state = 'failed', error = $2::jsonb, finished_at = $3 where id = $1::bigint`,
      [id, JSON.stringify(error), at.toISOString()],
    );
  });
}

/**
 * Jobs left running by a process that stopped are failed (their partial result removed); queued ones stay queued
 * and are run. `staleMs`: only jobs whose heartbeat is older than that (several processes on one database: a job
 * another, living process runs keeps its heartbeat fresh); 0 fails every running job (one process owns the database).
 */
export async function failInterrupted(db: Db, at: Date, staleMs = 0): Promise<number> {
  // one statement: a job that finishes or beats meanwhile is never failed, its chunks never removed
  const rows = await db.query<{ id: string }>(
    `with stale as (
       update jobs set state = 'failed', error = $2::jsonb, finished_at = $3
       where state = 'running' and coalesce(heartbeat_at, started_at, created_at) <= $1
       returning id),
     gone as (delete from job_chunks where job_id in (select id from stale))
     select id::text as id from stale`,
    [
      new Date(at.getTime() - staleMs).toISOString(),
      JSON.stringify({ messageId: 'interchangeJobInterrupted', values: {} }),
      at.toISOString(),
    ],
  );
  return rows.length;
}

/**
 * Whether the user who started the job may still act as they did: the account not disabled, the role still held at
 * the job's site and study. A job waits in the queue (behind another user's export, say): a role withdrawn or an
 * account disabled meanwhile means it must not run.
 */
export async function ownerMayRun(db: Db, job: JobRecord): Promise<boolean> {
  const row = await queryOne<{ ok: boolean }>(
    db,
    `select exists (
       select 1 from users u join user_roles ur on ur.user_id = u.id
       where u.id = $1 and not u.disabled and ur.role_id = $2 and ur.site_id = $3 and ur.study_id = $4 and ur.active
     ) as ok`,
    [job.userId, job.roleId, job.siteId, job.studyId],
  );
  return row?.ok === true;
}

/** The running job's process is alive: its heartbeat renewed (failInterrupted leaves it alone). */
export async function beatJob(db: Db, id: string, at: Date): Promise<void> {
  await db.query(`update jobs set heartbeat_at = $2 where id = $1::bigint and state = 'running'`, [
    id,
    at.toISOString(),
  ]);
}

/**
 * A download that started within its 90 s may still be streaming after them: results are removed this long after
 * they expired.
 */
export const RESULT_PURGE_GRACE_MS = 10 * 60_000;

/** Removes the result chunks of jobs whose download expired more than the grace ago (the job row stays, as expired). */
export async function purgeExpiredResults(db: Db, at: Date): Promise<void> {
  await db.query(
    `delete from job_chunks where job_id in (select id from jobs where state = 'done' and expires_at < $1)`,
    [new Date(at.getTime() - RESULT_PURGE_GRACE_MS).toISOString()],
  );
}

/** How many jobs of a kind the user has queued or running (all studies). */
export async function activeJobsOf(db: Db, userId: string, kind: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from jobs where user_id = $1 and kind = $2 and state in ('queued', 'running')`,
    [userId, kind],
  );
  return row?.n ?? 0;
}
