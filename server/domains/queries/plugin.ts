/**
 * The queries domain (`edc-queries`, issue 13; docs/queries.md): the query endpoints (routes.ts), the overview
 * declared to the list engine (list.ts), and what queries add to the data domain's records (recordHooks.ts): the
 * system queries raised and closed by saves, the items' query states and the roles' query capabilities.
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { queryListDeclaration } from './list';
import { movesSiteColumn } from '../data/subjectMoves';
import { queryCapabilities, queryItemStates, systemQueryHook } from './recordHooks';
import { queryRoutes } from './routes';
import { queryImportRoutes } from './importRoutes';
import { queryExportRoutes } from './exportRoutes';
import { QUERY_CAPABILITIES, QUERY_MANAGE_PAGE } from '../../../engine/api/queries';
import { siteCounts } from './repository';
import { queryPermissions } from './service';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';

/** A to-do kind: the queries in `status` at the chosen site, for a role holding `permission`; null when none. */
async function todo(db: Db, session: RoleSession, permission: string, status: 'created' | 'answered') {
  if (!(await queryPermissions(db, session.roleId)).has(permission)) return null;
  const count = (await siteCounts(db, session.studyId, session.siteId))[status];
  return count > 0 ? { count, link: QUERY_MANAGE_PAGE } : null;
}

export const queriesPlugin = fp(
  async (app) => {
    app.recordHooks.onSaved('queries.system', systemQueryHook);
    app.recordHooks.itemStateRead('queries', queryItemStates);
    app.recordHooks.capabilities('queries', queryCapabilities);
    app.subjectMoves.onMoved('queries', movesSiteColumn('queries'));
    app.lists.register(queryListDeclaration);
    // the home page's to-dos: queries to answer (roles that reply), answers to review (roles that close); a kind
    // with nothing in it is left out (a monitor before any answer has "nothing to do")
    app.taskCounters.register({
      id: 'queriesToAnswer',
      count: async (db, session) => todo(db, session, QUERY_CAPABILITIES.reply, 'created'),
    });
    app.taskCounters.register({
      id: 'answersToReview',
      count: async (db, session) => todo(db, session, QUERY_CAPABILITIES.close, 'answered'),
    });
    queryRoutes(app, appContext(app));
    queryImportRoutes(app, appContext(app));
    queryExportRoutes(app, appContext(app));
  },
  { name: 'edc-queries', dependencies: ['edc-core', 'edc-data', 'edc-lists', 'edc-statistics'] },
);
