/**
 * The batch file as a workbook (exceljs, server side only): the template (the columns, headed in the user's
 * language with the column key, and an instructions sheet with a sample row), reading an uploaded file's first
 * sheet into rows of texts by its header (the key or either language's label is recognised), and the assessment
 * report.
 */
import ExcelJS from 'exceljs';
import type { Locale } from '../../../engine/api/localized';
import { BATCH_COLUMNS, type BatchColumn, type BatchProblem } from '../../../engine/api/subjectManagement';
import { readSheetByHeader, type SheetByHeader } from '../../core/xlsx/readSheet';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const COLUMN_LABELS: Record<BatchColumn, Record<Locale, string>> = {
  subjid: { zh_CN: '受试者编号', en: 'Subject number' },
  initials: { zh_CN: '姓名缩写', en: 'Initials' },
  sex: { zh_CN: '性别', en: 'Sex' },
  birthdate: { zh_CN: '出生日期', en: 'Birth date' },
  protover: { zh_CN: '方案版本', en: 'Protocol version' },
  crfver: { zh_CN: 'eCRF 版本', en: 'eCRF version' },
};

const COLUMN_HELP: Record<BatchColumn, Record<Locale, string>> = {
  subjid: {
    zh_CN: '必填；格式 {pattern}，研究内唯一',
    en: 'Required; pattern {pattern}, unique in the study',
  },
  initials: { zh_CN: '可选；最多 10 个字符', en: 'Optional; at most 10 characters' },
  sex: { zh_CN: '可选；M（男）或 F（女）', en: 'Optional; M (male) or F (female)' },
  birthdate: {
    zh_CN: '可选；日期 yyyy-MM-dd，不晚于今天',
    en: 'Optional; a date yyyy-MM-dd, not after today',
  },
  protover: {
    zh_CN: '可选；版本编号（空白：当前版本 {current}）',
    en: 'Optional; the version id (blank: the current one, {current})',
  },
  crfver: {
    zh_CN: '可选；版本编号（空白：当前版本 {current}）',
    en: 'Optional; the version id (blank: the current one, {current})',
  },
};

const SHEET_NAMES = {
  subjects: { zh_CN: '受试者', en: 'Subjects' },
  instructions: { zh_CN: '说明', en: 'Instructions' },
  report: { zh_CN: '评估结果', en: 'Assessment' },
} as const;

const REPORT_HEADERS: Record<Locale, string[]> = {
  zh_CN: ['行号', '列', '值', '问题'],
  en: ['Row', 'Column', 'Value', 'Problem'],
};

const INSTRUCTION_HEADERS: Record<Locale, string[]> = {
  zh_CN: ['列', '说明', '示例'],
  en: ['Column', 'What to enter', 'Sample'],
};

/** The header of a column as the template writes it: the label and the key, `受试者编号 (subjid)`. */
export function columnHeader(column: BatchColumn, locale: Locale): string {
  return `${COLUMN_LABELS[column][locale]} (${column})`;
}

const normalise = (text: string) => text.toLowerCase().replace(/[\s（）()]/g, '');

/** The column a header text names: its key, a label in either language, or the template's `label (key)`. */
export function columnOfHeader(text: string): BatchColumn | null {
  const wanted = normalise(text);
  for (const column of BATCH_COLUMNS) {
    const names = [column, COLUMN_LABELS[column].zh_CN, COLUMN_LABELS[column].en];
    const candidates = [
      ...names,
      `${COLUMN_LABELS[column].zh_CN}${column}`,
      `${COLUMN_LABELS[column].en}${column}`,
    ];
    if (candidates.some((c) => normalise(c) === wanted)) return column;
  }
  return null;
}

export interface TemplateFacts {
  pattern: string;
  sample: Record<BatchColumn, string>;
  protoverCurrent: string;
  crfverCurrent: string;
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The template: sheet 1 the columns (to fill in), sheet 2 what each takes and a sample row. */
export async function templateWorkbook(locale: Locale, facts: TemplateFacts): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'EDC web';
  const sheet = workbook.addWorksheet(SHEET_NAMES.subjects[locale]);
  sheet.columns = BATCH_COLUMNS.map((c) => ({ header: columnHeader(c, locale), key: c, width: 24 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('birthdate').numFmt = '@';
  const help = workbook.addWorksheet(SHEET_NAMES.instructions[locale]);
  help.columns = INSTRUCTION_HEADERS[locale].map((header, i) => ({ header, width: i === 1 ? 56 : 24 }));
  help.getRow(1).font = { bold: true };
  for (const column of BATCH_COLUMNS) {
    const text = COLUMN_HELP[column][locale]
      .replace('{pattern}', facts.pattern)
      .replace('{current}', column === 'protover' ? facts.protoverCurrent : facts.crfverCurrent);
    help.addRow([columnHeader(column, locale), text, facts.sample[column]]);
  }
  return toBuffer(workbook);
}

export type SheetRead = SheetByHeader<BatchColumn>;

/** The first sheet's rows by its header row (core/xlsx/readSheet); the subject number column is required. */
export function readBatchSheet(bytes: Buffer, maxRows: number): Promise<SheetRead> {
  return readSheetByHeader(bytes, maxRows, { columnOfHeader, required: ['subjid'] });
}

/** The assessment report: one line per problem (row, column, value, problem). */
export async function reportWorkbook(locale: Locale, problems: readonly BatchProblem[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'EDC web';
  const sheet = workbook.addWorksheet(SHEET_NAMES.report[locale]);
  sheet.columns = REPORT_HEADERS[locale].map((header, i) => ({ header, width: [8, 28, 24, 60][i] ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const p of problems) {
    const column = p.column && isBatchColumn(p.column) ? columnHeader(p.column, locale) : (p.column ?? '');
    sheet.addRow([p.row, column, p.value ?? '', p.message]);
  }
  return toBuffer(workbook);
}

function isBatchColumn(text: string): text is BatchColumn {
  return (BATCH_COLUMNS as readonly string[]).includes(text);
}

/** A workbook written from rows (sample files and tests): the header row, then the rows. */
export async function workbookOf(
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Subjects');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow([...row]);
  return toBuffer(workbook);
}
