/**
 * A dictionary file in the layout of docs/medical-coding.md: a header row naming the columns (any order; other
 * columns ignored), then one row per codable entry with its hierarchy — MedDRA: llt_code, llt_name, pt_code, pt_name,
 * hlt_code, hlt_name, hlgt_code, hlgt_name, soc_code, soc_name (an LLT on its primary path); WHODrug-like: drug_code,
 * drug_name, atc4_code … atc1_name. Checked line by line: the first problem is answered with its line (as the
 * spreadsheet numbers it), column and value, and nothing is imported. The demo seed's dictionary goes through the
 * same checks. Reading an xlsx uses exceljs (the first sheet).
 */
import ExcelJS from 'exceljs';
import type { CodingDictionary, CodingEntry, CodingLevel } from '../../../engine/api/medCoding';
import { CODING_LEVELS } from '../../../engine/api/medCoding';
import type { ServerMessageId } from '../../core/messages';
import { cellText as workbookCellText } from '../../core/xlsx/cellText';
import { zipUnpackedSize } from '../../core/xlsx/zipGuard';

/** Most entries a dictionary may have (MedDRA has about 80,000 LLTs). */
export const DICTIONARY_MAX_ROWS = 200_000;
const NAME_MAX = 200;

/** The file's columns: per level, the code and the name column. */
export const DICTIONARY_COLUMNS: Readonly<Record<CodingDictionary, readonly string[]>> = {
  meddra: CODING_LEVELS.meddra.flatMap((l) => [`${l.toLowerCase()}_code`, `${l.toLowerCase()}_name`]),
  whodrug: ['drug_code', 'drug_name', 'atc4_code', 'atc4_name', 'atc3_code', 'atc3_name'].concat([
    'atc2_code',
    'atc2_name',
    'atc1_code',
    'atc1_name',
  ]),
};

/** The code each level must have: MedDRA 8 digits; drug codes letters and digits; ATC codes by level. */
const CODE_PATTERN: Readonly<Record<string, RegExp>> = {
  LLT: /^\d{8}$/,
  PT: /^\d{8}$/,
  HLT: /^\d{8}$/,
  HLGT: /^\d{8}$/,
  SOC: /^\d{8}$/,
  DRUG: /^[A-Za-z0-9]{1,20}$/,
  ATC4: /^[A-Z]\d\d[A-Z]{2}$/,
  ATC3: /^[A-Z]\d\d[A-Z]$/,
  ATC2: /^[A-Z]\d\d$/,
  ATC1: /^[A-Z]$/,
};

/** A problem of a file, as a server message with its values (line, column, value …). */
export class DictionaryFileProblem extends Error {
  constructor(
    readonly messageId: ServerMessageId,
    readonly values: Record<string, string>,
  ) {
    super(`${messageId} ${JSON.stringify(values)}`);
  }
}

/** The key exact matching and search compare: lower case, inner spaces collapsed, trimmed. */
export function nameKey(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

const cellText = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * Entries from rows (`rows[0]` the header). `firstLine` is the line number of the header (1 in a spreadsheet).
 * Throws DictionaryFileProblem for the first problem found.
 */
export function parseDictionaryRows(
  dictionary: CodingDictionary,
  rows: readonly (readonly unknown[])[],
  firstLine = 1,
): CodingEntry[] {
  const wanted = DICTIONARY_COLUMNS[dictionary];
  const header = (rows[0] ?? []).map((c) => cellText(c).trim().toLowerCase());
  const index = new Map<string, number>();
  for (const column of wanted) {
    const at = header.indexOf(column);
    if (at < 0) throw new DictionaryFileProblem('codingImportMissingColumn', { column });
    index.set(column, at);
  }
  const levels = CODING_LEVELS[dictionary];
  const entries: CodingEntry[] = [];
  const seen = new Map<string, number>();
  // every code above the entry level: its name and parents as first given (the hierarchy must be one tree)
  const known = new Map<string, { line: number; name: string; parent: string }>();
  for (let r = 1; r < rows.length; r++) {
    const line = String(firstLine + r);
    const row = rows[r] ?? [];
    const cell = (column: string) => cellText(row[index.get(column)!]).trim();
    if (wanted.every((c) => cell(c) === '')) continue; // an empty line
    if (entries.length >= DICTIONARY_MAX_ROWS)
      throw new DictionaryFileProblem('codingImportTooManyRows', { max: String(DICTIONARY_MAX_ROWS) });
    const path: CodingLevel[] = [];
    for (const level of levels) {
      const codeColumn = `${level.toLowerCase()}_code`;
      const nameColumn = `${level.toLowerCase()}_name`;
      const code = cell(codeColumn);
      const name = cell(nameColumn).replace(/\s+/g, ' ');
      if (code === '') throw new DictionaryFileProblem('codingImportBlank', { line, column: codeColumn });
      if (name === '') throw new DictionaryFileProblem('codingImportBlank', { line, column: nameColumn });
      if (!CODE_PATTERN[level]!.test(code))
        throw new DictionaryFileProblem('codingImportBadCode', { line, column: codeColumn, value: code });
      if (name.length > NAME_MAX)
        throw new DictionaryFileProblem('codingImportTooLong', {
          line,
          column: nameColumn,
          max: String(NAME_MAX),
        });
      path.push({ level, code, name });
    }
    // ATC codes nest: ATC4 N02BE lies under ATC3 N02B, ATC2 N02, ATC1 N
    if (dictionary === 'whodrug') {
      for (let i = 1; i < path.length - 1; i++) {
        if (!path[i]!.code.startsWith(path[i + 1]!.code)) {
          throw new DictionaryFileProblem('codingImportInconsistent', {
            line,
            column: `${path[i + 1]!.level.toLowerCase()}_code`,
            code: path[i + 1]!.code,
            first: path[i]!.code,
          });
        }
      }
    }
    const entry = path[0]!;
    const twice = seen.get(entry.code);
    if (twice !== undefined)
      throw new DictionaryFileProblem('codingImportDuplicate', {
        line,
        code: entry.code,
        first: String(twice),
      });
    seen.set(entry.code, Number(line));
    for (let i = 1; i < path.length; i++) {
      const level = path[i]!;
      const key = `${level.level}:${level.code}`;
      const parent = path[i + 1]?.code ?? '';
      const before = known.get(key);
      if (before === undefined) {
        known.set(key, { line: Number(line), name: level.name, parent });
      } else if (before.name !== level.name || before.parent !== parent) {
        throw new DictionaryFileProblem('codingImportInconsistent', {
          line,
          column: `${level.level.toLowerCase()}_code`,
          code: level.code,
          first: String(before.line),
        });
      }
    }
    entries.push({ code: entry.code, name: entry.name, path });
  }
  if (entries.length === 0) throw new DictionaryFileProblem('codingImportEmpty', {});
  return entries;
}

/** The rows of an xlsx file's first sheet (texts), or a problem when it cannot be read as a workbook. */
export async function readWorkbookRows(bytes: Buffer): Promise<unknown[][]> {
  // the zip is measured (each entry inflated under a cap) before exceljs unpacks anything: no zip bomb gets through
  if (zipUnpackedSize(bytes) === null) throw new DictionaryFileProblem('codingImportUnreadable', {});
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new DictionaryFileProblem('codingImportUnreadable', {});
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new DictionaryFileProblem('codingImportEmpty', {});
  const rows: unknown[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: unknown[] = [];
    for (let c = 1; c <= width; c++) cells.push(workbookCellText(row.getCell(c).value) ?? '');
    rows.push(cells);
  }
  return rows;
}
