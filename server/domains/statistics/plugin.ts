/**
 * The statistics domain (`edc-statistics`): the home page's to-dos and site statistics (routes.ts). Decorates
 * `taskCounters`, where every workflow registers the kinds of work it counts (taskCounters.ts); the casebook's own
 * (pages to enter, pages with warnings, for the roles that enter data) are registered here.
 */
import fp from 'fastify-plugin';
import { roleMay } from '../../core/auth/permissions';
import { appContext } from '../../core/context';
import { PATHS_FOR_TASKS } from './links';
import { pagesToEnter, pagesWithWarnings } from './repository';
import { statisticsRoutes } from './routes';
import { createTaskCounters, type TaskCounters } from './taskCounters';

declare module 'fastify' {
  interface FastifyInstance {
    /** The to-do counters of the workflows (edc-statistics). */
    taskCounters: TaskCounters;
  }
}

export const statisticsPlugin = fp(
  async (app) => {
    const counters = createTaskCounters();
    app.decorate('taskCounters', counters);
    counters.register({
      id: 'pagesToEnter',
      count: async (db, session, rolecode) =>
        roleMay(rolecode, 'write')
          ? { count: await pagesToEnter(db, session), link: PATHS_FOR_TASKS.subjects }
          : null,
    });
    counters.register({
      id: 'pagesWithWarnings',
      count: async (db, session, rolecode) =>
        roleMay(rolecode, 'write')
          ? { count: await pagesWithWarnings(db, session), link: PATHS_FOR_TASKS.subjects }
          : null,
    });
    statisticsRoutes(app, appContext(app));
  },
  { name: 'edc-statistics', dependencies: ['edc-core'] },
);
