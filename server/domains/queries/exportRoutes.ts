/**
 * queryExport.do (docs/queries.md "Overview export"): the query overview as an xlsx — the rows the search params
 * select, read by the list engine's own pager for the list `queries` (so the same filters, the same site scope, the
 * same sort as queryModelList.do), all pages up to QUERY_EXPORT_MAX_ROWS (more is refused: narrow the search), the
 * study's overview columns headed in the request's locale, code lists and texts in that locale.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../engine/api/localized';
import {
  QUERY_CAPABILITIES,
  QUERY_EXPORT_MAX_ROWS,
  QUERY_LIST_KEY,
  QUERY_MANAGE_PAGE,
  queryExport,
} from '../../../engine/api/queries';
import { columnLeaves, parseColumns } from '../../../engine/metadata/parseColumns';
import type { ColumnLeafDef, MetaText } from '../../../engine/metadata/types';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db/db';
import { fail, ok } from '../../core/http/envelope';
import { paramError, roleEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { SERVER_FIELD_TYPES } from '../lists/engine/metadata';
import { readSearch } from '../lists/engine/readSearch';
import { sortOf } from '../lists/engine/registry';
import { listDefinitions } from '../lists/repository';
import { XLSX_MIME } from '../subjectManagement/batchWorkbook';
import { orQueryRefused, requirePermission } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

function textOf(value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value) && locale in value)
    return String((value as Record<Locale, unknown>)[locale] ?? '');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function codeLabels(
  db: Db,
  studyId: string,
  codelisttype: string,
  locale: Locale,
): Promise<Map<string, string>> {
  const rows = await db.query<{ codevalue: string; zh: string; en: string }>(
    `select codevalue, codedesp_zh as zh, codedesp_en as en from codelist_items
     where study_id = $1 and codelisttype = $2`,
    [studyId, codelisttype],
  );
  return new Map(rows.map((r) => [r.codevalue, locale === 'en' ? r.en : r.zh]));
}

/** A cell's text as the overview shows it: code lists and {zh_CN, en} texts in the locale, age in days. */
async function cellWriter(
  db: Db,
  studyId: string,
  columns: readonly ColumnLeafDef[],
  locale: Locale,
  now: Date,
) {
  const codes = new Map<string, Map<string, string>>();
  for (const c of columns)
    if (c.filter?.name === 'codelist' && c.filter.arg && !codes.has(c.filter.arg))
      codes.set(c.filter.arg, await codeLabels(db, studyId, c.filter.arg, locale));
  return (column: ColumnLeafDef, row: Record<string, unknown>): string | number => {
    if (column.render === 'queryAge') {
      const at = Date.parse(String(row.ctime));
      return Number.isNaN(at) ? '' : Math.max(0, Math.floor((now.getTime() - at) / DAY_MS));
    }
    const value = row[column.prop];
    if (column.filter?.name === 'codelist' && column.filter.arg) {
      const label = codes.get(column.filter.arg)?.get(String(value));
      if (label !== undefined) return label;
    }
    return textOf(value as MetaText | null, locale);
  };
}

export function queryExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  roleEndpoint(app, ctx, queryExport, {
    page: QUERY_MANAGE_PAGE,
    handler: async ({ params, open, session, locale, now }) =>
      orQueryRefused(locale, async () => {
        await requirePermission(db, session, QUERY_CAPABILITIES.view);
        const list = app.lists.get(QUERY_LIST_KEY);
        const meta = await app.lists.metadata.get(session.studyId, QUERY_LIST_KEY);
        if (!list || !meta) return fail(message('listNotConfigured', locale));
        const reading = readSearch(open, meta.fields, SERVER_FIELD_TYPES);
        if (!reading.ok) throw paramError(locale, reading.errors);
        const sort = sortOf(list.declaration, meta, params.orderByField, params.asc, locale);
        const page = await list.pager.page({
          scope: session,
          fields: meta.fields,
          search: reading.search,
          sort,
          page: 1,
          size: QUERY_EXPORT_MAX_ROWS,
        });
        if (page.total > QUERY_EXPORT_MAX_ROWS)
          return fail(
            message('queryExportTooMany', locale, { total: page.total, max: QUERY_EXPORT_MAX_ROWS }),
          );
        const definition = (await listDefinitions(db, session.studyId, QUERY_LIST_KEY)).find(
          (d) => d.kind === 'columns',
        );
        const columns = columnLeaves(parseColumns(definition?.definition ?? [], SERVER_FIELD_TYPES).items);
        const write = await cellWriter(db, session.studyId, columns, locale, now);
        const workbook = new ExcelJS.Workbook();
        workbook.creator = 'EDC web';
        const sheet = workbook.addWorksheet(locale === 'en' ? 'Queries' : '质疑');
        sheet.columns = columns.map((c) => ({
          header: textOf(c.label, locale),
          width: Math.max(10, Math.round((c.width ?? c.minWidth ?? 120) / 7)),
        }));
        sheet.getRow(1).font = { bold: true };
        for (const row of page.list as Record<string, unknown>[])
          sheet.addRow(columns.map((c) => write(c, row)));
        const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
        const day = now.toISOString().slice(0, 10);
        return ok({
          filename: `queries-${day}.xlsx`,
          mimetype: XLSX_MIME,
          base64: bytes.toString('base64'),
          rows: page.list.length,
        });
      }),
  });
}
