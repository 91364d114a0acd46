/**
 * The interchange endpoints (engine/api/interchange.ts; docs/interchange.md): import and publish on the page
 * /index/studyImport, exports and jobs on /index/studyExport (403 for a role without the page, before anything
 * else); the services check the permissions study.import, study.publish and study.export.
 */
import type { FastifyInstance } from 'fastify';
import {
  STUDY_EXPORT_PAGE,
  STUDY_IMPORT_PAGE,
  interchangeAssess,
  interchangeDiscard,
  interchangeDownload,
  interchangeExport,
  interchangeForms,
  interchangeImport,
  interchangeImports,
  interchangeJob,
  interchangeJobs,
  interchangePublish,
} from '../../../engine/api/interchange';
import type { Locale } from '../../../engine/api/localized';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { AppContext } from '../../core/context';
import { HttpAnswer, fail, ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { newErrorId } from '../../core/http/errorAnswer';
import { issueText } from '../../core/interchangeMessages';
import { message } from '../../core/messages';
import { downloadJob, exportForms, myJobs, oneJob, startExport } from './exportService';
import {
  InterchangeRefused,
  assessImport,
  discardImport,
  importList,
  importReport,
  publishImport,
} from './importService';
import type { InterchangeTools } from './tools';

/** A refusal as its answer: 403 not allowed, 400 a bad file (its errors listed), else 200 success:false. */
async function orRefused<A>(locale: Locale, fn: () => Promise<A>): Promise<A | ApiEnvelope<null>> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof InterchangeRefused)) throw err;
    const errors = err.issues
      .filter((i) => i.severity === 'error')
      .map((i) => `${i.at}: ${issueText(i.messageId, locale, i.values)}`);
    const values = { detail: errors.slice(0, 3).join('; ') || '—', ...err.values };
    const msg = message(err.messageId, locale, values);
    if (err.status === 200) return fail(msg);
    throw new HttpAnswer(err.status, {
      ...fail(msg, err.status === 403 ? 403 : undefined),
      ...(errors.length > 0 ? { errors } : {}),
    });
  }
}

export function interchangeRoutes(app: FastifyInstance, ctx: AppContext, tools: InterchangeTools): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, interchangeAssess, {
    page: STUDY_IMPORT_PAGE,
    handler: async ({ session, locale, now, file, request }) =>
      orRefused(locale, async () => {
        if (!file) throw new Error('interchange/assess.do without a file');
        return ok(
          await assessImport(db, session, file, tools.importers, locale, now, (err) => {
            const errorId = newErrorId();
            request.log.error({ err, errorId }, 'study import: the importer failed');
            return errorId;
          }),
        );
      }),
  });

  roleEndpoint(app, ctx, interchangeImports, {
    page: STUDY_IMPORT_PAGE,
    handler: async ({ params, session, locale }) =>
      orRefused(locale, async () => ok(await importList(db, session, params.page, params.size))),
  });

  roleEndpoint(app, ctx, interchangeImport, {
    page: STUDY_IMPORT_PAGE,
    handler: async ({ params, session, locale }) =>
      orRefused(locale, async () => ok(await importReport(db, session, params.importid, locale))),
  });

  roleEndpoint(app, ctx, interchangePublish, {
    page: STUDY_IMPORT_PAGE,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await publishImport(db, session, params.importid, locale, now))),
  });

  roleEndpoint(app, ctx, interchangeDiscard, {
    page: STUDY_IMPORT_PAGE,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await discardImport(db, session, params.importid, locale, now))),
  });

  roleEndpoint(app, ctx, interchangeExport, {
    page: STUDY_EXPORT_PAGE,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () =>
        ok(await startExport(db, app.jobs, session, params.kind as never, params.tid ?? null, locale, now)),
      ),
  });

  roleEndpoint(app, ctx, interchangeJobs, {
    page: STUDY_EXPORT_PAGE,
    touch: false,
    handler: async ({ session, locale, now }) =>
      orRefused(locale, async () => ok(await myJobs(db, session, locale, now))),
  });

  roleEndpoint(app, ctx, interchangeJob, {
    page: STUDY_EXPORT_PAGE,
    touch: false,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await oneJob(db, session, params.jobid, locale, now))),
  });

  roleEndpoint(app, ctx, interchangeDownload, {
    page: STUDY_EXPORT_PAGE,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, () => downloadJob(db, session, params.jobid, now)),
  });

  roleEndpoint(app, ctx, interchangeForms, {
    page: STUDY_EXPORT_PAGE,
    handler: async ({ session, locale }) => orRefused(locale, async () => ok(await exportForms(db, session))),
  });
}
