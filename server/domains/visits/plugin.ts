/**
 * The visits domain (`edc-visits`): a subject's visits (visitlist.do) and a visit's forms (tablelist.do) with their
 * entry status and marks, read from the data domain's forms and records within the session's site; the casebook's
 * visits, optional forms and marks (casebookVisitsRoutes.ts, docs/casebook-visits.md); the invalid-record table
 * (invalidList.ts, a list of the list engine); the batch operations (run as jobs: batchJobs.ts) and event types
 * (batchRoutes.ts).
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { BATCH_JOB_KIND, batchJobHandler } from './batchJobs';
import { batchRoutes } from './batchRoutes';
import { casebookVisitsRoutes } from './casebookVisitsRoutes';
import { invalidListDeclaration } from './invalidList';
import { visitRoutes } from './routes';

export const visitsPlugin = fp(
  async (app) => {
    const ctx = appContext(app);
    visitRoutes(app, ctx);
    casebookVisitsRoutes(app, ctx);
    batchRoutes(app, ctx);
    app.jobs.handle(
      BATCH_JOB_KIND,
      batchJobHandler(() => app.recordHooks),
    );
    app.lists.register(invalidListDeclaration);
  },
  { name: 'edc-visits', dependencies: ['edc-core', 'edc-jobs', 'edc-data', 'edc-lists'] },
);
