/**
 * The visits domain (`edc-visits`): a subject's visits (visitlist.do) and a visit's forms (tablelist.do) with their
 * entry status, read from the data domain's forms and records within the session's site.
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { visitRoutes } from './routes';

export const visitsPlugin = fp(
  async (app) => {
    visitRoutes(app, appContext(app));
  },
  { name: 'edc-visits', dependencies: ['edc-core', 'edc-data'] },
);
