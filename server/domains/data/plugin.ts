/**
 * The data domain (`edc-data`): one form's page, record and saves (routes.ts), the audit trail, reasons for change
 * and input assistance (auditRoutes.ts). Every endpoint serves the subject page (403 for roles without it), checks
 * the role's data permission (core/auth/permissions.ts: 403) and answers "not found" for a subject outside the
 * session's site. Decorates `formSchemas` — the compiled form versions, cached per app — for the domains that
 * validate forms too (edit checks), and `recordHooks` — where the review workflows (queries, SDV, notes …) register
 * what they add to a save, an item's state and a record's capabilities (recordHooks.ts), and `subjectMoves` —
 * what follows a subject transferred to another site (subjectMoves.ts).
 */
import fp from 'fastify-plugin';
import { appContext } from '../../core/context';
import { auditRoutes } from './auditRoutes';
import { createFormSchemaService, type FormSchemaService } from './formSchemas';
import { createRecordHooks, type RecordHooks } from './recordHooks';
import { createSubjectMoves, type SubjectMoves } from './subjectMoves';
import { formDataRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Form schemas by study, form and version, compiled once (edc-data). */
    formSchemas: FormSchemaService;
    /** What the review workflows add to a record's saves, item states and capabilities (recordHooks.ts). */
    recordHooks: RecordHooks;
    /** What follows a subject transferred to another site (subjectMoves.ts). */
    subjectMoves: SubjectMoves;
  }
}

export const dataPlugin = fp(
  async (app) => {
    const ctx = appContext(app);
    app.decorate('formSchemas', createFormSchemaService(ctx.db));
    app.decorate('recordHooks', createRecordHooks());
    app.decorate('subjectMoves', createSubjectMoves());
    formDataRoutes(app, ctx);
    auditRoutes(app, ctx);
  },
  { name: 'edc-data', dependencies: ['edc-core'] },
);
