/**
 * `edc-jobs` (docs/jobs.md): the server's job runner on the jobs table. A domain registers a handler per kind
 * (`app.jobs.handle('export', …)`); `app.jobs.start(…)` queues a job and wakes the runner, which claims queued jobs
 * one at a time (2-core machine: one export at a time keeps the API responsive) and hands the handler a context to
 * report progress (done/total) and write its result in chunks (the result never sits in memory whole). A handler's
 * `JobRefused` fails the job with its message; any other error fails it with an error id (logged).
 *
 * Restart: on ready, jobs left `running` are failed as interrupted (their partial result removed) and queued ones
 * run. The runner also polls every few seconds, so a job queued by another instance is picked up.
 */
import fp from 'fastify-plugin';
import type { Db } from '../db/db';
import { newErrorId } from '../http/errorAnswer';
import type { ServerMessageId } from '../messages';
import {
  beatJob,
  claimJob,
  failInterrupted,
  failJob,
  finishJob,
  insertJob,
  insertJobCapped,
  JobNoLongerRunning,
  ownerMayRun,
  purgeExpiredResults,
  putChunk,
  setProgress,
  type JobRecord,
  type NewJob,
} from './jobsRepository';

/** How long a result downloads after it is ready (spec §9). */
export const JOB_RESULT_VALID_MS = 90_000;
/** Result chunks are written at about this size. */
export const JOB_CHUNK_BYTES = 256 * 1024;
const POLL_MS = 5_000;
/** A running job's process renews its heartbeat this often (PostgreSQL: several processes may share the database). */
export const JOB_HEARTBEAT_MS = 10_000;
/** A running job whose heartbeat is older than this was left by a process that stopped. */
export const JOB_STALE_MS = 60_000;

/** A handler's way to fail its job with a message for the user. */
export class JobRefused extends Error {
  constructor(
    readonly messageId: ServerMessageId,
    readonly values: Record<string, string | number> = {},
  ) {
    super(messageId);
  }
}

export interface JobContext {
  db: Db;
  job: JobRecord;
  now(): Date;
  /** Records progress (persisted: the user polls it). */
  progress(done: number, total: number): Promise<void>;
  /** Appends to the result file. */
  write(chunk: string | Uint8Array): Promise<void>;
}

/**
 * What a handler answers: the result file's name and type (its bytes were written through `write`), or nulls for a
 * job whose result is its work (a batch run: the marks it wrote).
 */
export interface JobResult {
  filename: string | null;
  mimetype: string | null;
}

export type JobHandler = (ctx: JobContext) => Promise<JobResult>;

/** `start` refused: the user has this many jobs of the kind queued or running already (nothing was written). */
export class JobLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`at most ${limit} jobs queued or running per user`);
  }
}

export interface StartOptions {
  /** At most this many jobs of the kind queued or running per user; beyond: JobLimitReached. */
  maxActivePerUser?: number;
}

export interface JobRunner {
  handle(kind: string, handler: JobHandler): void;
  /** Queues a job and wakes the runner; the job as queued. Throws JobLimitReached past `maxActivePerUser`. */
  start(job: NewJob, options?: StartOptions): Promise<JobRecord>;
  /** Resolves when no job is queued or running in this instance (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * Buffers writes into chunks of at most JOB_CHUNK_BYTES (one buffer, allocated once per job and reused): a string is
 * encoded straight into it (no Buffer per write, no concatenation per chunk), and a full chunk is stored before the
 * next write goes on (`write` waits: back-pressure on the job). A write larger than a chunk is split.
 */
export class ChunkWriter {
  private readonly buffer: Buffer;
  private size = 0;
  private seq = 0;
  total = 0;

  constructor(
    private readonly db: Db,
    private readonly jobId: string,
    private readonly chunkBytes: number = JOB_CHUNK_BYTES,
  ) {
    this.buffer = Buffer.allocUnsafe(chunkBytes);
  }

  async write(chunk: string | Uint8Array): Promise<void> {
    if (typeof chunk === 'string') {
      if (chunk.length === 0) return;
      // at most 3 bytes per UTF-16 unit: when that fits, encode without measuring first
      const fits =
        chunk.length * 3 <= this.chunkBytes - this.size ||
        Buffer.byteLength(chunk) <= this.chunkBytes - this.size;
      if (fits) {
        const n = this.buffer.write(chunk, this.size, 'utf8');
        this.size += n;
        this.total += n;
        if (this.size === this.chunkBytes) await this.flush();
        return;
      }
      return this.writeBytes(Buffer.from(chunk, 'utf8'));
    }
    return this.writeBytes(chunk);
  }

  private async writeBytes(bytes: Uint8Array): Promise<void> {
    let at = 0;
    while (at < bytes.length) {
      const n = Math.min(bytes.length - at, this.chunkBytes - this.size);
      this.buffer.set(bytes.subarray(at, at + n), this.size);
      this.size += n;
      this.total += n;
      at += n;
      if (this.size === this.chunkBytes) await this.flush();
    }
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const size = this.size;
    this.size = 0;
    // stored (awaited) before the buffer takes the next bytes
    await putChunk(this.db, this.jobId, this.seq++, this.buffer.subarray(0, size));
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const handlers = new Map<string, JobHandler>();
    const { db } = app;
    const now = () => app.config.now();
    let running: Promise<void> | null = null;
    let again = false;
    let closed = false;

    // PGlite is one process's database: a restart fails every running job at once. PostgreSQL may be shared by
    // several processes: only a job whose heartbeat stopped is failed, at start and at every poll.
    const shared = db.kind === 'postgres';
    const staleMs = shared ? JOB_STALE_MS : 0;

    async function runOne(job: JobRecord): Promise<void> {
      const handler = handlers.get(job.kind);
      const writer = new ChunkWriter(db, job.id);
      const heartbeat = shared
        ? setInterval(() => {
            void beatJob(db, job.id, now()).catch((err: unknown) =>
              app.log.error({ err, jobId: job.id }, 'job heartbeat failed'),
            );
          }, JOB_HEARTBEAT_MS)
        : null;
      heartbeat?.unref();
      try {
        if (!(await ownerMayRun(db, job))) {
          await failJob(db, job.id, { messageId: 'jobOwnerNotAllowed', values: {} }, now());
          return;
        }
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        const result = await handler({
          db,
          job,
          now,
          progress: (done, total) => setProgress(db, job.id, done, total),
          write: (chunk) => writer.write(chunk),
        });
        await writer.flush();
        const finished = await finishJob(
          db,
          job.id,
          { ...result, bytes: writer.total },
          now(),
          JOB_RESULT_VALID_MS,
        );
        if (!finished)
          app.log.warn({ jobId: job.id }, 'job failed as interrupted while it ran; result dropped');
      } catch (err) {
        if (err instanceof JobNoLongerRunning) {
          // another process's sweep failed it (its heartbeat was late): it stays failed, nothing more is written
          app.log.warn({ jobId: job.id, kind: job.kind }, 'job failed as interrupted while it ran');
          return;
        }
        if (err instanceof JobRefused) {
          await failJob(db, job.id, { messageId: err.messageId, values: err.values }, now());
          return;
        }
        const errorId = newErrorId();
        app.log.error({ err, errorId, jobId: job.id, kind: job.kind }, 'job failed');
        await failJob(db, job.id, { messageId: 'interchangeJobFailed', values: { errorId } }, now());
      } finally {
        if (heartbeat) clearInterval(heartbeat);
      }
    }

    async function drain(): Promise<void> {
      do {
        again = false;
        for (;;) {
          if (closed) return;
          const job = await claimJob(db, now());
          if (!job) break;
          await runOne(job);
        }
      } while (again && !closed);
    }

    function kick(): void {
      if (running) {
        again = true;
        return;
      }
      running = drain()
        .catch((err: unknown) => app.log.error({ err }, 'job runner failed'))
        .finally(() => {
          running = null;
        });
    }

    const runner: JobRunner = {
      handle(kind, handler) {
        if (handlers.has(kind)) throw new Error(`job kind ${kind} has a handler already`);
        handlers.set(kind, handler);
      },
      async start(job, options = {}) {
        const max = options.maxActivePerUser;
        const queued =
          max === undefined ? await insertJob(db, job, now()) : await insertJobCapped(db, job, now(), max);
        if (!queued) throw new JobLimitReached(max ?? 0);
        kick();
        return queued;
      },
      async idle() {
        while (running) await running;
      },
    };
    app.decorate('jobs', runner);

    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      // a database that does not answer yet must not keep the server from starting: the next poll claims jobs
      try {
        const interrupted = await failInterrupted(db, now(), staleMs);
        if (interrupted > 0) app.log.warn({ interrupted }, 'jobs interrupted by a restart were failed');
      } catch (err) {
        app.log.error({ err }, 'jobs interrupted by a restart could not be failed');
      }
      kick();
      timer = setInterval(() => {
        void purgeExpiredResults(db, now()).catch((err: unknown) =>
          app.log.error({ err }, 'job purge failed'),
        );
        // a process sharing the database stopped while it ran a job: fail it (its partial result removed)
        if (shared) {
          void failInterrupted(db, now(), staleMs).catch((err: unknown) =>
            app.log.error({ err }, 'interrupted jobs could not be failed'),
          );
        }
        kick();
      }, POLL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await runner.idle();
    });
  },
  { name: 'edc-jobs', dependencies: ['edc-core'] },
);
