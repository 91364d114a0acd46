/**
 * A subject's visits (visitlist.do) and a visit's forms (tablelist.do), with their entry status: a form is not
 * entered ('0') without records, complete ('2') when all its records are complete, else entered ('1'); a visit is
 * '0' when none of its forms is entered, '2' when all are complete, else '1'.
 */
import type { FastifyInstance } from 'fastify';
import { tableList, visitList, type EntryStatus } from '../../../engine/api/visits';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { latestFormSummaries, subjectVisits } from '../data/formsRepository';
import { formEntryStatus, subjectEntryCounts, type FormEntryCount } from '../data/recordsRepository';
import { scopedSubject, scopedVisit } from '../data/scope';
import { orNotFound } from '../data/notFound';
import { metaTextOf } from '../data/service';

const countKey = (c: { visitnum: string; cycnum: number; svnum: number }, tid: string) =>
  `${c.visitnum}\u0000${c.cycnum}\u0000${c.svnum}\u0000${tid}`;

function countsByKey(counts: readonly FormEntryCount[]): Map<string, FormEntryCount> {
  return new Map(counts.map((c) => [countKey(c, c.tid), c]));
}

function visitStatus(statuses: readonly EntryStatus[]): EntryStatus {
  if (statuses.every((s) => s === '0')) return '0';
  return statuses.every((s) => s === '2') ? '2' : '1';
}

export function visitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, visitList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        const subject = await scopedSubject(db, session, params.subjectid);
        const visits = await subjectVisits(db, session.studyId, subject.id);
        const forms = await latestFormSummaries(db, session.studyId, [
          ...new Set(visits.flatMap((v) => v.tids)),
        ]);
        const counts = countsByKey(await subjectEntryCounts(db, subject.id));
        return ok(
          visits.map((v) => {
            const statuses = v.tids
              .filter((tid) => forms.has(tid))
              .map((tid) => formEntryStatus(counts.get(countKey(v, tid))));
            return {
              visitnum: v.visitnum,
              cycnum: v.cycnum,
              svnum: v.svnum,
              name: { zh_CN: v.name_zh, en: v.name_en },
              visitdate: v.visitdate,
              status: visitStatus(statuses),
              formCount: statuses.length,
              enteredCount: statuses.filter((s) => s !== '0').length,
            };
          }),
        );
      });
    },
  });

  roleEndpoint(app, ctx, tableList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        const { subject, visit } = await scopedVisit(db, session, params);
        const forms = await latestFormSummaries(db, session.studyId, visit.tids);
        const counts = countsByKey(await subjectEntryCounts(db, subject.id, visit));
        return ok(
          visit.tids.flatMap((tid) => {
            const form = forms.get(tid);
            if (!form) return [];
            const count = counts.get(countKey(visit, tid));
            return [
              {
                tid,
                formid: form.formid,
                name: metaTextOf(form.name, tid),
                reftype: form.reftype,
                logline: form.logline,
                status: formEntryStatus(count),
                lines: count?.lines ?? 0,
              },
            ];
          }),
        );
      });
    },
  });
}
