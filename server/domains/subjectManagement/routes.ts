/**
 * The subject management endpoints (engine/api/subjectManagement.ts): batch upload (template, assessment, report,
 * import) and abandon serve the subject page; transfer serves /index/subjectTransfer. The route refuses a role
 * without the page (403) before anything else; the services check the permission, the chosen site and the state.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { Locale } from '../../../engine/api/localized';
import {
  SUBJECT_TRANSFER_PAGE,
  abandonSubject,
  subjectBatchAssess,
  subjectBatchImport,
  subjectBatchReport,
  subjectBatchTemplate,
  transferList,
  transferSites,
  transferSubject,
} from '../../../engine/api/subjectManagement';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { Refused } from '../subjects/casebookService';
import { abandon } from './abandonService';
import { assessBatch, batchReport, batchTemplate, importBatch } from './batchService';
import { transfer, transferChoices, transfersAt } from './transferService';

async function orRefused<D>(locale: Locale, fn: () => Promise<ApiEnvelope<D>>): Promise<ApiEnvelope<D>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Refused) throw err.answer(locale);
    throw err;
  }
}

export function subjectManagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const page = SUBJECTS_PAGE;

  roleEndpoint(app, ctx, subjectBatchTemplate, {
    page,
    handler: async ({ session, locale }) =>
      orRefused(locale, async () => ok(await batchTemplate(db, session, locale))),
  });

  roleEndpoint(app, ctx, subjectBatchAssess, {
    page,
    handler: async ({ session, locale, now, file }) =>
      orRefused(locale, async () => {
        // the route has read and checked the file (an upload endpoint never reaches here without one)
        if (!file) throw new Error('batchassess.do without a file');
        return ok(await assessBatch(db, session, file, locale, now));
      }),
  });

  roleEndpoint(app, ctx, subjectBatchReport, {
    page,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await batchReport(db, session, params.assessmentid, locale, now))),
  });

  roleEndpoint(app, ctx, subjectBatchImport, {
    page,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await importBatch(db, session, params.assessmentid, locale, now))),
  });

  roleEndpoint(app, ctx, abandonSubject, {
    // verifies a password (~100 ms of a worker thread): not held at the admission gate
    admission: false,
    page,
    // the password is checked as the signature's is: the same limits per IP and per user
    limits: ['signature', 'signatureUser'],
    handler: async ({ params, session, locale, now, request }) =>
      orRefused(locale, async () => ok(await abandon(db, session, params, { locale, now, ip: request.ip }))),
  });

  roleEndpoint(app, ctx, transferSites, {
    page: SUBJECT_TRANSFER_PAGE,
    handler: async ({ session, locale }) =>
      orRefused(locale, async () => ok(await transferChoices(db, session))),
  });

  roleEndpoint(app, ctx, transferList, {
    page: SUBJECT_TRANSFER_PAGE,
    handler: async ({ params, session }) => ok(await transfersAt(db, session, params.page, params.size)),
  });

  roleEndpoint(app, ctx, transferSubject, {
    page: SUBJECT_TRANSFER_PAGE,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await transfer(db, session, params, now, app.subjectMoves))),
  });
}
