/**
 * The home page's figures: the to-dos of the session (myTaskInfo.do, from the registered counters) and the
 * statistics of the user's sites (siteStatistics.do). Every role with the statistics page may ask; what each figure
 * covers is the role's own scope (repository.ts).
 */
import type { FastifyInstance } from 'fastify';
import { myTaskInfo, siteStatistics } from '../../../engine/api/statistics';
import { sessionRoleCode } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { enrolmentByMonth, pagesByVisit, subjectsBySite } from './repository';

export const STATISTICS_PAGE = '/index/statistics';

export function statisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, myTaskInfo, {
    page: STATISTICS_PAGE,
    handler: async ({ session }) => {
      const rolecode = await sessionRoleCode(db, session);
      return ok(await app.taskCounters.count(db, session, rolecode));
    },
  });

  roleEndpoint(app, ctx, siteStatistics, {
    page: STATISTICS_PAGE,
    handler: async ({ session }) =>
      ok({
        sites: await subjectsBySite(db, session),
        enrolment: await enrolmentByMonth(db, session),
        pages: await pagesByVisit(db, session),
      }),
  });
}
