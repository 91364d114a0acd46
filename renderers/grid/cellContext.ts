/**
 * What the grid's cells read at render time beyond their row (the row-open callback, the screen's row actions),
 * as a small store: AG Grid hands its `context` to a cell when the cell is drawn and does not draw cells again when
 * the context changes, so a cell subscribes (useSyncExternalStore) and follows row actions granted late (permissions
 * read after the grid started) or relabelled (another language) without a redraw of the grid.
 */
import type { GridRow } from '../../engine/grid/types';
import type { CellLabels, RowActionButton } from './cellRenderers';

export interface GridCellState {
  onRowClick?: (row: GridRow) => void;
  /** The screen's row actions (drawn by the `openButton` cell after Open). */
  rowActions?: readonly RowActionButton[];
  /** Texts of plain cells, in the user's language. */
  labels?: CellLabels;
}

export interface GridCellContext {
  readonly current: () => GridCellState;
  readonly subscribe: (listener: () => void) => () => void;
  set(state: GridCellState): void;
}

export function createCellContext(initial: GridCellState): GridCellContext {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    current: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      if (
        next.onRowClick === state.onRowClick &&
        next.rowActions === state.rowActions &&
        next.labels?.open === state.labels?.open
      )
        return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
