/**
 * A subject's visits (visitlist.do) and a visit's forms (tablelist.do), with their entry status, their marks and
 * what the session may do to each: a form is not entered ('0') without records, complete ('2') when all its records
 * are complete, else entered ('1'); a visit is '0' when none of its forms is entered, '2' when all are complete,
 * else '1'. The casebook's changes to visits, forms and marks: casebookVisitsRoutes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { tableList, visitList } from '../../../engine/api/visits';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { orNotFound } from '../data/notFound';
import { scopedSubject, scopedVisit } from '../data/scope';
import { describeForms, describeVisits } from './casebookVisitsService';

export function visitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, visitList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        const subject = await scopedSubject(db, session, params.subjectid);
        return ok(await describeVisits(db, session, subject));
      });
    },
  });

  roleEndpoint(app, ctx, tableList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        const { subject, visit } = await scopedVisit(db, session, params);
        return ok(await describeForms(db, session, subject, visit));
      });
    },
  });
}
