/**
 * Roles and sites: the user's roles (sitelist), choosing one (changeSiteRole), recording the switch (roleTran/add)
 * and the chosen role's menu (menuList). Every answer is scoped to the session's user and study.
 */
import type { FastifyInstance } from 'fastify';
import { changeSiteRole, menuList, roleTranAdd, siteList } from '../../../engine/api/session';
import type { AppContext } from '../../core/context';
import { fail, ok } from '../../core/http/envelope';
import { roleEndpoint, sessionEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { findRole, holdsRole, rolesWithSites } from '../../core/auth/access';
import { appendAudit } from '../../core/audit/audit';
import { roleMenus } from '../../core/auth/menus';
import { setSessionRole } from '../../core/auth/sessions';

export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  sessionEndpoint(app, ctx, siteList, {
    handler: async ({ session }) =>
      ok(session.studyId ? await rolesWithSites(db, session.userId, session.studyId) : []),
  });

  sessionEndpoint(app, ctx, changeSiteRole, {
    handler: async ({ params, session, locale, now, request }) => {
      const { roleid, siteid } = params;
      const studyId = session.studyId;
      const held =
        studyId !== null &&
        (await holdsRole(db, { userId: session.userId, roleId: roleid, siteId: siteid, studyId }));
      const role = held ? await findRole(db, roleid) : null;
      if (!role) {
        request.log.info({ event: 'role.refused', userid: session.userId, roleid, siteid }, 'role not held');
        return fail(message('roleNotHeld', locale));
      }
      // the session's role and its audit row in one transaction (computer-generated: the choice is on the audit
      // trail whether or not the client records it, roleTran/add.do)
      await db.transaction(async (tx) => {
        await setSessionRole(tx, session.id, roleid, siteid);
        await appendAudit(tx, {
          at: now,
          userId: session.userId,
          action: 'role.select',
          detail: {
            studyid: studyId,
            roleid,
            siteid,
            fromRoleid: session.roleId,
            fromSiteid: session.siteId,
          },
        });
      });
      const { allowedPaths } = await roleMenus(db, roleid);
      request.log.info({ event: 'role.select', userid: session.userId, roleid, siteid }, 'role chosen');
      return ok({ roleid, rolecode: role.rolecode, siteid, allowedPaths });
    },
  });

  // The audit row records what the server knows (the session's previous and current role), not what the client says.
  sessionEndpoint(app, ctx, roleTranAdd, {
    handler: async ({ params, session, now, locale }) => {
      const current =
        session.studyId !== null &&
        params.toRoleid === session.roleId &&
        params.siteid === session.siteId &&
        (await holdsRole(db, {
          userId: session.userId,
          roleId: params.toRoleid,
          siteId: params.siteid,
          studyId: session.studyId,
        }));
      if (!current) return fail(message('roleTranMismatch', locale));
      await appendAudit(db, {
        at: now,
        userId: session.userId,
        action: 'role.switch',
        detail: {
          studyid: session.studyId,
          fromRoleid: session.prevRoleId,
          fromSiteid: session.prevSiteId,
          toRoleid: session.roleId,
          toSiteid: session.siteId,
          ...(params.fromRoleid !== session.prevRoleId ? { claimedFromRoleid: params.fromRoleid } : {}),
        },
      });
      return ok(null);
    },
  });

  roleEndpoint(app, ctx, menuList, {
    handler: async ({ session }) => {
      const permissions = await db.query<{ permission: string }>(
        'select permission from role_permissions where role_id = $1 order by permission',
        [session.roleId],
      );
      return ok({
        ...(await roleMenus(db, session.roleId)),
        permissions: permissions.map((p) => p.permission),
      });
    },
  });
}
