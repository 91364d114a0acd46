/**
 * The casebook's visits and pages (issue 12; docs/casebook-visits.md): the visits that may be added
 * (hidevisitlist), added (savevisit, addNextVisit) and deleted (deletevisit, delCurrentVisit); the optional forms
 * (hidetablelist, updateVisitTable); marks (invalidationreason, checkDataCaseBook, checkActiveByCaseBook,
 * activedata, disUnCollected, disUnHappen) and the visit audit trail (visitaudit). Every one serves the subject
 * page (a role without it: 403) and needs the data-read permission; the service checks the rest.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import type { Locale } from '../../../engine/api/localized';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import {
  activeData,
  addNextVisit,
  checkActiveByCaseBook,
  checkDataCaseBook,
  delCurrentVisit,
  deleteVisit,
  disUnCollected,
  disUnHappen,
  hideTableList,
  hideVisitList,
  invalidationReason,
  saveVisit,
  updateVisitTable,
  visitAudit,
  type MarkAction,
} from '../../../engine/api/visits';
import type { RoleSession } from '../../core/auth/guard';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { latestFormSummaries } from '../data/formsRepository';
import { metaTextOf } from '../data/service';
import { Refused } from '../subjects/casebookService';
import { invalidationReasons, marksOfKind, visitAuditRows } from './casebookVisitsRepository';
import {
  addNextCycle,
  addVisit,
  addableForms,
  applyMark,
  changeVisitTable,
  checkMark,
  markedPages,
  removeLastCycle,
  removeVisit,
  selectableFor,
  visitRows,
} from './casebookVisitsService';

/** Runs a handler after the data-read check, answering a refusal (200 success:false, or 403) with its message. */
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

interface MarkParams {
  subjectid: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid?: string;
}

export function casebookVisitsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const page = SUBJECTS_PAGE;

  roleEndpoint(app, ctx, hideVisitList, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () => ok(await selectableFor(db, session, params.subjectid))),
  });

  roleEndpoint(app, ctx, saveVisit, {
    page,
    handler: ({ params, session, locale, now }) =>
      answer(ctx, session, locale, async () =>
        ok(await addVisit(db, session, { ...params, visitdate: params.visitdate ?? null }, now)),
      ),
  });

  roleEndpoint(app, ctx, addNextVisit, {
    page,
    handler: ({ params, session, locale, now }) =>
      answer(ctx, session, locale, async () => ok(await addNextCycle(db, session, params, now))),
  });

  roleEndpoint(app, ctx, deleteVisit, {
    page,
    handler: ({ params, session, locale, now }) =>
      answer(ctx, session, locale, async () => {
        await removeVisit(db, session, params, now);
        return ok(null);
      }),
  });

  roleEndpoint(app, ctx, delCurrentVisit, {
    page,
    handler: ({ params, session, locale, now }) =>
      answer(ctx, session, locale, async () => {
        await removeLastCycle(db, session, params, now);
        return ok(null);
      }),
  });

  roleEndpoint(app, ctx, hideTableList, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () => ok(await addableForms(db, session, params))),
  });

  roleEndpoint(app, ctx, updateVisitTable, {
    page,
    handler: ({ params, session, locale, now }) =>
      answer(ctx, session, locale, async () => ok(await changeVisitTable(db, session, params, now))),
  });

  roleEndpoint(app, ctx, invalidationReason, {
    page,
    handler: ({ session, locale }) =>
      answer(ctx, session, locale, async () =>
        ok(
          (await invalidationReasons(db, session.studyId)).map((r) => ({
            code: r.code,
            text: { zh_CN: r.text_zh, en: r.text_en },
            needsText: r.needs_text,
          })),
        ),
      ),
  });

  const check = (action: MarkAction) => async (session: RoleSession, locale: Locale, params: MarkParams) => {
    const checked = await checkMark(db, session, { ...params, tid: params.tid ?? '' }, action);
    return ok({
      allowed: checked.refusal === null,
      message: checked.refusal === null ? null : message(checked.refusal, locale),
      pages: checked.pages,
      entered: checked.entered,
      mark: checked.mark,
    });
  };

  roleEndpoint(app, ctx, checkDataCaseBook, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, () => check(params.action)(session, locale, params)),
  });

  roleEndpoint(app, ctx, checkActiveByCaseBook, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, () => check('activate')(session, locale, params)),
  });

  roleEndpoint(app, ctx, activeData, {
    page,
    handler: ({ params, session, locale, now }) =>
      answer(ctx, session, locale, async () =>
        ok(
          await applyMark(
            db,
            session,
            { ...params, tid: params.tid ?? '', reasontext: params.reasontext ?? '' },
            now,
            app.recordHooks,
          ),
        ),
      ),
  });

  roleEndpoint(app, ctx, disUnCollected, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () =>
        ok(await markedPages(db, session, params.subjectid, (id) => marksOfKind(db, id, 'uncollected'))),
      ),
  });

  roleEndpoint(app, ctx, disUnHappen, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () =>
        ok(await markedPages(db, session, params.subjectid, (id) => marksOfKind(db, id, 'unoccurred'))),
      ),
  });

  roleEndpoint(app, ctx, visitAudit, {
    page,
    handler: ({ params, session, locale }) =>
      answer(ctx, session, locale, async () => {
        // the subject in scope first (visitRows refuses one elsewhere as "not found")
        await visitRows(db, session, params.subjectid);
        const rows = await visitAuditRows(db, session.studyId, params.subjectid);
        const forms = await latestFormSummaries(db, session.studyId, [
          ...new Set(rows.map((r) => r.tid).filter(Boolean)),
        ]);
        return ok(
          rows.map((r) => ({
            id: r.id,
            action: r.action,
            visitnum: r.visitnum,
            cycnum: r.cycnum,
            svnum: r.svnum,
            visitname: { zh_CN: r.visitnameZh, en: r.visitnameEn },
            tid: r.tid,
            formname: r.tid === '' ? null : metaTextOf(forms.get(r.tid)?.name, r.tid),
            originalvalue: r.oldvalue,
            currentvalue: r.newvalue,
            reason:
              r.reasoncode === null
                ? null
                : { zh_CN: r.reasonZh ?? r.reasoncode, en: r.reasonEn ?? r.reasoncode },
            reasontext: r.reasontext,
            username: r.username,
            realname: r.realname,
            role: { zh_CN: r.rolenameZh, en: r.rolenameEn },
            sitecode: r.sitecode,
            at: new Date(r.at).toISOString(),
          })),
        );
      }),
  });
}
