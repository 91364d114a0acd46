/**
 * List screens: code lists, the user's choice of search items, and (routes/subjects.ts) the subject list. Every
 * answer is scoped server-side to the session's role: the sites where the user holds it, and the pages it may open.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SUBJECTS_PAGE, codeList, searchFieldShown } from '../../engine/api/listContract';
import { requirePage } from '../auth/guard';
import type { AppContext } from '../context';
import { fail, ok } from '../http/envelope';
import { paramError, roleEndpoint } from '../http/route';
import { createListMetadataStore, type ListMetadataStore } from '../lists/listMetadata';
import { SITE_CODE_LIST, serverList } from '../lists/registry';
import { message } from '../messages';
import { roleSites } from '../repo/access';
import { codeListItems } from '../repo/codeLists';
import { saveShownSearchItems } from '../repo/listDefinitions';
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
        const sites = await roleSites(db, session);
        return ok(sites.map((s) => ({ codevalue: s.siteid, codedesp: `${s.sitecode} ${s.sitename}` })));
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

  await subjectRoutes(app, ctx, services);
};
