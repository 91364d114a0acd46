import type ExcelJS from 'exceljs';

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
