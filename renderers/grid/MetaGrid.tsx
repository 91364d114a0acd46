import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type {
  GetRowIdParams,
  GridApi,
  GridSizeChangedEvent,
  RowClickedEvent,
  SelectionChangedEvent,
  SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { HttpMethod } from '../../engine/api/contract';
import type { FieldTypeRegistry, RequestParams } from '../../engine/fieldTypes/types';
import { sortStateFor } from '../../engine/grid/columnToColDef';
import {
  TOOLTIP_MAX_WIDTH,
  type GridColDef,
  type GridRow,
  type ValueFormatter,
} from '../../engine/grid/types';
import type { PageSize, SortState } from '../../engine/list/types';
import type { Timers } from '../../engine/ports';
import { createThrottle, SEARCH_DEBOUNCE } from '../../engine/timing/debounce';
import { LoadFailed } from '../LoadFailed';
import { browserTimers } from '../search/browserTimers';
import { sharedFieldTypes } from '../search/sharedFieldTypes';
import { withCellRenderers, type CellRendererRegistry } from './cellRenderers';
import { GridPager } from './GridPager';
import { useGridTheme } from './gridTheme';
import { registerAgGridModules } from './registerAgGridModules';
import { INVALID_HEADER_CLASS, toAgColDefs, type CellSlots, type GridCellContext } from './toAgColDefs';
import { useColumnDefs } from './useColumnDefs';
import { useRows } from './useRows';

registerAgGridModules();

export interface MetaGridProps {
  /** GET endpoint answering the column set (`data` is the list), e.g. `subject/columns.do`. */
  columnsPath: string;
  /** Paged list endpoint and its method (GET/DELETE: query; POST/PUT: JSON body). */
  dataPath: string;
  method: HttpMethod;
  /** Search params sent with every page (toRequestParams of the list query); null: wait (nothing requested). */
  params: RequestParams | null;
  /** Changing it asks the current page again (after an action changed rows). */
  reloadToken?: number;
  /** 1-based. */
  page: number;
  size: PageSize;
  sort: SortState | null;
  onPageChange(page: number): void;
  onSizeChange(size: PageSize): void;
  /** A click on a sortable header: ascending, descending, then none (null). */
  onSortChange(sort: SortState | null): void;
  /** Row field that identifies a row (keeps the selection and the DOM rows stable). */
  rowKey: string;
  /** Checkboxes for batch actions. */
  selectable?: boolean;
  onSelectionChange?(rows: readonly GridRow[]): void;
  /** A click on a row (not on a checkbox, link or button in it). */
  onRowClick?(row: GridRow): void;
  /** Cells supplied by the screen, by a column's `slotName`. */
  slots?: CellSlots;
  /** Extra named cell renderers (a column's `render`) besides `tag` and `link`. */
  cellRenderers?: CellRendererRegistry;
  /** Extra value formatters (a column's `filter`) besides the built-in ones. */
  formatters?: Readonly<Record<string, ValueFormatter>>;
  fieldTypes?: FieldTypeRegistry;
  /** The user's IANA time zone (login info), for columns with `timezone: 'user'` or none. */
  userTimeZone: string;
  /** Height of the grid body (the pager comes below); 480 px by default. */
  height?: number | string;
  /** Render every row of the page (tests, print); the grid virtualises rows otherwise. */
  suppressRowVirtualisation?: boolean;
  /** Timers for the resize throttle (the browser's by default). */
  timers?: Timers;
}

const NO_SLOTS: CellSlots = {};

function onInteractiveElement(event: Event | null | undefined): boolean {
  const target = event?.target;
  return (
    target instanceof Element &&
    target.closest('a, button, input, label, [role="checkbox"], .ag-selection-checkbox') !== null
  );
}

/**
 * A grid whose columns and rows come from the server: columns from metadata (pinned, groups, formatted cells,
 * renderers and slots, invalid definitions shown in their header), one page of rows per request with the server
 * sorting and paging, loading / empty / error states, and a pager with 20/50/100 rows per page.
 */
export function MetaGrid({
  columnsPath,
  dataPath,
  method,
  params,
  reloadToken = 0,
  page,
  size,
  sort,
  onPageChange,
  onSizeChange,
  onSortChange,
  rowKey,
  selectable = false,
  onSelectionChange,
  onRowClick,
  slots = NO_SLOTS,
  cellRenderers,
  formatters,
  fieldTypes = sharedFieldTypes,
  userTimeZone,
  height = 480,
  suppressRowVirtualisation = false,
  timers = browserTimers,
}: MetaGridProps) {
  const intl = useIntl();
  const theme = useGridTheme();
  const renderers = useMemo(() => withCellRenderers(cellRenderers), [cellRenderers]);
  const rendererNames = useMemo(() => Object.keys(renderers), [renderers]);
  const slotNames = useMemo(() => Object.keys(slots), [slots]);
  const columns = useColumnDefs({
    columnsPath,
    fieldTypes,
    userTimeZone,
    cellRendererNames: rendererNames,
    slotNames,
    ...(formatters ? { formatters } : {}),
  });
  const defs: readonly GridColDef[] | null = columns.status === 'ready' ? columns.defs : null;
  const rows = useRows({ dataPath, method, params, page, size, sort, reloadToken });

  const columnDefs = useMemo(
    () => (defs ? toAgColDefs(defs, { cellRenderers: renderers, slots, sort }) : []),
    [defs, renderers, slots, sort],
  );

  // a page past the end (rows deleted meanwhile, an old link): go to the last page there is
  const lastPage = Math.max(1, Math.ceil(rows.total / size));
  const pastEnd = !rows.loading && !rows.error && rows.rows.length === 0 && rows.total > 0 && page > lastPage;
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

  const context = useMemo<GridCellContext>(
    () => (onRowClick ? { onRowClick: (row: GridRow) => rowClick.current?.(row) } : {}),
    [onRowClick],
  );

  const getRowId = useCallback((p: GetRowIdParams<GridRow>) => String(p.data[rowKey]), [rowKey]);

  const handleSortChanged = useCallback((event: SortChangedEvent<GridRow>) => {
    // only the user's clicks: a sort we apply from props is already the one in force
    if (event.source !== 'uiColumnSorted') return;
    const sorted = (event.columns ?? []).find((c) => c.getSort() === 'asc' || c.getSort() === 'desc');
    const next =
      sorted && currentDefs.current
        ? sortStateFor(currentDefs.current, sorted.getColId(), sorted.getSort() === 'asc')
        : null;
    sortChange.current(next);
  }, []);

  const handleRowClicked = useCallback((event: RowClickedEvent<GridRow>) => {
    if (!event.data || onInteractiveElement(event.event)) return;
    rowClick.current?.(event.data);
  }, []);

  const handleSelectionChanged = useCallback((event: SelectionChangedEvent<GridRow>) => {
    selectionChange.current?.(event.api.getSelectedRows());
  }, []);

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

  const overlayParams = useMemo(
    () => ({
      loading: { overlayText: intl.formatMessage({ id: 'app.loading' }) },
      noRows: {
        overlayText: rows.error
          ? intl.formatMessage({ id: 'grid.loadFailed' })
          : intl.formatMessage({ id: 'grid.noData' }),
      },
    }),
    [intl, rows.error],
  );

  const columnsFailed = columns.status === 'error';
  const waiting = columns.status === 'loading' || (params !== null && rows.loading);

  return (
    <Box data-testid="meta-grid" sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      {columnsFailed && (
        <LoadFailed
          data-testid="meta-grid-columns-error"
          message={<FormattedMessage id="grid.columnsFailed" />}
          retryLabel={<FormattedMessage id="grid.retry" />}
          onRetry={columns.retry}
        />
      )}
      {rows.error && (
        <LoadFailed
          data-testid="meta-grid-error"
          message={
            <>
              <FormattedMessage id="grid.loadFailed" />
              {rows.error.msg ? `: ${rows.error.msg}` : ''}
            </>
          }
          retryLabel={<FormattedMessage id="grid.retry" />}
          onRetry={rows.retry}
        />
      )}
      <Box
        sx={{
          position: 'relative',
          height,
          [`& .${INVALID_HEADER_CLASS}`]: { color: 'error.main', fontWeight: 400 },
          ...(onRowClick ? { '& .ag-row': { cursor: 'pointer' } } : {}),
          '& .ag-tooltip': { maxWidth: TOOLTIP_MAX_WIDTH, whiteSpace: 'normal', overflowWrap: 'anywhere' },
        }}
      >
        {waiting && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 1 }} />
        )}
        <AgGridReact<GridRow>
          theme={theme}
          columnDefs={columnDefs}
          rowData={rows.rows as GridRow[]}
          getRowId={getRowId}
          context={context}
          loading={waiting && rows.rows.length === 0}
          overlayComponentParams={overlayParams}
          rowSelection={rowSelection}
          suppressRowVirtualisation={suppressRowVirtualisation}
          suppressMultiSort
          animateRows={false}
          tooltipShowMode="whenTruncated"
          tooltipShowDelay={500}
          onSortChanged={handleSortChanged}
          onRowClicked={handleRowClicked}
          onSelectionChanged={handleSelectionChanged}
          onGridSizeChanged={handleSizeChanged}
        />
      </Box>
      <GridPager
        page={page}
        size={size}
        total={rows.total}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
        disabled={columnsFailed}
      />
    </Box>
  );
}
