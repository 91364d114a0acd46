/**
 * The grid's column definitions as the engine produces them from Column metadata (columnToColDef): a headless,
 * library-free shape that renderers/grid maps one to one onto AG Grid's ColDef / ColGroupDef.
 */
import type { Locale } from '../api/localized';
import type { FieldTypeRegistry } from '../fieldTypes/types';
import type { ColumnLeafDef, ColumnPin, MetadataIssue } from '../metadata/types';

/** A no-wrap column is never wider than this (px). */
export const NOWRAP_MAX_WIDTH = 400;
/** Cell tooltips are at most this wide (px). */
export const TOOLTIP_MAX_WIDTH = 415;

/** Sort params a sortable column produces (server-side sort). */
export interface SortKey {
  orderByField: string;
  sorttid?: string;
  innerid?: string;
}

export type GridRow = Readonly<Record<string, unknown>>;

/** How a cell is drawn: text from `format`, a named renderer from the registry, or a slot of the screen config. */
export type CellKind =
  | { kind: 'text' }
  | { kind: 'renderer'; name: string }
  | { kind: 'slot'; name: string }
  | { kind: 'invalid'; issue: MetadataIssue };

export interface GridLeafColDef {
  kind: 'leaf';
  /** Unique in the grid: the prop, or the definition path for invalid columns. */
  colId: string;
  field: string;
  headerName: string;
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  pinned: ColumnPin | null;
  sortable: boolean;
  /** Present when sortable. */
  sortKey: SortKey | null;
  /** Display text of a cell (field type, timezone and `filter` applied). */
  format(value: unknown, row: GridRow): string;
  cell: CellKind;
  /** One line per cell (ellipsis + tooltip) when true. */
  nowrap: boolean;
  tooltipMaxWidth: number;
  /** The definition could not be parsed: the header names the issue and cells stay empty. */
  issue: MetadataIssue | null;
}

export interface GridGroupColDef {
  kind: 'group';
  groupId: string;
  headerName: string;
  pinned: ColumnPin | null;
  children: readonly GridColDef[];
}

export type GridColDef = GridLeafColDef | GridGroupColDef;

/**
 * A named value formatter (`filter` of a column): `codelist:SEX` calls formatter `codelist` with arg `SEX`; `column`
 * is the column it formats (e.g. its inline `options`).
 */
export type ValueFormatter = (
  value: unknown,
  arg: string | null,
  ctx: ColumnMappingContext,
  column: ColumnLeafDef,
) => string;

export interface ColumnMappingContext {
  locale: Locale;
  /** The user's IANA time zone (login info `timezone`). */
  userTimeZone: string;
  fieldTypes: FieldTypeRegistry;
  formatters: Readonly<Record<string, ValueFormatter>>;
  /** Already loaded code lists, by codelisttype: value → label in the current locale (for the `codelist` formatter). */
  codeLabels?(codelisttype: string): ReadonlyMap<string, string> | undefined;
  /** Names of the cell renderers the renderer registry has (`render` must be one of them). */
  cellRenderers: ReadonlySet<string>;
  /** Slots the screen config supplies (`slotName` must be one of them). */
  slots: ReadonlySet<string>;
  /** Text of an issue in the current locale (the header of an invalid column). */
  issueText(issue: MetadataIssue): string;
}
