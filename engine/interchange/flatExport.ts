/**
 * Flat exports of clinical data (issue 17; docs/interchange.md): one row per subject, visit and form (and line of a
 * log-line form), one column per item — the code value and, for coded items, its label beside it (`SEX`,
 * `SEX_label`) — and a data dictionary (form, variable, label, type, code list, codes). Pure: the server's CSV and
 * xlsx writers call it page by page; nothing here holds more than one row.
 */
import type { Locale } from '../api/localized';
import type { MetaText } from '../metadata/types';
import type { RawFormItem, RawFormSchema } from '../form/types';
import type { StudyCodeList } from './types';

/** Field types that hold no value (text and headings of the page). */
const NO_VALUE_TYPES = new Set(['descriptive', 'label', 'heading', 'text-block']);

export function textOf(text: MetaText | undefined | null, locale: Locale): string {
  if (text === undefined || text === null) return '';
  if (typeof text === 'string') return text;
  return text[locale] || text.zh_CN || text.en || '';
}

export interface FlatItem {
  variable: string;
  label: string;
  fieldtype: string;
  /** Code → label of a coded item (its selector or code list), else null. */
  codes: ReadonlyMap<string, string> | null;
  codelist: string | null;
}

/** The value items of a form, in page order, with their code labels in `locale`. */
export function flatItemsOf(
  form: RawFormSchema,
  codeLists: readonly StudyCodeList[],
  locale: Locale,
): FlatItem[] {
  const lists = new Map(codeLists.map((l) => [l.name, l]));
  const items: FlatItem[] = [];
  for (const section of form.sections ?? []) {
    for (const item of (section.items ?? []) as RawFormItem[]) {
      if (!item.variable || NO_VALUE_TYPES.has(item.fieldtype)) continue;
      let codes: Map<string, string> | null = null;
      if (item.selector) codes = new Map(item.selector.map((o) => [o.codevalue, textOf(o.codedesp, locale)]));
      else if (item.codelisttype) {
        const list = lists.get(item.codelisttype);
        codes = new Map((list?.items ?? []).map((o) => [o.codevalue, textOf(o.codedesp, locale)]));
      }
      items.push({
        variable: item.variable,
        label: textOf(item.label, locale),
        fieldtype: item.fieldtype,
        codes,
        codelist: item.codelisttype ?? null,
      });
    }
  }
  return items;
}

/** The key columns every row starts with. */
export const FLAT_KEY_COLUMNS = [
  'sitecode',
  'subjid',
  'visitnum',
  'cycnum',
  'svnum',
  'tid',
  'lineno',
] as const;

export function flatHeader(items: readonly FlatItem[]): string[] {
  const header: string[] = [...FLAT_KEY_COLUMNS];
  for (const item of items) {
    header.push(item.variable);
    if (item.codes) header.push(`${item.variable}_label`);
  }
  return header;
}

export interface FlatRecord {
  sitecode: string;
  subjid: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number;
  values: Readonly<Record<string, unknown>>;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(';');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function labelText(value: unknown, codes: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  const list = Array.isArray(value) ? value.map(String) : [String(value)];
  return list.map((c) => codes.get(c) ?? c).join(';');
}

/** One record as cells under flatHeader(items). */
export function flatRow(record: FlatRecord, items: readonly FlatItem[]): (string | number)[] {
  const row: (string | number)[] = [
    record.sitecode,
    record.subjid,
    record.visitnum,
    record.cycnum,
    record.svnum,
    record.tid,
    record.lineno,
  ];
  for (const item of items) {
    const value = Object.hasOwn(record.values, item.variable) ? record.values[item.variable] : undefined;
    row.push(valueText(value));
    if (item.codes) row.push(labelText(value, item.codes));
  }
  return row;
}

/** The data dictionary's header and rows (one per item of every form). */
export const DICTIONARY_HEADER = [
  'tid',
  'form',
  'variable',
  'label',
  'fieldtype',
  'codelist',
  'codes',
] as const;

export function dictionaryRows(
  forms: readonly RawFormSchema[],
  codeLists: readonly StudyCodeList[],
  locale: Locale,
): string[][] {
  const rows: string[][] = [];
  for (const form of forms) {
    for (const item of flatItemsOf(form, codeLists, locale)) {
      rows.push([
        form.tid,
        textOf(form.name, locale),
        item.variable,
        item.label,
        item.fieldtype,
        item.codelist ?? '',
        item.codes ? [...item.codes].map(([code, label]) => `${code}=${label}`).join('; ') : '',
      ]);
    }
  }
  return rows;
}

/**
 * One CSV line (RFC 4180): fields with a comma, quote, CR or LF are quoted, quotes doubled; lines end with CRLF.
 * A text starting with = + - @ (also after spaces), a tab or a CR — a formula to a spreadsheet — is prefixed with a
 * quote mark (CSV injection); numbers as written (`-5`) are left alone.
 */
/** What a spreadsheet reads as a formula: = + - @ first, also after spaces, or a tab or CR first. */
const FORMULA_START = /^\s*[=+\-@]|^[\t\r]/;
/** A number as written (`-5`, `1.5e3`): shown as it is, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

export function csvLine(cells: readonly (string | number)[]): string {
  return (
    cells
      .map((cell) => {
        let text = typeof cell === 'number' ? String(cell) : cell;
        if (typeof cell === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text))
          text = `'${text}`;
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}

/** The byte-order mark Excel needs to read a CSV as UTF-8. */
export const CSV_BOM = '\uFEFF';
