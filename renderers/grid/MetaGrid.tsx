import { useMemo } from 'react';
import type { HttpMethod } from '../../engine/api/endpoint';
import type { FieldTypeRegistry, RequestParams } from '../../engine/fieldTypes/types';
import type { GridRow, ValueFormatter } from '../../engine/grid/types';
import type { PageSize, SortState } from '../../engine/list/types';
import type { ParsedList } from '../../engine/metadata/types';
import type { Timers } from '../../engine/ports';
import { sharedFieldTypes } from '../search/sharedFieldTypes';
import { useDefinitions } from '../useDefinitions';
import type { CellRendererRegistry, RowActionButton } from './cellRenderers';
import { MetaGridView } from './MetaGridView';
import type { CellSlots } from './toAgColDefs';
import { useRows } from './useRows';

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
  /** Reuse the drawn rows across pages (see MetaGridView). */
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

/** The column set as it came (MetaGridView parses it, as it parses every column set). */
const keepRaw = (raw: unknown): ParsedList<unknown> => ({ items: raw as readonly unknown[], issues: [] });

/**
 * A grid whose columns and rows come from the server: the column set from `columnsPath`, one page of rows per
 * request to `dataPath` with the server sorting and paging, drawn by MetaGridView (columns from metadata,
 * loading / empty / error states, a pager with 20/50/100 rows per page).
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
  fieldTypes = sharedFieldTypes,
  ...view
}: MetaGridProps) {
  const definitions = useDefinitions(columnsPath, keepRaw, fieldTypes);
  const rows = useRows({ dataPath, method, params, page, size, sort, reloadToken });
  const { retry } = rows;
  const rowsError = rows.error;
  const error = useMemo(() => (rowsError ? { msg: rowsError.msg, retry } : null), [rowsError, retry]);
  return (
    <MetaGridView
      {...view}
      columns={definitions.status === 'ready' ? definitions.parsed.items : null}
      columnsError={definitions.status === 'error' ? definitions : null}
      rows={rows.rows}
      total={rows.total}
      page={page}
      size={size}
      loading={params !== null && rows.loading}
      error={error}
      sort={sort}
      fieldTypes={fieldTypes}
    />
  );
}
