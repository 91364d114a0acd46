/**
 * The casebook's batch operations and the study's event types (engine/api/casebookBatch.ts): batchpreview.do and
 * batchrun.do (page.mark, the chosen site: checks, then queues the run as a job), batchjobs.do and batchjob.do (the
 * user's runs), eventtype.do (data read). A refusal is answered with its message, writes nothing and queues nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { Locale } from '../../../engine/api/localized';
import { batchJob, batchJobs, batchPreview, batchRun, eventType } from '../../../engine/api/casebookBatch';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import type { RoleSession } from '../../core/auth/guard';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { Refused } from '../subjects/casebookService';
import { myBatchJobs, oneBatchJob, startBatch } from './batchJobs';
import { eventTypes, previewBatch } from './batchOperations';

async function answer<D>(
  ctx: AppContext,
  session: RoleSession,
  locale: Locale,
  fn: () => Promise<ApiEnvelope<D>>,
): Promise<ApiEnvelope<D>> {
  await requireDataAccess(ctx.db, session, 'read', locale);
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Refused) throw err.answer(locale);
    throw err;
  }
}

export function batchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const page = SUBJECTS_PAGE;

  roleEndpoint(app, ctx, eventType, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () => ok(await eventTypes(db, session.studyId, params.type))),
  });

  roleEndpoint(app, ctx, batchPreview, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () =>
        ok(await previewBatch(db, session, params, locale, app.recordHooks)),
      ),
  });

  roleEndpoint(app, ctx, batchRun, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () =>
        ok(await startBatch(db, app.jobs, session, params, locale, app.recordHooks)),
      ),
  });

  roleEndpoint(app, ctx, batchJobs, {
    page,
    touch: false,
    handler: ({ session, locale }) =>
      answer(ctx, session, locale, async () => ok(await myBatchJobs(db, session, locale))),
  });

  roleEndpoint(app, ctx, batchJob, {
    page,
    touch: false,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () => ok(await oneBatchJob(db, session, params.jobid, locale))),
  });
}
