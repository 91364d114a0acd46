/**
 * The lists domain (`edc-lists`): the list engine — decorated as `app.lists`, where the domains declare their lists
 * (`app.lists.register(declaration)`, with `edc-lists` among their plugin's dependencies) — and the endpoints every
 * list screen shares: code lists, search-field definitions, column sets and the user's shown search items.
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { createListRegistry, type ListRegistry } from './engine/registry';
import { listRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The list engine: declared lists by key (edc-lists). */
    lists: ListRegistry;
  }
}

export const listsPlugin = fp(
  async (app) => {
    const ctx = appContext(app);
    const lists = createListRegistry(app, ctx);
    app.decorate('lists', lists);
    listRoutes(app, ctx, lists);
  },
  { name: 'edc-lists', dependencies: ['edc-core'] },
);
