/** One subject (subjectinfo.do), when it is at the session's chosen site; else "not found", as for an unknown id. */
import type { FastifyInstance } from 'fastify';
import { SUBJECTS_PAGE, subjectInfo } from '../../../engine/api/subjects';
import type { AppContext } from '../../core/context';
import { fail, ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { scopeSiteIds } from '../../core/auth/guard';
import { findSubject } from './repository';

export function subjectRoutes(app: FastifyInstance, ctx: AppContext): void {
  roleEndpoint(app, ctx, subjectInfo, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      const subject = await findSubject(ctx.db, session.studyId, scopeSiteIds(session), params.subjectid);
      return subject ? ok(subject) : fail(message('subjectNotFound', locale));
    },
  });
}
