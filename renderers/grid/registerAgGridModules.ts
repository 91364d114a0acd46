/**
 * AG Grid modules, registered once for every grid of the app. Only list pages (lazy chunks) import this folder, so
 * the grid stays out of the login front's bundle.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  ModuleRegistry,
  RowApiModule,
  RowAutoHeightModule,
  RowSelectionModule,
  TooltipModule,
  ValidationModule,
  type Module,
} from 'ag-grid-community';

let registered = false;

/** The features MetaGrid uses: client-side rows of one page, selection, tooltips, fit-to-width, wrapped rows. */
export const GRID_MODULES: readonly Module[] = [
  ClientSideRowModelModule,
  RowSelectionModule,
  TooltipModule,
  ColumnAutoSizeModule,
  RowAutoHeightModule,
  CellStyleModule,
  // forEachNode: the selection follows the rows, not the reused row slots (MetaGridView rowSlots)
  RowApiModule,
  // applyColumnState: a sort change is shown as column state, not as a new set of column definitions (MetaGridView)
  ColumnApiModule,
];

export function registerAgGridModules(): void {
  if (registered) return;
  registered = true;
  // in development the grid also names any feature used without its module
  ModuleRegistry.registerModules([...GRID_MODULES, ...(import.meta.env.DEV ? [ValidationModule] : [])]);
}
