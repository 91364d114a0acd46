/**
 * The SDV domain (`edc-sdv`, issue 14): saveVarStatusList.do, subjectSdvSign.do and the worklist (routes.ts), and
 * what it adds to a record through the data domain's record hooks:
 * - `onSaved('sdv.reset')`: a changed value that was verified loses its SDV, with why, in the save's transaction;
 * - `itemStateRead('sdv')`: each saved item's `sdv` (verified, reset, or required / notRequired by the study's plan),
 *   with who verified and why it was reset;
 * - `capabilities('sdv')`: `sdv` for the roles holding sdv.verify (fixtures/seed/sdv.json);
 * and the to-dos `pagesToVerify` (sdv.verify) and `notesToReview` (note.review) of the home page.
 * docs/notes-and-sdv.md.
 */
import fp from 'fastify-plugin';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { appContext } from '../../core/context';
import { movesSiteColumn } from '../data/subjectMoves';
import { roleHasPermission } from '../notes/repository';
import { sdvFieldsOf, type PlanItemJson } from './itemStates';
import { recordPlanItemsSql } from './repository';
import { sdvRoutes } from './routes';
import { resetOnSave, SDV_PERMISSION } from './service';
import { notesToReview, pagesToVerify } from './taskCounts';

/** The client's SDV worklist page (src/routing/paths.ts PATHS.sdvWorklist). */
export const SDV_WORKLIST_PATH = '/index/sdv';

export const sdvPlugin = fp(
  async (app) => {
    const ctx = appContext(app);
    sdvRoutes(app, ctx);
    app.recordHooks.onSaved('sdv.reset', resetOnSave);
    app.subjectMoves.onMoved('sdv', movesSiteColumn('sdv_items'));
    // read with the other SQL providers in one statement; a record the asking save has just inserted is read too:
    // its items' state follows from the study's plan (required or not), which is read
    app.recordHooks.itemStateRead('sdv', {
      select: (on) => recordPlanItemsSql(on.record),
      fields: (value) =>
        Object.fromEntries(((value ?? []) as PlanItemJson[]).map((r) => [r.variable, { ...sdvFieldsOf(r) }])),
    });
    app.recordHooks.capabilities('sdv', (_db, q) =>
      Promise.resolve(q.permissions.has(SDV_PERMISSION) ? ['sdv' as const] : []),
    );
    app.taskCounters.register({
      id: 'pagesToVerify',
      count: async (db, session) =>
        (await roleHasPermission(db, session.roleId, SDV_PERMISSION))
          ? { count: await pagesToVerify(db, session), link: SDV_WORKLIST_PATH }
          : null,
    });
    app.taskCounters.register({
      id: 'notesToReview',
      count: async (db, session) =>
        (await roleHasPermission(db, session.roleId, 'note.review'))
          ? { count: await notesToReview(db, session), link: SUBJECTS_PAGE }
          : null,
    });
  },
  { name: 'edc-sdv', dependencies: ['edc-core', 'edc-data', 'edc-statistics'] },
);
