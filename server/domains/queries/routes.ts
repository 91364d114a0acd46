/**
 * The query endpoints (engine/api/queries.ts). Reads need `query.view`; every action its own permission (service.ts)
 * and runs in one transaction with its history rows: a refusal rolls it back, so a refused request changes nothing.
 * The overview's rows (queryModelList.do) are served by the list engine (list.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  QUERY_CAPABILITIES,
  closeAndSaveQuery,
  closeQuery,
  findDefaultQueryPd,
  forwardQueries,
  queryDictList,
  queryHistoryRoleList,
  queryListHistory,
  replyQuery,
  saveQuery,
  saveQueryDetail,
  selectNoCHQueryStatus,
  type PdType,
  type ReplyAction,
} from '../../../engine/api/queries';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { paramError, roleEndpoint } from '../../core/http/route';
import { findRecordById } from '../data/recordsRepository';
import { subjectInScope } from '../data/scope';
import {
  dictRows,
  historyRoles,
  recordQueries,
  rolesWith,
  siteCounts,
  subjectFormCounts,
  toEntry,
  withHistory,
} from './repository';
import {
  QueryRefused,
  closeAndRequery,
  closeQueries,
  createQuery,
  defaultPd,
  forwardQueries as forwardAll,
  orQueryRefused,
  queryPermissions,
  replyToQuery,
  requirePermission,
  saveDetail,
  scopedQuery,
  threads,
} from './service';

export function queryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  roleEndpoint(app, ctx, queryDictList, {
    handler: async ({ session, locale }) =>
      orQueryRefused(locale, async () => {
        await requirePermission(db, session, QUERY_CAPABILITIES.view);
        const rows = await dictRows(db, session.studyId);
        const pdTypes: PdType[] = rows
          .filter((r) => r.dict === 'pd')
          .map((r) => ({
            ...toEntry(r),
            subtypes: rows.filter((s) => s.dict === 'pdsub' && s.parent === r.code).map(toEntry),
          }));
        return ok({
          closeReasons: rows.filter((r) => r.dict === 'close').map(toEntry),
          addReasons: rows.filter((r) => r.dict === 'add').map(toEntry),
          pdTypes,
        });
      }),
  });

  roleEndpoint(app, ctx, queryListHistory, {
    handler: async ({ params, session, locale }) =>
      orQueryRefused(locale, async () => {
        await requirePermission(db, session, QUERY_CAPABILITIES.view);
        if (params.queryid !== undefined) {
          const query = await scopedQuery(db, session, params.queryid);
          return ok(await threads(db, [query.queryid]));
        }
        if (params.recordid === undefined)
          throw paramError(locale, ['recordid or queryid is required'], ['recordid']);
        const record = await findRecordById(db, session.studyId, params.recordid);
        if (!record || !(await subjectInScope(db, session, record.subjectId)))
          throw new QueryRefused('recordNotFound');
        const rows = await recordQueries(db, record.id, {
          ...(params.variable !== undefined ? { variable: params.variable } : {}),
          pageOnly: params.page === true,
        });
        return ok(await withHistory(db, rows));
      }),
  });

  roleEndpoint(app, ctx, saveQuery, {
    handler: async ({ params, session, locale, now }) =>
      orQueryRefused(locale, async () =>
        ok(
          await db.transaction(async (tx) => {
            const id = await createQuery(
              tx,
              session,
              {
                recordid: params.recordid,
                kind: params.kind as 'item' | 'page' | 'table',
                variable: params.variable ?? null,
                issuetype: params.issuetype ?? null,
                note: params.note,
              },
              now,
            );
            return (await threads(tx, [id]))[0]!;
          }),
        ),
      ),
  });

  roleEndpoint(app, ctx, replyQuery, {
    handler: async ({ params, session, locale, now }) =>
      orQueryRefused(locale, async () =>
        ok(
          await db.transaction(async (tx) => {
            await replyToQuery(
              tx,
              session,
              {
                queryid: params.queryid,
                action: (params.action ?? 'reply') as ReplyAction,
                note: params.note,
                torole: params.torole ?? null,
                updatedat: params.updatedat,
              },
              now,
            );
            return (await threads(tx, [params.queryid]))[0]!;
          }),
        ),
      ),
  });

  roleEndpoint(app, ctx, closeQuery, {
    handler: async ({ params, session, locale, now }) =>
      orQueryRefused(locale, async () =>
        ok(
          await db.transaction(async (tx) => {
            await closeQueries(
              tx,
              session,
              {
                queryids: params.queryids,
                reason: params.reason ?? '',
                note: params.note ?? null,
                ...(params.updatedat === undefined ? {} : { updatedat: params.updatedat }),
              },
              now,
            );
            return threads(tx, [...new Set(params.queryids)]);
          }),
        ),
      ),
  });

  roleEndpoint(app, ctx, forwardQueries, {
    handler: async ({ params, session, locale, now }) =>
      orQueryRefused(locale, async () =>
        ok(
          await db.transaction(async (tx) => {
            await forwardAll(
              tx,
              session,
              { queryids: params.queryids, torole: params.torole ?? null, note: params.note },
              now,
            );
            return threads(tx, [...new Set(params.queryids)]);
          }),
        ),
      ),
  });

  roleEndpoint(app, ctx, closeAndSaveQuery, {
    handler: async ({ params, session, locale, now }) =>
      orQueryRefused(locale, async () =>
        ok(
          await db.transaction(async (tx) => {
            const ids = await closeAndRequery(
              tx,
              session,
              {
                queryid: params.queryid,
                reason: params.reason ?? '',
                issuetype: params.issuetype ?? null,
                note: params.note,
                updatedat: params.updatedat,
              },
              now,
            );
            return threads(tx, ids);
          }),
        ),
      ),
  });

  roleEndpoint(app, ctx, selectNoCHQueryStatus, {
    handler: async ({ params, session, locale }) =>
      orQueryRefused(locale, async () => {
        await requirePermission(db, session, QUERY_CAPABILITIES.view);
        let forms: Awaited<ReturnType<typeof subjectFormCounts>> = [];
        if (params.subjectid !== undefined) {
          if (!(await subjectInScope(db, session, params.subjectid)))
            throw new QueryRefused('subjectNotFound');
          forms = await subjectFormCounts(db, session.studyId, params.subjectid);
        }
        const granted = await queryPermissions(db, session.roleId);
        const counts = await siteCounts(db, session.studyId, session.siteId);
        return ok({
          forms,
          toAnswer: granted.has(QUERY_CAPABILITIES.reply) ? counts.created : 0,
          toReview: granted.has(QUERY_CAPABILITIES.close) ? counts.answered : 0,
        });
      }),
  });

  roleEndpoint(app, ctx, queryHistoryRoleList, {
    handler: async ({ params, session, locale }) =>
      orQueryRefused(locale, async () => {
        await requirePermission(db, session, QUERY_CAPABILITIES.view);
        const query = await scopedQuery(db, session, params.queryid);
        const acting = await rolesWith(db, [
          QUERY_CAPABILITIES.reply,
          QUERY_CAPABILITIES.close,
          QUERY_CAPABILITIES.forward,
        ]);
        return ok({
          forwardTo: acting
            .filter((r) => r.id !== session.roleId)
            .map((r) => ({ rolecode: r.rolecode, name: r.name })),
          inHistory: (await historyRoles(db, query.queryid)).map((r) => ({
            rolecode: r.rolecode,
            name: r.name,
          })),
        });
      }),
  });

  roleEndpoint(app, ctx, saveQueryDetail, {
    handler: async ({ params, session, locale, now }) =>
      orQueryRefused(locale, async () =>
        ok(
          await db.transaction(async (tx) => {
            await saveDetail(
              tx,
              session,
              { queryid: params.queryid, pdtype: params.pdtype ?? null, pdsubtype: params.pdsubtype ?? null },
              now,
            );
            return (await threads(tx, [params.queryid]))[0]!;
          }),
        ),
      ),
  });

  roleEndpoint(app, ctx, findDefaultQueryPd, {
    handler: async ({ params, session, locale }) =>
      orQueryRefused(locale, async () => ok(await defaultPd(db, session, params.queryid))),
  });
}
