/**
 * The edit-check domain (`edc-editChecks`): editcheck/check.do and checkupdate.do, validating with the data
 * domain's compiled forms (`app.formSchemas`).
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { editCheckRoutes } from './routes';

export const editChecksPlugin = fp(
  async (app) => {
    editCheckRoutes(app, appContext(app));
  },
  { name: 'edc-editChecks', dependencies: ['edc-core', 'edc-data'] },
);
