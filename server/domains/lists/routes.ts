/**
 * What every list screen shares: code lists (SITE: the site chosen at /checkRole), the search-field definitions (with
 * `show` as the user chose, unCHSearch.do) and column sets of a declared list, by `listKey`. Each list's own rows
 * route comes from its declaration (engine/registry.ts). Answers are limited to the pages the session's role may open.
 */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../engine/api/localized';
import { codeList, searchFieldShown, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { findSite } from '../../core/auth/access';
import { requirePage, type RoleSession } from '../../core/auth/guard';
import type { AppContext } from '../../core/context';
import { fail, ok } from '../../core/http/envelope';
import { paramError, roleEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { codeListItems } from './codeLists';
import { SERVER_FIELD_TYPES } from './engine/metadata';
import { SITE_CODE_LIST, type ListRegistry } from './engine/registry';
import { withUserShown } from './engine/userShown';
import { listDefinitions, saveShownSearchItems, shownSearchItems } from './repository';

export function listRoutes(app: FastifyInstance, ctx: AppContext, lists: ListRegistry): void {
  const { db } = ctx;

  // The code lists serve the subject list's search bar and grid: roles without the subject page get 403.
  roleEndpoint(app, ctx, codeList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      if (params.codelisttype === SITE_CODE_LIST) {
        // the scope is the site chosen at /checkRole (requireRole checked the user still holds the role there)
        const site = await findSite(db, session.siteId);
        return ok(site ? [{ codevalue: site.siteid, codedesp: `${site.sitecode} ${site.sitename}` }] : []);
      }
      const items = await codeListItems(db, session.studyId, params.codelisttype);
      return items ? ok(items) : fail(message('unknownCodeList', locale));
    },
  });

  // Only custom items can be chosen; the others are shown as the definitions say.
  roleEndpoint(app, ctx, searchFieldShown, {
    handler: async ({ params, session, locale, now }) => {
      const list = await listOf(params.listKey, session, locale);
      const meta = await lists.metadata.get(session.studyId, list.key);
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
    const list = lists.get(listKey)?.declaration;
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
}
