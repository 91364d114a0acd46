/**
 * List screens: code lists, the user's choice of search items, and (routes/subjects.ts) the subject list. Every
 * answer is scoped server-side to the session's role: the sites where the user holds it, and the pages it may open.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Locale } from '../../engine/api/localized';
import { SUBJECTS_PAGE } from '../../engine/api/subjects';
import type { RoleSession } from '../auth/guard';
import { SERVER_FIELD_TYPES } from '../lists/listMetadata';
import { withUserShown } from '../lists/userShown';
import { listDefinitions, saveShownSearchItems, shownSearchItems } from '../repo/listDefinitions';
import { codeList, searchFieldShown, selectColumns, selectSearchFields } from '../../engine/api/lists';
import { requirePage } from '../auth/guard';
import type { AppContext } from '../context';
import { fail, ok } from '../http/envelope';
import { paramError, roleEndpoint } from '../http/route';
import { createListMetadataStore, type ListMetadataStore } from '../lists/listMetadata';
import { SITE_CODE_LIST, serverList } from '../lists/registry';
import { message } from '../messages';
import { findSite } from '../repo/access';
import { codeListItems } from '../repo/codeLists';
import { createSubjectListService, type SubjectListService } from '../services/subjectList';
import { subjectRoutes } from './subjects';

/** What the list routes share within one app (caches are per app: each test app has its own database). */
export interface ListServices {
  metadata: ListMetadataStore;
  subjects: SubjectListService;
}

export const listRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { db } = ctx;
  const services: ListServices = {
    metadata: createListMetadataStore(db, (listKey, issues) =>
      app.log.warn({ event: 'list.metadataIssues', listKey, issues }, 'stored list definitions have issues'),
    ),
    subjects: createSubjectListService(db),
  };

  // The code lists serve the subject list's search bar and grid: roles without the subject page get 403.
  roleEndpoint(app, ctx, codeList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      if (params.codelisttype === SITE_CODE_LIST) {
        // the scope is the site chosen at /checkRole (requireRole checked the user still holds the role there)
        const site = await findSite(db, session.siteId);
        return ok(site ? [{ codevalue: site.siteid, codedesp: `${site.sitecode} ${site.sitename}` }] : []);
      }
      const items = await codeListItems(db, params.codelisttype);
      return items ? ok(items) : fail(message('unknownCodeList', locale));
    },
  });

  // Only custom items can be chosen; the others are shown as the definitions say.
  roleEndpoint(app, ctx, searchFieldShown, {
    handler: async ({ params, session, locale, now }) => {
      const list = serverList(params.listKey);
      if (!list) throw paramError(locale, [`listKey: no list ${params.listKey}`]);
      await requirePage(db, session, list.page, locale);
      const meta = await services.metadata.get(session.studyId, list.key);
      if (!meta) return fail(message('listNotConfigured', locale));
      const custom = new Set(meta.fields.filter((f) => f.custom).map((f) => f.innerid));
      const refused = params.shown.filter((id) => !custom.has(id));
      if (refused.length > 0) {
        throw paramError(
          locale,
          refused.map((id) => `shown: ${id} is not a custom search item of ${list.key}`),
        );
      }
      await saveShownSearchItems(db, {
        userId: session.userId,
        studyId: session.studyId,
        listKey: list.key,
        shown: [...new Set(params.shown)],
        at: now,
      });
      return ok(null);
    },
  });

  /** The list a definitions request names, once the role may open its page; else 400/403. */
  async function listOf(listKey: string, session: RoleSession, locale: Locale) {
    const list = serverList(listKey);
    if (!list) throw paramError(locale, [`listKey: no list ${listKey}`]);
    await requirePage(db, session, list.page, locale);
    return list;
  }

  async function definitions(session: RoleSession, listKey: string, kind: 'searchFields' | 'columns') {
    const rows = await listDefinitions(db, session.studyId, listKey);
    const row = rows.find((r) => r.kind === kind);
    return Array.isArray(row?.definition) ? (row.definition as unknown[]) : null;
  }

  roleEndpoint(app, ctx, selectSearchFields, {
    handler: async ({ params, session, locale }) => {
      const list = await listOf(params.listKey, session, locale);
      const raw = await definitions(session, list.key, 'searchFields');
      if (!raw) return fail(message('listNotConfigured', locale));
      const shown = await shownSearchItems(db, session.userId, session.studyId, list.key);
      return ok(withUserShown(raw, shown, SERVER_FIELD_TYPES));
    },
  });

  roleEndpoint(app, ctx, selectColumns, {
    handler: async ({ params, session, locale }) => {
      const list = await listOf(params.listKey, session, locale);
      const raw = await definitions(session, list.key, 'columns');
      return raw ? ok(raw) : fail(message('listNotConfigured', locale));
    },
  });

  await subjectRoutes(app, ctx, services);
};
