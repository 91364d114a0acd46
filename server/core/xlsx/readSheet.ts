/**
 * An uploaded workbook's first sheet read by its header row, as every spreadsheet upload of the spec takes it (the
 * subjects' batch file, the query import): the zip is checked before exceljs unpacks it (zipGuard), each header
 * cell is matched to a column by the caller (its key or either language's label), an unknown header or a missing
 * required column is named, blank rows are skipped and the rows are capped. Cells are texts (cellText) or null.
 */
import ExcelJS from 'exceljs';
import { cellText } from './cellText';
import { zipUnpackedSize } from './zipGuard';

export interface SheetRow<C extends string> {
  /** The row's number in the sheet (the header is row 1), as the user sees it. */
  row: number;
  cells: Partial<Record<C, string | null>>;
}

export type SheetByHeader<C extends string> =
  | { kind: 'unreadable' }
  | { kind: 'tooMany' }
  | { kind: 'unknownColumns'; columns: string[] }
  | { kind: 'missingColumns'; columns: C[] }
  | { kind: 'rows'; rows: SheetRow<C>[] };

export interface SheetColumns<C extends string> {
  /** The column a header cell names, or null for a header that names none. */
  columnOfHeader(header: string): C | null;
  /** Columns the sheet must have. */
  required: readonly C[];
}

export async function readSheetByHeader<C extends string>(
  bytes: Buffer,
  maxRows: number,
  columns: SheetColumns<C>,
): Promise<SheetByHeader<C>> {
  if (zipUnpackedSize(bytes) === null) return { kind: 'unreadable' };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    return { kind: 'unreadable' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { kind: 'unreadable' };
  const byIndex = new Map<number, C>();
  const unknown: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell.value);
    if (text === null) return;
    const column = columns.columnOfHeader(text);
    if (column) byIndex.set(col, column);
    else unknown.push(text);
  });
  if (unknown.length > 0) return { kind: 'unknownColumns', columns: unknown };
  const present = new Set(byIndex.values());
  const missing = columns.required.filter((c) => !present.has(c));
  if (missing.length > 0) return { kind: 'missingColumns', columns: missing };
  const rows: SheetRow<C>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: Partial<Record<C, string | null>> = {};
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
