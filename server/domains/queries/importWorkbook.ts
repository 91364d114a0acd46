/**
 * The query import file as a workbook (exceljs, server side only; docs/query-import.md): the template (columns headed
 * `label (key)` in the user's language, an instructions sheet with a sample row), reading an uploaded file's first
 * sheet by its header (key or either language's label), and the report of bad rows. The zip is measured before
 * exceljs unpacks anything (core/xlsx/zipGuard).
 */
import ExcelJS from 'exceljs';
import type { Locale } from '../../../engine/api/localized';
import {
  QUERY_IMPORT_COLUMNS,
  type QueryImportColumn,
  type QueryImportRow,
} from '../../../engine/api/queryImport';
import { readSheetByHeader, type SheetByHeader } from '../../core/xlsx/readSheet';

export const IMPORT_COLUMN_LABELS: Record<QueryImportColumn, Record<Locale, string>> = {
  subjid: { zh_CN: '受试者编号', en: 'Subject number' },
  visitnum: { zh_CN: '访视', en: 'Visit' },
  cycnum: { zh_CN: '访视周期', en: 'Visit cycle' },
  tid: { zh_CN: '表单', en: 'Form' },
  lineno: { zh_CN: '行号', en: 'Line' },
  variable: { zh_CN: '变量', en: 'Item' },
  issuetype: { zh_CN: '质疑类型', en: 'Issue type' },
  note: { zh_CN: '质疑内容', en: 'Query text' },
};

const COLUMN_HELP: Record<QueryImportColumn, Record<Locale, string>> = {
  subjid: { zh_CN: '必填；当前中心的受试者编号', en: 'Required; a subject number of the chosen site' },
  visitnum: { zh_CN: '必填；访视编号（如 V1）', en: 'Required; the visit code (e.g. V1)' },
  cycnum: { zh_CN: '可选；访视周期（空白：1）', en: 'Optional; the visit cycle (blank: 1)' },
  tid: { zh_CN: '必填；表单编号（如 VS）', en: 'Required; the form code (e.g. VS)' },
  lineno: {
    zh_CN: '可选；日志行表单的行号（空白：1）',
    en: 'Optional; the row of a log-line form (blank: 1)',
  },
  variable: {
    zh_CN: '可选；变量名（空白：页面质疑）',
    en: 'Optional; the item (blank: a page query)',
  },
  issuetype: { zh_CN: '可选；质疑类型编号：{codes}', en: 'Optional; an issue type code: {codes}' },
  note: {
    zh_CN: '必填；质疑内容，最多 2000 个字符',
    en: 'Required; the query text, at most 2000 characters',
  },
};

const SHEETS = {
  queries: { zh_CN: '质疑', en: 'Queries' },
  instructions: { zh_CN: '说明', en: 'Instructions' },
  report: { zh_CN: '评估结果', en: 'Assessment' },
} as const;

const INSTRUCTION_HEADERS: Record<Locale, string[]> = {
  zh_CN: ['列', '说明', '示例'],
  en: ['Column', 'What to enter', 'Sample'],
};

const REPORT_HEADERS: Record<Locale, string[]> = {
  zh_CN: ['行号', '列', '值', '问题'],
  en: ['Row', 'Column', 'Value', 'Problem'],
};

export function importColumnHeader(column: QueryImportColumn, locale: Locale): string {
  return `${IMPORT_COLUMN_LABELS[column][locale]} (${column})`;
}

const normalise = (text: string) => text.toLowerCase().replace(/[\s（）()]/g, '');

/** The column a header names: its key, a label in either language, or the template's `label (key)`. */
export function importColumnOfHeader(text: string): QueryImportColumn | null {
  const wanted = normalise(text);
  for (const column of QUERY_IMPORT_COLUMNS) {
    const { zh_CN, en } = IMPORT_COLUMN_LABELS[column];
    if ([column, zh_CN, en, `${zh_CN}${column}`, `${en}${column}`].some((c) => normalise(c) === wanted))
      return column;
  }
  return null;
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The template: sheet 1 the columns to fill in; sheet 2 what each takes and a sample row. */
export async function importTemplateWorkbook(
  locale: Locale,
  facts: { issueTypes: string[]; sample: Record<QueryImportColumn, string> },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'EDC web';
  const sheet = workbook.addWorksheet(SHEETS.queries[locale]);
  sheet.columns = QUERY_IMPORT_COLUMNS.map((c) => ({
    header: importColumnHeader(c, locale),
    key: c,
    width: c === 'note' ? 60 : 20,
  }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet(SHEETS.instructions[locale]);
  help.columns = INSTRUCTION_HEADERS[locale].map((header, i) => ({ header, width: i === 1 ? 60 : 24 }));
  help.getRow(1).font = { bold: true };
  for (const column of QUERY_IMPORT_COLUMNS) {
    const text = COLUMN_HELP[column][locale].replace('{codes}', facts.issueTypes.join(', '));
    help.addRow([importColumnHeader(column, locale), text, facts.sample[column]]);
  }
  return toBuffer(workbook);
}

export type ImportSheetRead =
  | Exclude<SheetByHeader<QueryImportColumn>, { kind: 'rows' }>
  | { kind: 'rows'; rows: { row: number; cells: Record<QueryImportColumn, string | null> }[] };

const REQUIRED: readonly QueryImportColumn[] = ['subjid', 'visitnum', 'tid', 'note'];

/** The first sheet's rows by its header row (core/xlsx/readSheet), every column present in each row's cells. */
export async function readImportSheet(bytes: Buffer, maxRows: number): Promise<ImportSheetRead> {
  const read = await readSheetByHeader(bytes, maxRows, {
    columnOfHeader: importColumnOfHeader,
    required: REQUIRED,
  });
  if (read.kind !== 'rows') return read;
  return {
    kind: 'rows',
    rows: read.rows.map(({ row, cells }) => ({
      row,
      cells: Object.fromEntries(QUERY_IMPORT_COLUMNS.map((c) => [c, cells[c] ?? null])) as Record<
        QueryImportColumn,
        string | null
      >,
    })),
  };
}

const isImportColumn = (c: string | null): c is QueryImportColumn =>
  c !== null && (QUERY_IMPORT_COLUMNS as readonly string[]).includes(c);

/** The report: one line per problem of a bad row, and one per failed send (its reason). */
export async function importReportWorkbook(locale: Locale, rows: readonly QueryImportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'EDC web';
  const sheet = workbook.addWorksheet(SHEETS.report[locale]);
  sheet.columns = REPORT_HEADERS[locale].map((header, i) => ({ header, width: [8, 28, 24, 60][i] ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    for (const p of r.problems) {
      const column = isImportColumn(p.column) ? importColumnHeader(p.column, locale) : (p.column ?? '');
      sheet.addRow([r.row, column, p.value ?? '', p.message]);
    }
    if (r.state === 'failed') sheet.addRow([r.row, '', '', r.reason ?? '']);
  }
  return toBuffer(workbook);
}
