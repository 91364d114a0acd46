/**
 * The subject list (page /index/subjects): its search-field definitions (with `show` as the user chose), its column
 * set, one page of subjects and one subject — all limited to the sites where the session's user holds the session's
 * role. Search params outside the scope (a siteid of another site) select nothing; they never widen it.
 */
import type { FastifyInstance } from 'fastify';
import { SUBJECTS_PAGE, SUBJECT_LIST_KEY, subjectInfo, subjectList } from '../../engine/api/subjects';
import type { Locale } from '../../engine/api/localized';
import type { AppContext } from '../context';
import { fail, ok } from '../http/envelope';
import { paramError, roleEndpoint } from '../http/route';
import { SERVER_FIELD_TYPES, type ListMetadata } from '../lists/listMetadata';
import { readSearch } from '../lists/readSearch';
import { DEFAULT_SUBJECT_SORT, SUBJECT_SORT_KEYS } from '../lists/subjectSql';
import { message } from '../messages';
import { scopeSiteIds } from '../services/dataScope';
import { findSubject } from '../repo/subjects';
import type { ListServices } from './lists';

function sortOf(
  meta: ListMetadata,
  orderByField: string | undefined,
  asc: boolean | undefined,
  locale: Locale,
) {
  const prop = orderByField ?? DEFAULT_SUBJECT_SORT.prop;
  if (orderByField !== undefined && !meta.sortable.has(orderByField)) {
    throw paramError(locale, [`orderByField: ${orderByField} is not a sortable column`]);
  }
  const key = Object.hasOwn(SUBJECT_SORT_KEYS, prop) ? SUBJECT_SORT_KEYS[prop] : undefined;
  if (!key) throw new Error(`sortable subject column ${prop} has no SQL sort key`);
  return { prop, key, asc: orderByField === undefined ? DEFAULT_SUBJECT_SORT.asc : asc !== false };
}

export async function subjectRoutes(app: FastifyInstance, ctx: AppContext, services: ListServices) {
  const { db } = ctx;

  roleEndpoint(app, ctx, subjectList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, open, session, locale }) => {
      const meta = await services.metadata.get(session.studyId, SUBJECT_LIST_KEY);
      if (!meta) return fail(message('listNotConfigured', locale));
      const reading = readSearch(open, meta.fields, SERVER_FIELD_TYPES);
      if (!reading.ok) throw paramError(locale, reading.errors);
      const sort = sortOf(meta, params.orderByField, params.asc, locale);
      const page = await services.subjects.page({
        scope: session,
        fields: meta.fields,
        search: reading.search,
        sort,
        page: params.page,
        size: params.size,
      });
      return ok(page);
    },
  });

  roleEndpoint(app, ctx, subjectInfo, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      const subject = await findSubject(db, session.studyId, scopeSiteIds(session), params.subjectid);
      return subject ? ok(subject) : fail(message('subjectNotFound', locale));
    },
  });
}
