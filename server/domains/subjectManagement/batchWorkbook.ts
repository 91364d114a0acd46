/**
 * The batch file as a workbook (exceljs, server side only): the template (the columns, headed in the user's
 * language with the column key, and an instructions sheet with a sample row), reading an uploaded file's first
 * sheet into rows of texts by its header (the key or either language's label is recognised), and the assessment
 * report.
 */
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Locale } from '../../../engine/api/localized';
import { BATCH_COLUMNS, type BatchColumn, type BatchProblem } from '../../../engine/api/subjectManagement';

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

/** A cell's value as text: dates as yyyy-MM-dd (UTC), formulas by their result, rich text joined; null if empty. */
export function cellText(value: ExcelJS.CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return cellText(value.richText.map((r) => r.text).join(''));
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return cellText(value.text);
    if ('error' in value) return null;
  }
  return null;
}

export type SheetRead =
  | { kind: 'unreadable' }
  | { kind: 'missingColumns'; columns: string[] }
  | { kind: 'unknownColumns'; columns: string[] }
  | { kind: 'rows'; rows: { row: number; cells: Partial<Record<BatchColumn, string | null>> }[] };

/** The most an xlsx (a zip) may unpack to before it is read: a 30M file of repeated bytes can unpack to gigabytes. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/**
 * What a zip really unpacks to, or null when it cannot be read, is zip64 (a batch file never needs it), uses a
 * compression other than stored or deflate, or unpacks beyond `limit`. Each entry of the central directory is
 * inflated here with a hard output cap (zlib's maxOutputLength), so sizes the archive declares are checked, not
 * trusted: an entry that claims a few bytes but inflates to gigabytes stops at the cap, and an entry whose real
 * size differs from its declared one is refused (the unzipper exceljs uses would trust the declaration). Run before
 * exceljs unpacks anything.
 */
export function zipUnpackedSize(bytes: Buffer, limit: number = MAX_UNPACKED_BYTES): number | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const LOCAL = 0x04034b50;
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const declared = bytes.readUInt32LE(at + 24);
    const local = bytes.readUInt32LE(at + 42);
    if (declared === 0xffffffff || compressed === 0xffffffff || local === 0xffffffff) return null;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) return null;
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (dataAt + compressed > bytes.length) return null;
    const data = bytes.subarray(dataAt, dataAt + compressed);
    const room = limit - total;
    if (declared > room) return null;
    let actual: number;
    if (method === 0) actual = compressed;
    else if (method === 8) {
      try {
        // one byte more than the room left: reaching it means the entry would pass the limit
        actual = inflateRawSync(data, { maxOutputLength: room + 1 }).length;
      } catch {
        return null;
      }
    } else return null;
    if (actual !== declared || actual > room) return null;
    total += actual;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

/** The first sheet's rows by its header row; blank rows skipped. A zip that unpacks too large is not read. */
export async function readBatchSheet(
  bytes: Buffer,
  maxRows: number,
): Promise<SheetRead | { kind: 'tooMany' }> {
  if (zipUnpackedSize(bytes) === null) return { kind: 'unreadable' };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    return { kind: 'unreadable' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { kind: 'unreadable' };
  const byIndex = new Map<number, BatchColumn>();
  const unknown: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell.value);
    if (text === null) return;
    const column = columnOfHeader(text);
    if (column) byIndex.set(col, column);
    else unknown.push(text);
  });
  if (unknown.length > 0) return { kind: 'unknownColumns', columns: unknown };
  if (![...byIndex.values()].includes('subjid')) return { kind: 'missingColumns', columns: ['subjid'] };
  const rows: { row: number; cells: Partial<Record<BatchColumn, string | null>> }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: Partial<Record<BatchColumn, string | null>> = {};
    let any = false;
    for (const [col, column] of byIndex) {
      const text = cellText(row.getCell(col).value);
      cells[column] = text;
      if (text !== null) any = true;
    }
    if (!any) continue;
    if (rows.length >= maxRows) return { kind: 'tooMany' };
    rows.push({ row: r, cells });
  }
  return { kind: 'rows', rows };
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
