/**
 * applyFreeze.do, approveFreeze.do, withdrawFreeze.do and freezeStatus.do (the list, freezeList.do, is the list engine's). Every call
 * serves the subject page and needs the data-read permission; applying needs freeze.apply, deciding freeze.approve,
 * withdrawing freeze.apply (403 before anything is read); targets and requests are reached at the session's chosen site only.
 */
import type { FastifyInstance } from 'fastify';
import {
  applyFreeze,
  approveFreeze,
  FREEZE_PERMISSIONS,
  freezeStatus,
  withdrawFreeze,
} from '../../../engine/api/freeze';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { findRecord } from '../data/recordsRepository';
import { scopedForm } from '../data/scope';
import { orRefused } from '../notes/refused';
import { approvalRoles, pageFreezes, pagePendingRequests } from './repository';
import {
  applyForFreeze,
  decideFreezeRequests,
  requireFreezePermission,
  withdrawFreezeRequests,
} from './service';

export function freezeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, applyFreeze, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        await requireFreezePermission(db, session, 'apply');
        return ok(await applyForFreeze(ctx, session, params, now));
      });
    },
  });

  roleEndpoint(app, ctx, approveFreeze, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      const rolecode = await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        await requireFreezePermission(db, session, 'approve');
        return ok(await decideFreezeRequests(ctx, session, rolecode, params, now));
      });
    },
  });

  roleEndpoint(app, ctx, withdrawFreeze, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        await requireFreezePermission(db, session, 'apply');
        return ok(await withdrawFreezeRequests(ctx, session, params, now));
      });
    },
  });

  roleEndpoint(app, ctx, freezeStatus, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orRefused(locale, async () => {
        const { subject } = await scopedForm(db, session, params);
        const page = {
          visitnum: params.visitnum,
          cycnum: params.cycnum,
          svnum: params.svnum,
          tid: params.tid,
        };
        const record = await findRecord(db, { ...page, subjectId: subject.id }, params.lineno ?? 1);
        const recordId = record?.id ?? null;
        const frozen = await pageFreezes(db, subject.id, page, recordId);
        const pending = await pagePendingRequests(db, subject.id, page, recordId, session.userId);
        const roles = await approvalRoles(db, FREEZE_PERMISSIONS.approve);
        return ok({
          frozen: frozen.map((f) => ({
            level: f.level,
            variable: f.variable,
            reason: f.reason,
            requestedBy: f.requestedBy,
            approvedBy: f.approvedBy,
            at: f.at,
          })),
          pending,
          approvalRoles: roles.map((r) => ({ rolecode: r.rolecode, name: { zh_CN: r.zh, en: r.en } })),
        });
      });
    },
  });
}
