/**
 * Edit checks that write nothing (editcheck/check.do for a new record, checkupdate.do for changes to a saved one):
 * the form is validated on the server by the same engine, and the same preparation, as savedata.do and
 * updatedata.do would apply — so that a soft check the user confirmed is confirmed on the server too.
 */
import type { FastifyInstance } from 'fastify';
import { editCheck, editCheckUpdate } from '../../../engine/api/editChecks';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { changedVariables, prepareForSave, validateForm } from '../../../engine/form/index';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { formContextOf } from '../data/formSchemas';
import { orNotFound } from '../data/notFound';
import { NotFound, scopedForm } from '../data/scope';
import { compiledForm, scopedRecord } from '../data/service';

export function editCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const schemas = app.formSchemas;

  roleEndpoint(app, ctx, editCheck, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        await scopedForm(db, session, params);
        const form = await compiledForm(schemas, session.studyId, params.tid, params.version);
        const formCtx = formContextOf(session, now);
        const values = prepareForSave(form, params.values, formCtx);
        return ok({ problems: validateForm(form, values, formCtx) });
      });
    },
  });

  roleEndpoint(app, ctx, editCheckUpdate, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        const record = await scopedRecord(ctx, session, params.recordid);
        // the changes of a record are against its own version (as updatedata.do takes them)
        if (record.schemaVersion !== params.version) throw new NotFound('formVersionOutdated');
        const form = await compiledForm(schemas, session.studyId, record.tid, params.version);
        const formCtx = formContextOf(session, now);
        const values = prepareForSave(form, params.values, formCtx);
        return ok({
          problems: validateForm(form, values, formCtx),
          changed: changedVariables(form, record.values, values),
        });
      });
    },
  });
}
