/**
 * The interchange domain (`edc-interchange`, issue 17; docs/interchange.md): study definition import and publish,
 * and the export jobs (registered with the job runner, edc-jobs). `app.interchange` holds the importers and ODM
 * writers it uses (tools.ts), which tests may stand in for.
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { EXPORT_JOB_KIND, exportHandler } from './exportJobs';
import { interchangeRoutes } from './routes';
import { defaultTools, type InterchangeTools } from './tools';

declare module 'fastify' {
  interface FastifyInstance {
    interchange: InterchangeTools;
  }
}

export const interchangePlugin = fp(
  async (app) => {
    const tools = defaultTools();
    app.decorate('interchange', tools);
    app.jobs.handle(EXPORT_JOB_KIND, exportHandler(tools));
    interchangeRoutes(app, appContext(app), tools);
  },
  { name: 'edc-interchange', dependencies: ['edc-core', 'edc-jobs', 'edc-data'] },
);
