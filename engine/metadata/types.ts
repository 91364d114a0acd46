/**
 * List metadata (spec §3) after parsing: search-field definitions and column sets as the engine uses them.
 *
 * The server sends loose JSON (see docs/list-metadata.md for the wire format); parseSearchFields and parseColumns turn
 * each definition into one of these, or into a MetadataIssue naming the definition, so that one bad definition is
 * shown in place of its item while the rest of the bar or grid keeps working.
 */
import type { LocalizedText } from '../api/localized';

/** A label from the server: the same text in every locale, or one per locale. */
export type MetaText = string | LocalizedText;

/** One option of a select: `{codevalue, codedesp}` on the wire, or custom keys named by `valueKey`/`labelKey`. */
export interface CodeOption {
  value: string;
  label: MetaText;
}

/** A date range of a search field with `endValue.type: 'range'`; both ends `yyyy-MM-dd` or null. */
export interface DateRangeValue {
  start: string | null;
  end: string | null;
}

/**
 * The value of one search field, by field type: `string` (string, num, select, single date), `string[]` (mselect),
 * `DateRangeValue` (date range); null when empty.
 */
export type SearchValue = string | readonly string[] | DateRangeValue | null;

export interface SearchFieldDef {
  /** Position in the server's list, and its path for messages (`searchFields[3]`). */
  index: number;
  path: string;
  /** Stable id of the definition (used to remember which items the user shows). */
  innerid: string;
  /** Request parameter name (a range uses `<prop>Start` and `<prop>End`). */
  prop: string;
  label: MetaText;
  /** A name registered in the field-type registry. */
  fieldtype: string;
  /** Shown in the bar (initially, or as the user last chose). */
  show: boolean;
  /** The user may add and remove it; a non-custom item stays as the server says. */
  custom: boolean;
  /** Initial value, decoded by the field type from `value` (and `endValue.value`). */
  initial: SearchValue;
  /** `endValue.type === 'range'`: a start–end pair (dates). */
  range: boolean;
  /** Inline options (`selector`), or null when they come from `codelisttype`. */
  options: readonly CodeOption[] | null;
  /** Code list to fetch the options from (cached per code list), or null. */
  codelisttype: string | null;
}

export type ColumnPin = 'left' | 'right';

export interface ColumnLeafDef {
  kind: 'leaf';
  index: number;
  /** `columns[3]`, `columns[3].children[1]`. */
  path: string;
  prop: string;
  label: MetaText;
  width: number | null;
  minWidth: number | null;
  fixed: ColumnPin | null;
  sortable: boolean;
  /** A field type used to format the value (`date`, `datetime`, `num` …), or null for plain text. */
  fieldtype: string | null;
  /** Named value formatter with an optional argument: `codelist:SEX` → name `codelist`, arg `SEX`. */
  filter: { name: string; arg: string | null } | null;
  /** Inline options (`options: [{codevalue, codedesp}]`) for the `options` formatter, or null. */
  options: readonly CodeOption[] | null;
  /** Named cell renderer from the renderer registry. */
  render: string | null;
  /** Cell supplied by the screen config under this name. */
  slotName: string | null;
  /** IANA time zone the value is shown in; `'user'` → the user's zone; null → the field type's default. */
  timezone: string | null;
  /** Sort keys for columns of eCRF items: sent as `sorttid` and `innerid` with `orderByField`. */
  sorttid: string | null;
  innerid: string | null;
  /** Keep the text on one line (the column is then capped at NOWRAP_MAX_WIDTH). Default true. */
  nowrap: boolean;
}

export interface ColumnGroupDef {
  kind: 'group';
  index: number;
  path: string;
  label: MetaText;
  fixed: ColumnPin | null;
  children: readonly ColumnNode[];
}

/** A definition that could not be parsed: shown in place of its item. */
export interface InvalidItem {
  kind: 'invalid';
  issue: MetadataIssue;
}

export type ColumnNode = ColumnLeafDef | ColumnGroupDef | InvalidItem;
export type SearchFieldNode = ({ kind: 'field' } & SearchFieldDef) | InvalidItem;

/**
 * What is wrong with one definition. `messageId` is a catalogue key (MSG.meta*); `values` fill it in and always
 * include `path` and, when known, `prop`.
 */
export interface MetadataIssue {
  /** `searchFields[3]`, `columns[2].children[0]`, or `searchFields` for the list itself. */
  path: string;
  index: number | null;
  prop: string | null;
  messageId: string;
  values: Record<string, string | number>;
}

export interface ParsedList<T> {
  /** Every definition in order, invalid ones included (as InvalidItem). */
  items: readonly T[];
  /** All issues, in order (also reachable through the invalid items; a list-level issue has index null). */
  issues: readonly MetadataIssue[];
}
