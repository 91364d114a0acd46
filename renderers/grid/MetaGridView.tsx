import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type {
  CellKeyDownEvent,
  FullWidthCellKeyDownEvent,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  GridSizeChangedEvent,
  IRowNode,
  NewColumnsLoadedEvent,
  RowClickedEvent,
  RowDataUpdatedEvent,
  SelectionChangedEvent,
  SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { FormattedMessage, useIntl } from '../intl';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import { sortStateFor } from '../../engine/grid/columnToColDef';
import { TOOLTIP_MAX_WIDTH, type GridRow, type ValueFormatter } from '../../engine/grid/types';
import type { PageSize, SortState } from '../../engine/list/types';
import type { Timers } from '../../engine/ports';
import { createThrottle, SEARCH_DEBOUNCE } from '../../engine/timing/debounce';
import { LoadFailed } from '../LoadFailed';
import { browserTimers } from '../search/browserTimers';
import { sharedFieldTypes } from '../search/sharedFieldTypes';
import {
  cellRendererStyles,
  withCellRenderers,
  type CellRendererRegistry,
  type RowActionButton,
} from './cellRenderers';
import { GridPager } from './GridPager';
import { useGridTheme } from './gridTheme';
import { registerAgGridModules } from './registerAgGridModules';
import { createCellContext } from './cellContext';
import { INVALID_HEADER_CLASS, sortColumnState, toAgColDefs, type CellSlots } from './toAgColDefs';
import { useInlineColumnDefs } from './useColumnDefs';

registerAgGridModules();

export interface MetaGridViewProps {
  /**
   * The column set as the server sent it (list metadata: the `data` of a columns endpoint, a datalist's `columns`),
   * parsed and mapped like every column set; null while it is not there yet.
   */
  columns: readonly unknown[] | null;
  /** Loading the column set failed: said in place, with this retry (the pager is disabled meanwhile). */
  columnsError?: { retry(): void } | null;
  /** One page of rows. */
  rows: readonly GridRow[];
  /** Rows in all pages. */
  total: number;
  /** 1-based page the rows belong to. */
  page: number;
  size: PageSize;
  /** The page is being asked for (the rows shown are the previous page's, if any). */
  loading?: boolean;
  /** The page could not be had: said above the grid with a retry (the server's message when it refused). */
  error?: { msg: string | null; retry(): void } | null;
  onPageChange(page: number): void;
  onSizeChange(size: PageSize): void;
  /** The server's sort in force (its header shows the arrow). */
  sort?: SortState | null;
  /** A click on a sortable header: ascending, descending, then none (null). Absent: no header sorts. */
  onSortChange?(sort: SortState | null): void;
  /** Row field that identifies a row (keeps the selection and the DOM rows stable). */
  rowKey: string;
  /**
   * Reuse the drawn rows across pages (a server-paged list): AG Grid's row id is the row's position in the page, so a
   * page change refreshes the cells of the rows already drawn instead of destroying every row (in its pinned and
   * centre containers) and creating new ones. The row's `rowKey` is then its `row-business-key` attribute, and the
   * selection follows the rows by `rowKey` here (a row selected stays selected when the same page comes again after
   * a reload; a page change keeps the selected rows it still shows, as without slots). Only the rows in view are
   * drawn (no row buffer): a page change then refreshes the ten-odd rows the user sees, not all 20–100 of the page;
   * the others are drawn as they are scrolled to.
   */
  rowSlots?: boolean;
  /** Checkboxes for batch actions. */
  selectable?: boolean;
  onSelectionChange?(rows: readonly GridRow[]): void;
  /** A click on a row (not on a checkbox, link or button in it), or Enter on one of its cells. */
  onRowClick?(row: GridRow): void;
  /** The screen's row actions (the `openButton` cell draws them after Open). */
  rowActions?: readonly RowActionButton[];
  /** Cells supplied by the screen, by a column's `slotName`. */
  slots?: CellSlots;
  /** Extra named cell renderers (a column's `render`) besides the built-in ones. */
  cellRenderers?: CellRendererRegistry;
  /** Extra value formatters (a column's `filter`) besides the built-in ones. */
  formatters?: Readonly<Record<string, ValueFormatter>>;
  fieldTypes?: FieldTypeRegistry;
  /** The user's IANA time zone (login info), for columns with `timezone: 'user'` or none. */
  userTimeZone: string;
  /** What an empty page says (already in the user's language); "no data" by default. */
  emptyText?: string;
  /** Height of the grid body (the pager comes below); 480 px by default. */
  height?: number | string;
  /** Render every row of the page (tests, print); the grid virtualises rows otherwise. */
  suppressRowVirtualisation?: boolean;
  /** Timers for the resize throttle (the browser's by default). */
  timers?: Timers;
}

const NO_SLOTS: CellSlots = {};

/**
 * How long a page, sort or search change over rows already shown may wait before the progress bar shows. A quick
 * answer (the common case: tens of ms) then changes the rows without the bar appearing and going again (its
 * animation is a layer of its own that the browser lays out, paints and composites every frame it is shown). A first
 * load (no rows yet) shows the bar at once.
 */
export const PROGRESS_DELAY_MS = 300;

/** `on`, but only once it has stayed on for `delayMs` (off at once). */
function useDelayedFlag(on: boolean, delayMs: number, timers: Timers): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) {
      setLate(false);
      return;
    }
    const handle = timers.setTimeout(() => setLate(true), delayMs);
    return () => timers.clearTimeout(handle);
  }, [on, delayMs, timers]);
  return on && late;
}

/** A row's position in its page (rowSlots): not enumerable, so the row handed to clicks and actions is unchanged. */
const SLOT = Symbol('row slot');

function slotted(rows: readonly GridRow[]): GridRow[] {
  return rows.map((row, i) => Object.defineProperty({ ...row }, SLOT, { value: i, enumerable: false }));
}

const slotOf = (row: GridRow): number | undefined => (row as { [SLOT]?: number })[SLOT];

/** Applies the sort each column should show, when the grid shows another (no sortChanged from the user then). */
function showSort(
  api: GridApi<GridRow>,
  state: readonly { colId: string; sort: 'asc' | 'desc' | null }[],
): void {
  const differs = state.some(({ colId, sort }) => (api.getColumn(colId)?.getSort() ?? null) !== sort);
  if (differs) api.applyColumnState({ state: [...state], defaultState: { sort: null } });
}

function onInteractiveElement(event: Event | null | undefined): boolean {
  const target = event?.target;
  return (
    target instanceof Element &&
    target.closest('a, button, input, label, [role="checkbox"], .ag-selection-checkbox') !== null
  );
}

/**
 * The one grid of the app, drawn from what it is given: a column set (list metadata: pinned, groups, formatted
 * cells, renderers and slots, invalid definitions shown in their header) over one page of rows the server sorted
 * and paged, with loading / empty / error states and a pager with 20/50/100 rows per page. A click on a row or
 * Enter on one of its cells opens it. MetaGrid feeds it from URLs; a log-line form feeds it from its datalist.
 */
export function MetaGridView({
  columns,
  columnsError = null,
  rows,
  total,
  page,
  size,
  loading = false,
  error = null,
  onPageChange,
  onSizeChange,
  sort = null,
  onSortChange,
  rowKey,
  rowSlots = false,
  selectable = false,
  onSelectionChange,
  onRowClick,
  rowActions,
  slots = NO_SLOTS,
  cellRenderers,
  formatters,
  fieldTypes = sharedFieldTypes,
  userTimeZone,
  emptyText,
  height = 480,
  suppressRowVirtualisation = false,
  timers = browserTimers,
}: MetaGridViewProps) {
  const intl = useIntl();
  const theme = useGridTheme();
  const renderers = useMemo(() => withCellRenderers(cellRenderers), [cellRenderers]);
  const rendererNames = useMemo(() => Object.keys(renderers), [renderers]);
  const slotNames = useMemo(() => Object.keys(slots), [slots]);
  const defs = useInlineColumnDefs(columnsError ? null : columns, {
    fieldTypes,
    userTimeZone,
    cellRendererNames: rendererNames,
    slotNames,
    ...(formatters ? { formatters } : {}),
  });
  const sortable = onSortChange !== undefined;

  // the sort is not part of the column definitions: a sort change is applied to the grid as column state (below), so
  // that it does not hand AG Grid a new set of column definitions to compare, rebuild and draw the header from
  const columnDefs = useMemo(
    () => (defs ? toAgColDefs(defs, { cellRenderers: renderers, slots, sortable }) : []),
    [defs, renderers, slots, sortable],
  );

  // a page past the end (rows deleted meanwhile, an old link): go to the last page there is
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pastEnd = !loading && !error && rows.length === 0 && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastEnd) onPageChange(lastPage);
  }, [pastEnd, lastPage, onPageChange]);

  const rowClick = useRef(onRowClick);
  const selectionChange = useRef(onSelectionChange);
  const sortChange = useRef(onSortChange);
  const currentDefs = useRef(defs);
  useEffect(() => {
    rowClick.current = onRowClick;
    selectionChange.current = onSelectionChange;
    sortChange.current = onSortChange;
    currentDefs.current = defs;
  });

  // what cells read beyond their row, as a store they follow (AG Grid does not draw cells again for a new context)
  const opensRows = onRowClick !== undefined;
  const drawnActions = rowActions && rowActions.length > 0 ? rowActions : undefined;
  const openLabel = intl.formatMessage({ id: 'grid.open' });
  const cellState = useMemo(
    () => ({
      ...(opensRows ? { onRowClick: (row: GridRow) => rowClick.current?.(row) } : {}),
      ...(drawnActions ? { rowActions: drawnActions } : {}),
      labels: { open: openLabel },
    }),
    [opensRows, drawnActions, openLabel],
  );
  const [context] = useState(() => createCellContext(cellState));
  useEffect(() => context.set(cellState), [context, cellState]);

  const keyOf = useCallback((row: GridRow | undefined) => (row ? String(row[rowKey]) : ''), [rowKey]);
  const rowData = useMemo(() => (rowSlots ? slotted(rows) : (rows as GridRow[])), [rows, rowSlots]);
  // New rows go to the grid in the commit that brings them (a layout effect), not from ag-grid-react's passive effect
  // on its props: the cells it redraws are then rendered in the same task, before the browser paints, instead of one
  // or two scheduler tasks later (each of which may wait for a frame). The grid is created with the rows of its first
  // render; the rowData prop keeps that array, so that ag-grid-react never hands the grid the same rows a second time.
  const gridApi = useRef<GridApi<GridRow> | null>(null);
  const latestRowData = useRef(rowData);
  const [initialRowData] = useState(rowData);
  useLayoutEffect(() => {
    latestRowData.current = rowData;
    const api = gridApi.current;
    if (api && !api.isDestroyed() && api.getGridOption('rowData') !== rowData)
      api.setGridOption('rowData', rowData);
  }, [rowData]);
  // the sort in force, shown by its header (a click on a header already shows it: then nothing changes here)
  const sortState = useMemo(
    () => (defs && sortable ? sortColumnState(defs, sort) : []),
    [defs, sortable, sort],
  );
  const latestSortState = useRef(sortState);
  useLayoutEffect(() => {
    latestSortState.current = sortState;
    const api = gridApi.current;
    if (api && !api.isDestroyed()) showSort(api, sortState);
  }, [sortState, columnDefs]);
  const handleGridReady = useCallback((event: GridReadyEvent<GridRow>) => {
    gridApi.current = event.api;
    if (event.api.getGridOption('rowData') !== latestRowData.current)
      event.api.setGridOption('rowData', latestRowData.current);
    showSort(event.api, latestSortState.current);
  }, []);
  // a column set given after the sort (the server's columns arrive after the grid is drawn) shows the sort in force
  const handleNewColumnsLoaded = useCallback((event: NewColumnsLoadedEvent<GridRow>) => {
    showSort(event.api, latestSortState.current);
  }, []);
  const getRowId = useCallback(
    (p: GetRowIdParams<GridRow>) => (rowSlots ? `slot-${slotOf(p.data) ?? 0}` : keyOf(p.data)),
    [rowSlots, keyOf],
  );
  const businessKey = useCallback((node: IRowNode<GridRow>) => keyOf(node.data), [keyOf]);
  // rowSlots: the selection by rowKey (a slot keeps AG Grid's selection while its row changes)
  const selectedKeys = useRef<ReadonlySet<string>>(new Set());

  const handleSortChanged = useCallback((event: SortChangedEvent<GridRow>) => {
    // only the user's clicks: a sort we apply from props is already the one in force
    if (event.source !== 'uiColumnSorted') return;
    const sorted = (event.columns ?? []).find((c) => c.getSort() === 'asc' || c.getSort() === 'desc');
    const next =
      sorted && currentDefs.current
        ? sortStateFor(currentDefs.current, sorted.getColId(), sorted.getSort() === 'asc')
        : null;
    sortChange.current?.(next);
  }, []);

  const handleRowClicked = useCallback((event: RowClickedEvent<GridRow>) => {
    if (!event.data || onInteractiveElement(event.event)) return;
    rowClick.current?.(event.data);
  }, []);

  // keyboard users open the focused row with Enter (a link or button in the cell answers Enter itself)
  const handleCellKeyDown = useCallback(
    (event: CellKeyDownEvent<GridRow> | FullWidthCellKeyDownEvent<GridRow>) => {
      const key = event.event instanceof KeyboardEvent ? event.event.key : null;
      if (key !== 'Enter' || !event.data || onInteractiveElement(event.event)) return;
      rowClick.current?.(event.data);
    },
    [],
  );

  const handleSelectionChanged = useCallback(
    (event: SelectionChangedEvent<GridRow>) => {
      const selected = event.api.getSelectedRows();
      selectedKeys.current = new Set(selected.map(keyOf));
      selectionChange.current?.(selected);
    },
    [keyOf],
  );

  // rowSlots: the rows of a slot changed in place; select exactly the shown rows whose key was selected before
  const handleRowDataUpdated = useCallback(
    (event: RowDataUpdatedEvent<GridRow>) => {
      if (!rowSlots) return;
      const wanted = selectedKeys.current;
      const select: IRowNode<GridRow>[] = [];
      const deselect: IRowNode<GridRow>[] = [];
      let changed = false;
      event.api.forEachNode((node) => {
        const want = wanted.has(keyOf(node.data));
        (want ? select : deselect).push(node);
        if (want !== (node.isSelected() === true)) changed = true;
      });
      if (changed) {
        if (deselect.length > 0) event.api.setNodesSelected({ nodes: deselect, newValue: false });
        if (select.length > 0) event.api.setNodesSelected({ nodes: select, newValue: true });
      } else if (select.length !== wanted.size) {
        // selected rows left the page: say what is selected now
        selectedKeys.current = new Set(select.map((n) => keyOf(n.data)));
        selectionChange.current?.(select.map((n) => n.data).filter((d): d is GridRow => !!d));
      }
    },
    [rowSlots, keyOf],
  );

  // fit the columns to the width after a resize, at most every 300 ms
  const [fit] = useState(() =>
    createThrottle(timers, SEARCH_DEBOUNCE.resizeThrottleMs, (api: GridApi<GridRow>) => {
      if (!api.isDestroyed()) api.sizeColumnsToFit({ defaultMinWidth: 80 });
    }),
  );
  useEffect(() => () => fit.cancel(), [fit]);
  const handleSizeChanged = useCallback((event: GridSizeChangedEvent<GridRow>) => fit.call(event.api), [fit]);

  const rowSelection = useMemo(
    () =>
      selectable
        ? ({ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false } as const)
        : undefined,
    [selectable],
  );

  const failed = error !== null;
  const overlayParams = useMemo(
    () => ({
      loading: { overlayText: intl.formatMessage({ id: 'app.loading' }) },
      noRows: {
        overlayText: failed
          ? intl.formatMessage({ id: 'grid.loadFailed' })
          : (emptyText ?? intl.formatMessage({ id: 'grid.noData' })),
      },
    }),
    [intl, failed, emptyText],
  );

  const waiting = (columns === null && !columnsError) || loading;
  // over rows already shown, the bar waits PROGRESS_DELAY_MS (a quick page change draws no bar); a first load shows it
  const lateWaiting = useDelayedFlag(waiting, PROGRESS_DELAY_MS, timers);
  const showProgress = rows.length === 0 ? waiting : lateWaiting;

  return (
    <Box data-testid="meta-grid" sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      {columnsError && (
        <LoadFailed
          data-testid="meta-grid-columns-error"
          message={<FormattedMessage id="grid.columnsFailed" />}
          retryLabel={<FormattedMessage id="grid.retry" />}
          onRetry={columnsError.retry}
        />
      )}
      {error && (
        <LoadFailed
          data-testid="meta-grid-error"
          message={
            <>
              <FormattedMessage id="grid.loadFailed" />
              {error.msg ? `: ${error.msg}` : ''}
            </>
          }
          retryLabel={<FormattedMessage id="grid.retry" />}
          onRetry={error.retry}
        />
      )}
      <Box
        sx={(t) => ({
          ...cellRendererStyles(t),
          position: 'relative',
          height,
          [`& .${INVALID_HEADER_CLASS}`]: { color: 'error.main', fontWeight: 400 },
          ...(onRowClick ? { '& .ag-row': { cursor: 'pointer' } } : {}),
          '& .ag-tooltip': { maxWidth: TOOLTIP_MAX_WIDTH, whiteSpace: 'normal', overflowWrap: 'anywhere' },
        })}
      >
        {showProgress && (
          // contained: its bars animate left/right, which would otherwise lay out and paint the page every frame
          <LinearProgress
            data-testid="meta-grid-progress"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 1, contain: 'strict' }}
          />
        )}
        <AgGridReact<GridRow>
          theme={theme}
          columnDefs={columnDefs}
          rowData={initialRowData}
          getRowId={getRowId}
          {...(rowSlots ? { getBusinessKeyForNode: businessKey } : {})}
          context={context}
          loading={waiting && rows.length === 0}
          overlayComponentParams={overlayParams}
          rowSelection={rowSelection}
          suppressRowVirtualisation={suppressRowVirtualisation}
          suppressMultiSort
          animateRows={false}
          {...(rowSlots ? { rowBuffer: 0 } : {})}
          tooltipShowMode="whenTruncated"
          tooltipShowDelay={500}
          onSortChanged={handleSortChanged}
          onRowClicked={handleRowClicked}
          onCellKeyDown={handleCellKeyDown}
          onSelectionChanged={handleSelectionChanged}
          onRowDataUpdated={handleRowDataUpdated}
          onGridReady={handleGridReady}
          onNewColumnsLoaded={handleNewColumnsLoaded}
          onGridSizeChanged={handleSizeChanged}
        />
      </Box>
      <GridPager
        page={page}
        size={size}
        total={total}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
        disabled={columnsError !== null}
      />
    </Box>
  );
}
