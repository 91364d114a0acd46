/**
 * Login front, study login, logout and the electronic-signature re-authentication.
 */
import type { FastifyInstance } from 'fastify';
import { login, loginFront, logout, validationSignUser } from '../../../engine/api/session';
import { verifyPassword } from '../../core/auth/passwords';
import { hashToken, newToken } from '../../core/auth/tokens';
import type { AppContext } from '../../core/context';
import { clearTokenCookie, tokenCookie } from '../../core/http/cookies';
import { HttpAnswer, fail, ok } from '../../core/http/envelope';
import { publicEndpoint, roleEndpoint, sessionEndpoint } from '../../core/http/route';
import { message, type ServerMessageId } from '../../core/messages';
import { userStudies } from '../../core/auth/access';
import { appendAudit } from '../../core/audit/audit';
import { endSession, openSession, setSessionStudy } from '../../core/auth/sessions';
import {
  MAX_SIGNATURE_FAILURES,
  recordSignatureFailure,
  recordSignatureSuccess,
  signatureState,
} from './signatures';
import { findUserById } from '../../core/auth/users';
import { checkLogin } from './loginService';
import { buildLoginInfo } from './loginInfo';

export function loginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  publicEndpoint(app, ctx, loginFront, {
    // verifies a password (~100 ms of a worker thread): not held at the admission gate
    admission: false,
    limits: ['login', 'loginAccount'],
    handler: async ({ params, locale, now, request, reply }) => {
      const result = await checkLogin(db, ctx.config, params.username, params.password, request.ip);
      if (!result.ok) {
        request.log.info(
          { event: 'login.failed', username: params.username, reason: result.reason },
          'login refused',
        );
        return fail(
          result.reason === 'lockedOut'
            ? message('lockedOut', locale, { minutes: result.minutes })
            : message(result.reason, locale),
        );
      }
      const { user } = result;
      const token = newToken();
      const studies = await userStudies(db, user.id);
      await openSession(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        studyId: studies[0]?.studyid ?? null,
        at: now,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      await appendAudit(db, { at: now, userId: user.id, action: 'login', detail: { ip: request.ip } });
      request.log.info({ event: 'login', userid: user.id }, 'logged in');
      reply.header('set-cookie', tokenCookie(token, request.protocol === 'https'));
      return ok({ token, userid: user.id });
    },
  });

  sessionEndpoint(app, ctx, login, {
    handler: async ({ params, locale, session, request }) => {
      const studies = await userStudies(db, session.userId);
      const current = studies.find((s) => s.studyid === session.studyId);
      const study = params.studyid
        ? studies.find((s) => s.studyid === params.studyid)
        : (current ?? studies[0]);
      if (!study) return fail(message('noStudy', locale));
      if (session.studyId !== study.studyid) await setSessionStudy(db, session.id, study.studyid);
      const info = await buildLoginInfo(ctx, request, { ...session, studyId: study.studyid }, locale);
      return ok({ ...info, studies });
    },
  });

  sessionEndpoint(app, ctx, logout, {
    handler: async ({ session, now, reply }) => {
      await endSession(db, session.id, 'logout', now);
      await appendAudit(db, { at: now, userId: session.userId, action: 'logout', detail: {} });
      reply.header('set-cookie', clearTokenCookie());
      return ok(null);
    },
  });

  roleEndpoint(app, ctx, validationSignUser, {
    // verifies a password (~100 ms of a worker thread): not held at the admission gate
    admission: false,
    limits: ['signature', 'signatureUser'],
    handler: async ({ params, locale, now, session, request }) => {
      const where = { roleid: session.roleId, siteid: session.siteId, studyid: session.studyId };
      const state = await signatureState(db, session.id);
      const refuse = async (reason: string, msgId: ServerMessageId) => {
        const failures = await recordSignatureFailure(db, session.id);
        const detail = { ...where, meaning: params.meaning, reason, failures, ip: request.ip };
        await appendAudit(db, { at: now, userId: session.userId, action: 'signature.failed', detail });
        if (failures < MAX_SIGNATURE_FAILURES) return fail(message(msgId, locale));
        // consecutive failures: whoever holds this session may not be its user
        await endSession(db, session.id, 'signatureLock', now);
        await appendAudit(db, { at: now, userId: session.userId, action: 'signature.locked', detail });
        throw new HttpAnswer(401, fail(message('signatureLocked', locale), 401));
      };

      // 21 CFR 11.200(a)(1)(i): the first signing of a session uses both components, later ones the password
      if (!state.signedOnce && !params.username?.trim())
        return refuse('no user name', 'signatureNeedsUsername');
      if (
        params.username !== undefined &&
        params.username.trim().toLowerCase() !== session.username.toLowerCase()
      ) {
        return refuse('other user name', 'signerMismatch');
      }
      const user = await findUserById(db, session.userId);
      if (!user || !(await verifyPassword(params.password, user.passwordHash))) {
        return refuse('wrong password', 'badSignaturePassword');
      }
      await recordSignatureSuccess(db, session.id);
      const signtime = now.toISOString();
      await appendAudit(db, {
        at: now,
        userId: session.userId,
        action: 'signature',
        detail: { ...where, meaning: params.meaning, signer: user.realname, signtime },
      });
      return ok({ signed: true, signer: user.realname, signtime, meaning: params.meaning });
    },
  });
}
