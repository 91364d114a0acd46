/**
 * Column metadata → the grid's column definitions (pure): `fixed` → pinned (a group pins its children), `children`
 * → groups, `sortable` → a server-side sort key, `fieldtype`/`timezone` → cell text, `filter` → a named value
 * formatter applied to that text (`options` maps codes through the column's inline `options`), `render` → a named
 * cell renderer, `slotName` → a cell of the screen config.
 * A column naming a renderer, slot or formatter that does not exist becomes an invalid column showing its issue.
 */
import { formatDateInZone } from '../fieldTypes/dates';
import type { RequestParams } from '../fieldTypes/types';
import type { SortState } from '../list/types';
import { LIST_PARAMS } from '../list/types';
import { META_MSG } from '../metadata/messages';
import { metadataIssue } from '../metadata/issues';
import { metaText } from '../metadata/metaText';
import { USER_TIME_ZONE } from '../metadata/parseColumns';
import type { ColumnLeafDef, ColumnNode, ColumnPin, MetadataIssue } from '../metadata/types';
import {
  NOWRAP_MAX_WIDTH,
  TOOLTIP_MAX_WIDTH,
  type CellKind,
  type ColumnMappingContext,
  type GridColDef,
  type GridLeafColDef,
  type GridRow,
  type SortKey,
  type ValueFormatter,
} from './types';

/** Text of a cell value without a field type: '' for null/undefined, lists joined with ', '. */
export function plainCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainCellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `codelist:<codelisttype>`: a code (or a list of codes) → its label(s) in the current locale; unknown codes as they are. */
export const codelistFormatter: ValueFormatter = (value, arg, ctx) => {
  const labels = arg ? ctx.codeLabels?.(arg) : undefined;
  const one = (v: unknown): string => {
    const code = plainCellText(v);
    return labels?.get(code) ?? code;
  };
  if (value === null || value === undefined || value === '') return '';
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
};

/**
 * `options`: a code (or a list of codes: checkbox, mselect) → its label(s) in the current locale from the column's
 * inline `options`; a list in the options' order, unknown codes as they are (after the known ones).
 */
export const optionsFormatter: ValueFormatter = (value, _arg, ctx, column) => {
  if (value === null || value === undefined || value === '') return '';
  const options = column.options ?? [];
  const label = (code: string): string => {
    const option = options.find((o) => o.value === code);
    return option ? metaText(option.label, ctx.locale) : code;
  };
  if (!Array.isArray(value)) return label(plainCellText(value));
  const rank = (code: string): number => {
    const i = options.findIndex((o) => o.value === code);
    return i < 0 ? options.length : i;
  };
  const codes = value.map(plainCellText).filter((code) => code !== '');
  return codes
    .sort((a, b) => rank(a) - rank(b))
    .map(label)
    .join(', ');
};

/** `date` and `datetime`: a value as `yyyy-MM-dd` / `yyyy-MM-dd HH:mm` in the user's zone. */
const dateFormatter: ValueFormatter = (value, _arg, ctx) => formatDateInZone(value, ctx.userTimeZone, false);
const datetimeFormatter: ValueFormatter = (value, _arg, ctx) =>
  formatDateInZone(value, ctx.userTimeZone, true);

/** Formatters every screen has (`filter` names); a screen adds its own next to these. */
export const builtinFormatters: Readonly<Record<string, ValueFormatter>> = {
  codelist: codelistFormatter,
  options: optionsFormatter,
  date: dateFormatter,
  datetime: datetimeFormatter,
};

/** Sort params of a list request: `orderByField`, `asc`, and `sorttid`/`innerid` when the column has them. */
export function sortParams(sort: SortState | null): RequestParams {
  if (!sort) return {};
  const params: RequestParams = {
    [LIST_PARAMS.orderByField]: sort.orderByField,
    [LIST_PARAMS.asc]: sort.asc,
  };
  if (sort.sorttid !== undefined) params[LIST_PARAMS.sorttid] = sort.sorttid;
  if (sort.innerid !== undefined) params[LIST_PARAMS.innerid] = sort.innerid;
  return params;
}

function sortKeyOf(leaf: ColumnLeafDef): SortKey {
  const key: SortKey = { orderByField: leaf.prop };
  if (leaf.sorttid !== null) key.sorttid = leaf.sorttid;
  if (leaf.innerid !== null) key.innerid = leaf.innerid;
  return key;
}

function invalidColDef(
  issue: MetadataIssue,
  ctx: ColumnMappingContext,
  pinned: ColumnPin | null,
): GridLeafColDef {
  return {
    kind: 'leaf',
    colId: issue.path,
    field: '',
    headerName: ctx.issueText(issue),
    pinned,
    sortable: false,
    sortKey: null,
    format: () => '',
    cell: { kind: 'invalid', issue },
    nowrap: true,
    tooltipMaxWidth: TOOLTIP_MAX_WIDTH,
    issue,
  };
}

/** What is wrong with a leaf's references to the registries, or null. */
function referenceIssue(leaf: ColumnLeafDef, ctx: ColumnMappingContext): MetadataIssue | null {
  const site = { path: leaf.path, index: leaf.index, prop: leaf.prop };
  if (leaf.render !== null && !ctx.cellRenderers.has(leaf.render)) {
    return metadataIssue(site, META_MSG.unknownRender, { render: leaf.render });
  }
  if (leaf.slotName !== null && !ctx.slots.has(leaf.slotName)) {
    return metadataIssue(site, META_MSG.unknownSlot, { slotName: leaf.slotName });
  }
  if (leaf.filter !== null && !ctx.formatters[leaf.filter.name]) {
    return metadataIssue(site, META_MSG.unknownFilter, { filter: leaf.filter.name });
  }
  if (leaf.fieldtype !== null && !ctx.fieldTypes.get(leaf.fieldtype)) {
    return metadataIssue(site, META_MSG.unknownFieldtype, { fieldtype: leaf.fieldtype });
  }
  return null;
}

/** The cell text of a leaf: field type (in the column's zone) first, then the `filter` formatter on its result. */
function cellFormat(
  leaf: ColumnLeafDef,
  ctx: ColumnMappingContext,
): (value: unknown, row: GridRow) => string {
  const timeZone =
    leaf.timezone === null || leaf.timezone === USER_TIME_ZONE ? ctx.userTimeZone : leaf.timezone;
  const formatCell = leaf.fieldtype === null ? undefined : ctx.fieldTypes.get(leaf.fieldtype)?.formatCell;
  const fmtCtx = { locale: ctx.locale, timeZone };
  const one = (value: unknown): string =>
    value === null || value === undefined || !formatCell ? plainCellText(value) : formatCell(value, fmtCtx);
  // a list keeps its items apart, so that a formatter maps each (codelist on an mselect column)
  const typed = formatCell
    ? (value: unknown): unknown => (Array.isArray(value) ? value.map(one) : one(value))
    : (value: unknown): unknown => value;
  const filter = leaf.filter;
  const formatter = filter === null ? undefined : ctx.formatters[filter.name];
  if (filter && formatter) return (value) => formatter(typed(value), filter.arg, ctx, leaf);
  return (value) => plainCellText(typed(value));
}

function cellKind(leaf: ColumnLeafDef): CellKind {
  if (leaf.slotName !== null) return { kind: 'slot', name: leaf.slotName };
  if (leaf.render !== null) return { kind: 'renderer', name: leaf.render };
  return { kind: 'text' };
}

function capped(width: number | null, nowrap: boolean): number | undefined {
  if (width === null) return undefined;
  return nowrap ? Math.min(width, NOWRAP_MAX_WIDTH) : width;
}

function leafColDef(leaf: ColumnLeafDef, ctx: ColumnMappingContext, groupPin: ColumnPin | null): GridColDef {
  const pinned = groupPin ?? leaf.fixed;
  const issue = referenceIssue(leaf, ctx);
  if (issue) return invalidColDef(issue, ctx, pinned);
  const col: GridLeafColDef = {
    kind: 'leaf',
    colId: leaf.prop,
    field: leaf.prop,
    headerName: metaText(leaf.label, ctx.locale),
    pinned,
    sortable: leaf.sortable,
    sortKey: leaf.sortable ? sortKeyOf(leaf) : null,
    format: cellFormat(leaf, ctx),
    cell: cellKind(leaf),
    nowrap: leaf.nowrap,
    tooltipMaxWidth: TOOLTIP_MAX_WIDTH,
    issue: null,
  };
  const width = capped(leaf.width, leaf.nowrap);
  const minWidth = capped(leaf.minWidth, leaf.nowrap);
  if (width !== undefined) col.width = width;
  if (minWidth !== undefined) col.minWidth = minWidth;
  if (leaf.nowrap) col.maxWidth = NOWRAP_MAX_WIDTH;
  return col;
}

function mapNode(node: ColumnNode, ctx: ColumnMappingContext, groupPin: ColumnPin | null): GridColDef {
  if (node.kind === 'invalid') return invalidColDef(node.issue, ctx, groupPin);
  if (node.kind === 'leaf') return leafColDef(node, ctx, groupPin);
  const pinned = groupPin ?? node.fixed;
  return {
    kind: 'group',
    groupId: node.path,
    headerName: metaText(node.label, ctx.locale),
    pinned,
    children: node.children.map((child) => mapNode(child, ctx, pinned)),
  };
}

export function columnToColDef(node: ColumnNode, ctx: ColumnMappingContext): GridColDef {
  return mapNode(node, ctx, null);
}

export function columnsToColDefs(nodes: readonly ColumnNode[], ctx: ColumnMappingContext): GridColDef[] {
  return nodes.map((node) => mapNode(node, ctx, null));
}

/** The leaf column definitions, depth first. */
export function leafColDefs(defs: readonly GridColDef[]): GridLeafColDef[] {
  const out: GridLeafColDef[] = [];
  const visit = (def: GridColDef): void => {
    if (def.kind === 'leaf') out.push(def);
    else def.children.forEach(visit);
  };
  defs.forEach(visit);
  return out;
}

/** Issues of the columns that could not be mapped (parse issues and unknown renderers, slots, formatters). */
export function colDefIssues(defs: readonly GridColDef[]): MetadataIssue[] {
  return leafColDefs(defs).flatMap((d) => (d.issue ? [d.issue] : []));
}

/** The sort state for a click on a sortable column (null for an unsortable or unknown column). */
export function sortStateFor(defs: readonly GridColDef[], colId: string, asc: boolean): SortState | null {
  const key = leafColDefs(defs).find((d) => d.colId === colId)?.sortKey;
  return key ? { ...key, asc } : null;
}
