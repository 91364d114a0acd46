/**
 * The subject management domain (`edc-subject-management`, issue 12; docs/casebook-batch.md): batch upload of
 * subjects from xlsx, abandoning a subject, moving a subject to another site. It builds on the subjects domain's
 * rules (numbers, versions, permissions, audit trail).
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { subjectManagementRoutes } from './routes';

export const subjectManagementPlugin = fp(
  async (app) => {
    subjectManagementRoutes(app, appContext(app));
  },
  { name: 'edc-subject-management', dependencies: ['edc-core', 'edc-subjects', 'edc-data'] },
);
