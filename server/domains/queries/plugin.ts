/**
 * The queries domain (`edc-queries`, issue 13; docs/queries.md): the query endpoints (routes.ts), the overview
 * declared to the list engine (list.ts), and what queries add to the data domain's records (recordHooks.ts): the
 * system queries raised and closed by saves, the items' query states and the roles' query capabilities.
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { queryListDeclaration } from './list';
import { queryCapabilities, queryItemStates, systemQueryHook } from './recordHooks';
import { queryRoutes } from './routes';

export const queriesPlugin = fp(
  async (app) => {
    app.recordHooks.onSaved('queries.system', systemQueryHook);
    app.recordHooks.itemState('queries', queryItemStates);
    app.recordHooks.capabilities('queries', queryCapabilities);
    app.lists.register(queryListDeclaration);
    queryRoutes(app, appContext(app));
  },
  { name: 'edc-queries', dependencies: ['edc-core', 'edc-data', 'edc-lists'] },
);
