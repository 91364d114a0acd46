/**
 * The subjects domain (`edc-subjects`): the subject list, declared to the list engine (list.ts: its search
 * fields, sort keys and rows route come from there), and one subject (subjectinfo.do) — both limited to the site
 * chosen at /checkRole; the casebook (casebookRoutes.ts: adding a subject, its base info, changes, workflow and
 * audit trail). Search params outside the scope (a siteid of another site) select nothing; they never widen it.
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { subjectListDeclaration } from './list';
import { casebookRoutes } from './casebookRoutes';
import { subjectRoutes } from './routes';

export const subjectsPlugin = fp(
  async (app) => {
    app.lists.register(subjectListDeclaration);
    subjectRoutes(app, appContext(app));
    casebookRoutes(app, appContext(app));
  },
  { name: 'edc-subjects', dependencies: ['edc-core', 'edc-lists'] },
);
