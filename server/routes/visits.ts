/**
 * A subject's visits (visitlist.do) and a visit's forms (tablelist.do), with their entry status: a form is not
 * entered ('0') without records, complete ('2') when all its records are complete, else entered ('1'); a visit is
 * '0' when none of its forms is entered, '2' when all are complete, else '1'.
 */
import type { FastifyInstance } from 'fastify';
import { tableList, visitList, type EntryStatus } from '../../engine/api/visits';
import { SUBJECTS_PAGE } from '../../engine/api/subjects';
import type { MetaText } from '../../engine/metadata/types';
import { requireDataAccess } from '../auth/permissions';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { roleEndpoint } from '../http/route';
import { latestFormSummaries, subjectVisits } from '../repo/forms';
import { formEntryStatus, subjectEntryCounts, type FormEntryCount } from '../repo/records';
import { scopedSubject, scopedVisit } from '../services/dataScope';
import { orNotFound, type FormServices } from './formServices';

const countKey = (c: { visitnum: string; cycnum: number; svnum: number }, tid: string) =>
  `${c.visitnum}\u0000${c.cycnum}\u0000${c.svnum}\u0000${tid}`;

function countsByKey(counts: readonly FormEntryCount[]): Map<string, FormEntryCount> {
  return new Map(counts.map((c) => [countKey(c, c.tid), c]));
}

function visitStatus(statuses: readonly EntryStatus[]): EntryStatus {
  if (statuses.every((s) => s === '0')) return '0';
  return statuses.every((s) => s === '2') ? '2' : '1';
}

export function metaTextOf(value: unknown, fallback: string): MetaText {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'zh_CN' in value && 'en' in value) {
    const { zh_CN, en } = value as { zh_CN: unknown; en: unknown };
    if (typeof zh_CN === 'string' && typeof en === 'string') return { zh_CN, en };
  }
  return fallback;
}

export function visitRoutes(app: FastifyInstance, ctx: AppContext, services: FormServices): void {
  void services;
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
