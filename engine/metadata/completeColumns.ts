/**
 * A log-line form's column set completed from the form's items (the server does this before it sends a datalist),
 * so that a schema's `columns` only need to name the variables: a leaf column whose `prop` is an item's variable
 * gets the item's `label` when it has none, and, when it has no `filter` and the item has options, a formatter
 * that shows the option labels: `codelist:<codelisttype>` for a code list, `options` with the item's inline
 * options (`options: [{codevalue, codedesp}]`) for a `selector`. Everything else (dates, widths, groups, columns
 * that name no item, anything malformed) is left as it is, for parseColumns to read or report.
 */
import type { CodeOptionWire } from '../api/lists';
import { isRecord } from './issues';
import type { CodeOption, MetaText } from './types';

/** What a column takes from its item (a compiled form item has these). */
export interface ColumnSourceItem {
  label: MetaText;
  /** Inline options, or the resolved code-list options; null when the item has none. */
  options: readonly CodeOption[] | null;
  codelisttype: string | null;
}

/** The formatter (`filter`) that shows the labels of a column's inline `options`. */
export const OPTIONS_FILTER = 'options';
/** The formatter (`filter`) that shows the labels of a code list: `codelist:<codelisttype>`. */
export const CODELIST_FILTER = 'codelist';

function unset(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function wireOptions(options: readonly CodeOption[]): CodeOptionWire[] {
  return options.map((o) => ({ codevalue: o.value, codedesp: o.label }));
}

function completeColumn(raw: unknown, itemOf: (variable: string) => ColumnSourceItem | undefined): unknown {
  if (!isRecord(raw)) return raw;
  if (Array.isArray(raw.children))
    return { ...raw, children: raw.children.map((c) => completeColumn(c, itemOf)) };
  const item = typeof raw.prop === 'string' ? itemOf(raw.prop.trim()) : undefined;
  if (!item) return raw;
  const out: Record<string, unknown> = { ...raw };
  if (unset(raw.label)) out.label = item.label;
  const inline = item.codelisttype === null && item.options !== null && item.options.length > 0;
  if (unset(raw.filter)) {
    if (item.codelisttype !== null) out.filter = `${CODELIST_FILTER}:${item.codelisttype}`;
    else if (inline) out.filter = OPTIONS_FILTER;
  }
  if (out.filter === OPTIONS_FILTER && unset(raw.options) && inline && item.options) {
    out.options = wireOptions(item.options);
  }
  return out;
}

/**
 * The columns with labels and option formatters filled in from the items (by variable; groups are walked). The
 * given list is not changed.
 */
export function completeColumns(
  columns: readonly unknown[],
  itemOf: (variable: string) => ColumnSourceItem | undefined,
): unknown[] {
  return columns.map((c) => completeColumn(c, itemOf));
}
