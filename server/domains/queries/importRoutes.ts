/**
 * The query import endpoints (engine/api/queryImport.ts; docs/query-import.md), served on the page /index/queryImport
 * (403 for a role without it, before anything else); the service checks query.create, the chosen site and whose
 * batch it is. The route has read and checked the upload (size, count, xlsx by content) before the handler runs.
 */
import type { FastifyInstance } from 'fastify';
import {
  QUERY_IMPORT_PAGE,
  queryImportAssess,
  queryImportList,
  queryImportReport,
  queryImportRows,
  queryImportSend,
  queryImportTemplate,
} from '../../../engine/api/queryImport';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/http/envelope';
import { roleEndpoint } from '../../core/http/route';
import {
  assessImport,
  importList,
  importReport,
  importRows,
  importTemplate,
  sendImport,
} from './importService';
import { orQueryRefused } from './service';

export function queryImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const page = QUERY_IMPORT_PAGE;

  roleEndpoint(app, ctx, queryImportTemplate, {
    page,
    handler: async ({ session, locale }) =>
      orQueryRefused(locale, async () => ok(await importTemplate(db, session, locale))),
  });

  roleEndpoint(app, ctx, queryImportAssess, {
    page,
    handler: async ({ session, locale, now, file }) =>
      orQueryRefused(locale, async () => {
        // the route has read and checked the file (an upload endpoint never reaches here without one)
        if (!file) throw new Error('queryImport/assess.do without a file');
        return ok(await assessImport(db, session, file, locale, now));
      }),
  });

  roleEndpoint(app, ctx, queryImportReport, {
    page,
    handler: async ({ params, session, locale }) =>
      orQueryRefused(locale, async () => ok(await importReport(db, session, params.batchid, locale))),
  });

  roleEndpoint(app, ctx, queryImportSend, {
    page,
    handler: async ({ params, session, locale, now, request }) =>
      orQueryRefused(locale, async () =>
        ok(
          await sendImport(db, session, params.batchid, locale, now, (err, errorId) =>
            request.log.error({ err, errorId }, 'query import: a row could not be sent'),
          ),
        ),
      ),
  });

  roleEndpoint(app, ctx, queryImportList, {
    page,
    handler: async ({ params, session, locale }) =>
      orQueryRefused(locale, async () => ok(await importList(db, session, params.page, params.size))),
  });

  roleEndpoint(app, ctx, queryImportRows, {
    page,
    handler: async ({ params, session, locale }) =>
      orQueryRefused(locale, async () => ok(await importRows(db, session, params.batchid, locale))),
  });
}
