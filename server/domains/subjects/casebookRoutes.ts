/**
 * The casebook's subject endpoints (issue 12): adding a subject (sitecodeList, getProtover, getcrfver,
 * checkSubject, savesubject), its base info and audit trail (subjectbase), its changes (updateinfo, updatesubject)
 * and its workflow (changewkflow). Every one serves the subject page: a role without it is refused (403) before
 * anything else; reads need the data-read permission; the service checks the rest (casebookService.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { Locale } from '../../../engine/api/localized';
import {
  SUBJECTS_PAGE,
  changeWorkflow,
  checkSubject,
  getCrfVer,
  getProtover,
  saveSubject,
  sitecodeList,
  subjectBase,
  updateInfo,
  updateSubject,
} from '../../../engine/api/subjects';
import { scopeSiteIds } from '../../core/auth/guard';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { fail, ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { studyVersion, studyVersions, subjectAuditRows } from './casebookRepository';
import {
  Refused,
  addSubject,
  capabilitiesOf,
  changeWorkflowState,
  checkSubjidAt,
  sitesForAdding,
  updateBaseInfo,
  updateRegistration,
} from './casebookService';
import { findSubject } from './repository';

/** Runs a handler, answering a refusal (200 success:false, or 403) with its translated message. */
async function orRefused<D>(locale: Locale, fn: () => Promise<ApiEnvelope<D>>): Promise<ApiEnvelope<D>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Refused) throw err.answer(locale);
    throw err;
  }
}

export function casebookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const page = SUBJECTS_PAGE;

  roleEndpoint(app, ctx, sitecodeList, {
    page,
    handler: async ({ session }) => ok(await sitesForAdding(db, session)),
  });

  roleEndpoint(app, ctx, getProtover, {
    page,
    handler: async ({ session }) => ok(await studyVersions(db, session.studyId, 'protocol')),
  });

  roleEndpoint(app, ctx, getCrfVer, {
    page,
    handler: async ({ session }) => ok(await studyVersions(db, session.studyId, 'crf')),
  });

  roleEndpoint(app, ctx, checkSubject, {
    page,
    handler: async ({ params, session, locale }) =>
      orRefused(locale, async () => {
        const subjid = params.subjid.trim();
        const check = await checkSubjidAt(db, session, params.siteid, subjid, params.subjectid);
        return ok({
          subjid,
          result: check.result,
          message: check.result === 'ok' ? null : message(check.messageId, locale, check.values),
        });
      }),
  });

  roleEndpoint(app, ctx, saveSubject, {
    page,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await addSubject(db, session, params, now))),
  });

  roleEndpoint(app, ctx, subjectBase, {
    page,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      const subject = await findSubject(db, session.studyId, scopeSiteIds(session), params.subjectid);
      if (!subject) return fail(message('subjectNotFound', locale));
      const stored = await db.query<{ protover: string | null; crfver: string | null }>(
        'select protover, crfver from subjects where id = $1',
        [subject.subjectid],
      );
      const protover = await studyVersion(db, session.studyId, 'protocol', stored[0]?.protover ?? null);
      const crfver = await studyVersion(db, session.studyId, 'crf', stored[0]?.crfver ?? null);
      if (!protover || !crfver)
        throw new Error(`study ${session.studyId} has no current protocol or eCRF version`);
      const { capabilities, transitions } = await capabilitiesOf(db, session, subject.status);
      const audit = await subjectAuditRows(db, subject.subjectid);
      return ok({
        subject,
        protover,
        crfver,
        capabilities,
        transitions,
        audit: audit.map((r) => ({
          id: r.id,
          action: r.action,
          field: r.field,
          originalvalue: r.oldvalue,
          currentvalue: r.newvalue,
          reason: r.reason,
          username: r.username,
          realname: r.realname,
          role: { zh_CN: r.rolenameZh, en: r.rolenameEn },
          sitecode: r.sitecode,
          at: new Date(r.at).toISOString(),
        })),
      });
    },
  });

  roleEndpoint(app, ctx, updateInfo, {
    page,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await updateBaseInfo(db, session, params, now))),
  });

  roleEndpoint(app, ctx, updateSubject, {
    page,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await updateRegistration(db, session, params, now))),
  });

  roleEndpoint(app, ctx, changeWorkflow, {
    page,
    handler: async ({ params, session, locale, now }) =>
      orRefused(locale, async () => ok(await changeWorkflowState(db, session, params, now))),
  });
}
