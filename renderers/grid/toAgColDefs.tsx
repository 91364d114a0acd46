/**
 * The engine's column definitions (GridColDef, from columnsToColDefs) → AG Grid ColDef / ColGroupDef, one to one.
 * Sorting is the server's: a sortable column shows the sort it is given and never reorders rows itself.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import type {
  ColDef,
  ColGroupDef,
  ICellRendererComp,
  ICellRendererParams,
  SortDirection,
} from 'ag-grid-community';
import { leafColDefs } from '../../engine/grid/columnToColDef';
import type { GridColDef, GridLeafColDef, GridRow, SortKey } from '../../engine/grid/types';
import type { SortState } from '../../engine/list/types';
import {
  isPlainCellRenderer,
  type CellLabels,
  type CellRenderer,
  type CellRendererRegistry,
  type PlainCellRenderer,
} from './cellRenderers';
import type { GridCellContext, GridCellState } from './cellContext';

/** A cell supplied by the screen config (`slotName` of a column). */
export type CellSlot = (row: GridRow) => ReactNode;
export type CellSlots = Readonly<Record<string, CellSlot>>;

export interface AgColDefOptions {
  cellRenderers: CellRendererRegistry;
  slots: CellSlots;
  /**
   * The sort in force: its column shows the arrow. Absent: the column definitions say nothing of the sort, and a new
   * set keeps the sort the grid shows (MetaGridView applies the sort in force as column state, see sortColumnState).
   */
  sort?: SortState | null;
  /** false: no header sorts, whatever the column set says (a list the server does not sort). */
  sortable?: boolean;
}

export type AgColumn = ColDef<GridRow> | ColGroupDef<GridRow>;

/** Class of the header of a column whose definition is invalid. */
export const INVALID_HEADER_CLASS = 'meta-grid-invalid-header';

/** Rows come sorted from the server: every pair compares equal, so the grid keeps their order. */
const keepServerOrder = (): number => 0;

function sameKey(key: SortKey, sort: SortState): boolean {
  return (
    key.orderByField === sort.orderByField && key.sorttid === sort.sorttid && key.innerid === sort.innerid
  );
}

function sortOf(def: GridLeafColDef, sort: SortState | null): SortDirection {
  if (!sort || !def.sortKey || !sameKey(def.sortKey, sort)) return null;
  return sort.asc ? 'asc' : 'desc';
}

type CellParams = ICellRendererParams<GridRow, unknown, GridCellContext | undefined>;

const NO_CELL_STATE: GridCellState = {};
const noCellState = () => NO_CELL_STATE;
const noSubscription = () => () => undefined;
type CellFn = ((params: CellParams) => ReactNode) | (new () => ICellRendererComp<GridRow>);

/** One cell function per column and renderer, so that re-mapping (a new sort) does not redraw every cell. */
const cellFns = new WeakMap<GridLeafColDef, { source: CellRenderer | CellSlot; fn: CellFn }>();

function cached(def: GridLeafColDef, source: CellRenderer | CellSlot, make: () => CellFn): CellFn {
  const hit = cellFns.get(def);
  if (hit && hit.source === source) return hit.fn;
  const fn = make();
  cellFns.set(def, { source, fn });
  return fn;
}

/** The Open button's label when the grid gives none (tests that build column definitions alone). */
const NO_LABELS: CellLabels = { open: 'Open' };

/**
 * A plain renderer as an AG Grid component of its own (a class with getGui: the grid appends its element, no React).
 * A refresh (the same row's data changed) draws it again, and so does a change of what the grid gives its cells
 * (row actions granted late, the Open label in another language): the cell follows the grid's cell context.
 */
function plainCell(renderer: PlainCellRenderer, def: GridLeafColDef): new () => ICellRendererComp<GridRow> {
  return class PlainCell implements ICellRendererComp<GridRow> {
    private readonly gui = document.createElement('span');
    private params: CellParams | null = null;
    private unsubscribe: (() => void) | null = null;

    init(params: CellParams): void {
      this.params = params;
      this.unsubscribe = params.context?.subscribe(() => this.params && this.draw(this.params)) ?? null;
      this.draw(params);
    }

    getGui(): HTMLElement {
      return this.gui;
    }

    refresh(params: CellParams): boolean {
      this.params = params;
      this.draw(params);
      return true;
    }

    destroy(): void {
      this.unsubscribe?.();
      this.unsubscribe = null;
      this.params = null;
    }

    private draw(params: CellParams): void {
      const row = params.data;
      const { onRowClick, rowActions, labels } = params.context?.current() ?? NO_CELL_STATE;
      const content = row
        ? renderer.plain(
            {
              value: params.value,
              text: params.valueFormatted ?? def.format(params.value, row),
              row,
              ...(onRowClick ? { onRowClick } : {}),
              ...(rowActions && rowActions.length > 0 ? { rowActions } : {}),
            },
            labels ?? NO_LABELS,
          )
        : null;
      if (content) this.gui.replaceChildren(content);
      else this.gui.replaceChildren();
    }
  };
}

function rendererCell(Renderer: CellRenderer, def: GridLeafColDef): CellFn {
  if (isPlainCellRenderer(Renderer)) return plainCell(Renderer, def);
  return function RendererCell(params: CellParams) {
    const { onRowClick, rowActions } = useSyncExternalStore(
      params.context?.subscribe ?? noSubscription,
      params.context?.current ?? noCellState,
    );
    if (!params.data) return null;
    return (
      <Renderer
        value={params.value}
        text={params.valueFormatted ?? def.format(params.value, params.data)}
        row={params.data}
        {...(onRowClick ? { onRowClick } : {})}
        {...(rowActions && rowActions.length > 0 ? { rowActions } : {})}
      />
    );
  };
}

function slotCell(slot: CellSlot): CellFn {
  return function SlotCell(params: CellParams) {
    return params.data ? <>{slot(params.data)}</> : null;
  };
}

function leafColumn(def: GridLeafColDef, options: AgColDefOptions): ColDef<GridRow> {
  const col: ColDef<GridRow> = {
    colId: def.colId,
    headerName: def.headerName,
    headerTooltip: def.headerName,
    valueGetter: (params) => (def.field && params.data ? params.data[def.field] : undefined),
    valueFormatter: (params) => (params.data ? def.format(params.value, params.data) : ''),
    sortable: def.sortable && options.sortable !== false,
    ...(options.sort !== undefined ? { sort: sortOf(def, options.sort) } : {}),
    sortingOrder: ['asc', 'desc', null],
    comparator: keepServerOrder,
    suppressMovable: true,
    ...(def.pinned ? { pinned: def.pinned } : {}),
    // a width from the definition is kept; fitting to the grid's width spreads the rest over the other columns
    ...(def.width !== undefined ? { width: def.width, suppressSizeToFit: true } : {}),
    ...(def.minWidth !== undefined ? { minWidth: def.minWidth } : {}),
    ...(def.maxWidth !== undefined ? { maxWidth: def.maxWidth } : {}),
  };
  if (def.issue) {
    col.headerClass = INVALID_HEADER_CLASS;
    col.valueGetter = () => undefined;
    col.valueFormatter = () => '';
    return col;
  }
  if (def.nowrap) {
    // the truncated text's tooltip, for text cells only: a renderer or slot draws its own content (a chip, a button),
    // and AG Grid's tooltip feature per cell is created and destroyed with every row of every page
    if (def.cell.kind === 'text') {
      col.tooltip = (params) =>
        typeof params.valueFormatted === 'string' ? params.valueFormatted : undefined;
    }
  } else {
    col.wrapText = true;
    col.autoHeight = true;
  }
  if (def.cell.kind === 'renderer') {
    const renderer = options.cellRenderers[def.cell.name];
    if (renderer) col.cellRenderer = cached(def, renderer, () => rendererCell(renderer, def));
  } else if (def.cell.kind === 'slot') {
    const slot = options.slots[def.cell.name];
    if (slot) col.cellRenderer = cached(def, slot, () => slotCell(slot));
  }
  // a renderer or slot draws from the whole row (a click opens it, an action runs on it), not from the column's value
  // alone: AG Grid redraws a cell whose row changed only when `equals` says its value changed, so a row drawn again
  // in place (row slots: the next page in the same rows; the same key read again) must always redraw such a cell, or
  // its buttons would still act on the row drawn there before (an actions column has no value at all)
  if (col.cellRenderer) col.equals = () => false;
  return col;
}

function toAgColumn(def: GridColDef, options: AgColDefOptions): AgColumn {
  if (def.kind === 'leaf') return leafColumn(def, options);
  return {
    groupId: def.groupId,
    headerName: def.headerName,
    marryChildren: true,
    children: def.children.map((child) => toAgColumn(child, options)),
  };
}

export function toAgColDefs(defs: readonly GridColDef[], options: AgColDefOptions): AgColumn[] {
  return defs.map((def) => toAgColumn(def, options));
}

/** The sort each sortable column shows for the sort in force (AG Grid column state, by colId). */
export function sortColumnState(
  defs: readonly GridColDef[],
  sort: SortState | null,
): { colId: string; sort: SortDirection }[] {
  return leafColDefs(defs)
    .filter((def) => def.sortable && !def.issue)
    .map((def) => ({ colId: def.colId, sort: sortOf(def, sort) }));
}
