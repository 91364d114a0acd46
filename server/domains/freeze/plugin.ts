/**
 * The freeze domain (`edc-freeze`, issue 14; docs/freeze.md): applyFreeze.do, approveFreeze.do, freezeStatus.do
 * (routes.ts), the freeze requests list for the list engine (list.ts), and what a freeze adds to a record through the
 * data domain's record hooks (recordHooks.ts):
 * - `beforeSaveRead('freeze')`: a save of frozen data is refused in its transaction before anything is written (the
 *   guard's read travels with the save's read of the page); a frozen page or subject is read only (enter and change
 *   withheld, capability `frozen`);
 * - `itemStateRead('freeze')`: each frozen item's `frozen` (level, reason, approver, when);
 * - `capabilities('freeze')`: `freeze.apply` for the roles holding that permission (fixtures/seed/freeze.json);
 * and the approver's to-do `freezeRequestsToApprove`.
 */
import fp from 'fastify-plugin';
import { FREEZE_CAPABILITIES, FREEZE_PERMISSIONS, FREEZE_REQUESTS_PAGE } from '../../../engine/api/freeze';
import { appContext } from '../../core/context';
import { movesSiteColumn } from '../data/subjectMoves';
import { roleHasPermission } from '../notes/repository';
import { freezeListDeclaration } from './list';
import { freezeGuard, frozenItemStates } from './recordHooks';
import { requestsToApprove } from './repository';
import { freezeRoutes } from './routes';

export const freezePlugin = fp(
  async (app) => {
    app.recordHooks.beforeSaveRead('freeze', freezeGuard);
    // a transferred subject's freezes, and its requests still waiting for a decision, go with it
    app.subjectMoves.onMoved('freeze', movesSiteColumn('freezes'));
    app.subjectMoves.onMoved('freeze.pending', async (tx, move) => {
      await tx.query(
        `update freeze_requests set site_id = $3 where study_id = $1 and subject_id = $2 and status = 'pending'`,
        [move.studyId, move.subjectId, move.toSiteId],
      );
    });
    app.recordHooks.itemStateRead('freeze', frozenItemStates);
    app.recordHooks.capabilities('freeze', (_db, q) =>
      Promise.resolve(q.permissions.has(FREEZE_PERMISSIONS.apply) ? [FREEZE_CAPABILITIES.apply] : []),
    );
    app.lists.register(freezeListDeclaration);
    app.taskCounters.register({
      id: 'freezeRequestsToApprove',
      count: async (db, session, rolecode) =>
        (await roleHasPermission(db, session.roleId, FREEZE_PERMISSIONS.approve))
          ? {
              count: await requestsToApprove(db, session.studyId, session.siteId, rolecode, session.userId),
              link: FREEZE_REQUESTS_PAGE,
            }
          : null,
    });
    freezeRoutes(app, appContext(app));
  },
  { name: 'edc-freeze', dependencies: ['edc-core', 'edc-data', 'edc-lists', 'edc-statistics'] },
);
