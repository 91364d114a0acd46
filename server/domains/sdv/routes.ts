/**
 * saveVarStatusList.do (items and pages), subjectSdvSign.do (a subject) and the SDV worklist with the site's
 * progress against the plan. Every call serves the subject page, needs the data-read permission and sdv.verify
 * (403 before anything is read), and reaches only records and subjects at the session's chosen site.
 */
import type { FastifyInstance } from 'fastify';
import { saveVarStatusList, sdvWorklist, subjectSdvSign } from '../../../engine/api/sdv';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { orRefused } from '../notes/refused';
import { siteProgress, siteWorklist } from './repository';
import { requireSdvPermission, verifySubject, verifyTargets } from './service';

export function sdvRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, saveVarStatusList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        await requireSdvPermission(db, session);
        return ok(await verifyTargets(ctx, app.formSchemas, session, params.list, now));
      });
    },
  });

  roleEndpoint(app, ctx, subjectSdvSign, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        await requireSdvPermission(db, session);
        const scope = params.scope === 'all' ? 'all' : 'plan';
        return ok(await verifySubject(ctx, session, params.subjectid, scope, now));
      });
    },
  });

  roleEndpoint(app, ctx, sdvWorklist, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        await requireSdvPermission(db, session);
        const { rows, total } = await siteWorklist(
          db,
          session.studyId,
          session.siteId,
          params.size,
          (params.page - 1) * params.size,
        );
        const progress = await siteProgress(db, session.studyId, session.siteId);
        return ok({ list: rows, total, progress });
      });
    },
  });
}
