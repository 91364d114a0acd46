/**
 * A record's audit trail (audittrail.do, oldest first), the study's reasons for change (editreasons.do) and input
 * assistance for text items (dataInputasst.do: distinct earlier values of the variable at the role's sites).
 */
import type { FastifyInstance } from 'fastify';
import { auditTrail, dataInputAsst, editReasons, type AuditTrailRow } from '../../../engine/api/data';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { requireDataAccess } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import { recordAuditRows } from './auditRepository';
import { editReasonRows } from './formsRepository';
import { earlierValues } from './recordsRepository';
import { scopeSiteIds } from '../../core/auth/guard';
import { orNotFound } from './notFound';
import { scopedRecord } from './service';

/** Most suggestions dataInputasst.do answers. */
export const INPUT_SUGGESTION_LIMIT = 20;

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, auditTrail, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        const record = await scopedRecord(ctx, session, params.recordid);
        const loaded = await app.formSchemas.load(session.studyId, record.tid, record.schemaVersion);
        const items = loaded?.ok ? loaded.form.items : null;
        const rows = await recordAuditRows(db, record.id);
        const changes = rows.map((r): AuditTrailRow => ({
          id: r.id,
          action: r.action,
          varname: r.variable,
          label: items?.get(r.variable)?.label ?? null,
          originalvalue: r.oldvalue,
          currentvalue: r.newvalue,
          note: r.reasonText,
          username: r.username,
          realname: r.realname,
          role: { zh_CN: r.rolenameZh, en: r.rolenameEn },
          at: new Date(r.at).toISOString(),
        }));
        // the workflows' events (signatures …) beside the changes, in time order; a change first on a tie
        const events = await app.recordHooks.recordEvents(db, {
          studyId: session.studyId,
          recordId: record.id,
          locale,
        });
        return ok(
          [...changes, ...events]
            .map((row, i) => ({ row, i }))
            .sort((a, b) => a.row.at.localeCompare(b.row.at) || a.i - b.i)
            .map((x) => x.row),
        );
      });
    },
  });

  roleEndpoint(app, ctx, editReasons, {
    page: SUBJECTS_PAGE,
    handler: async ({ session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      const rows = await editReasonRows(db, session.studyId);
      return ok(rows.map((r) => ({ code: r.code, text: { zh_CN: r.text_zh, en: r.text_en } })));
    },
  });

  roleEndpoint(app, ctx, dataInputAsst, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      await requireDataAccess(db, session, 'read', locale);
      const rows = await earlierValues(db, {
        studyId: session.studyId,
        siteIds: scopeSiteIds(session),
        tid: params.tid,
        variable: params.variable,
        prefix: params.q.trim(),
        limit: INPUT_SUGGESTION_LIMIT,
      });
      return ok(rows.map((r) => ({ value: r.value, label: r.value })));
    },
  });
}
