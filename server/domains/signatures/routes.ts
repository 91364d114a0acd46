/**
 * showSignature.do (the signature state of a subject's pages or of one page, and what a signing needs) and
 * saveSignature.do (signing with re-authentication). Both serve the subject page and need the data-read permission;
 * signing needs signature.sign (403 before anything is read) and reaches only subjects at the session's chosen
 * site. The signing route has the signature re-authentication's rate limits (per IP and per user).
 */
import type { FastifyInstance } from 'fastify';
import { saveSignature, showSignature } from '../../../engine/api/signatures';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { orRefused } from '../notes/refused';
import { signatureState } from '../session/signatures';
import { refusesOpenQueries } from './repository';
import { maySign, showPages, sign, SIGNATURE_MEANING } from './service';

export function signatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, showSignature, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        const { pages, history } = await showPages(db, session, params);
        return ok({
          canSign: await maySign(db, session),
          needsUsername: !(await signatureState(db, session.id)).signedOnce,
          refuseOpenQueries: await refusesOpenQueries(db, session.studyId),
          meaning: SIGNATURE_MEANING,
          pages,
          history,
        });
      });
    },
  });

  roleEndpoint(app, ctx, saveSignature, {
    // verifies a password (~100 ms of a worker thread): not held at the admission gate
    admission: false,
    page: SUBJECTS_PAGE,
    limits: ['signature', 'signatureUser'],
    handler: async ({ params, session, locale, now, request }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () =>
        ok(
          await sign(
            db,
            session,
            { list: params.list, username: params.username, password: params.password },
            { locale, now, ip: request.ip },
          ),
        ),
      );
    },
  });
}
