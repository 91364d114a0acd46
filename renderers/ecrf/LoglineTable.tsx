/**
 * The rows of a log-line form (adverse events, medications …): a grid whose columns are the form's list metadata
 * (`columns`, docs/list-metadata.md — the same mapping as every MetaGrid) over one page of rows from datalist, a
 * pager over `innerPage`/`total`, a click on a row opens it, and "Add row" appends one (rows are never inserted
 * between others nor deleted here).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type {
  CellKeyDownEvent,
  FullWidthCellKeyDownEvent,
  GetRowIdParams,
  RowClickedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LineRow } from '../../engine/api/formContract';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import { builtinFormatters, colDefIssues, columnsToColDefs } from '../../engine/grid/columnToColDef';
import type { ColumnMappingContext, GridRow } from '../../engine/grid/types';
import type { PageSize } from '../../engine/list/types';
import { codeLabelMap } from '../../engine/metadata/codeOptions';
import { columnLeaves, parseColumns } from '../../engine/metadata/parseColumns';
import type { MetadataIssue } from '../../engine/metadata/types';
import { builtinCellRenderers } from '../grid/cellRenderers';
import { GridPager } from '../grid/GridPager';
import { useGridTheme } from '../grid/gridTheme';
import { registerAgGridModules } from '../grid/registerAgGridModules';
import { INVALID_HEADER_CLASS, toAgColDefs, type GridCellContext } from '../grid/toAgColDefs';
import { useCodeListCache } from '../search/codeLists';
import { useEngineLocale, useIssueText } from '../search/metadataText';
import { sharedFieldTypes } from '../search/sharedFieldTypes';

registerAgGridModules();

export interface LoglineTableProps {
  /** The form's column set (list metadata), from datalist `columns`. */
  columns: readonly unknown[];
  /** One page of rows (datalist `list`). */
  rows: readonly LineRow[];
  total: number;
  /** 1-based page of rows (datalist `innerPage`). */
  innerPage: number;
  size: PageSize;
  onPageChange(innerPage: number): void;
  onSizeChange(size: PageSize): void;
  onOpenLine(lineno: number): void;
  /** Appends a row; no button when absent (read-only roles). */
  onAddLine?(): void;
  userTimeZone: string;
  loading?: boolean;
  height?: number | string;
  fieldTypes?: FieldTypeRegistry;
  /** Render every row (tests, print). */
  suppressRowVirtualisation?: boolean;
}

const RENDERER_NAMES = new Set(Object.keys(builtinCellRenderers));
const NO_SLOTS = new Set<string>();

/** Column definitions of an inline column set, code lists of its `codelist:` formatters loaded on the way. */
function useInlineColumns(columns: readonly unknown[], userTimeZone: string, fieldTypes: FieldTypeRegistry) {
  const locale = useEngineLocale();
  const issueText = useIssueText();
  const cache = useCodeListCache();
  const parsed = useMemo(() => parseColumns(columns, fieldTypes), [columns, fieldTypes]);
  const needed = useMemo(
    () =>
      [
        ...new Set(
          columnLeaves(parsed.items)
            .filter((leaf) => leaf.filter?.name === 'codelist' && leaf.filter.arg)
            .map((leaf) => leaf.filter?.arg ?? ''),
        ),
      ]
        .sort()
        .join('\n'),
    [parsed],
  );
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    Promise.allSettled(needed.split('\n').map((type) => cache.get(type))).then(() => {
      if (current) setLoaded((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [cache, needed]);

  return useMemo(() => {
    const ctx: ColumnMappingContext = {
      locale,
      userTimeZone,
      fieldTypes,
      formatters: builtinFormatters,
      codeLabels(type) {
        const list = cache.peek(type);
        return list ? codeLabelMap(list, locale) : undefined;
      },
      cellRenderers: RENDERER_NAMES,
      slots: NO_SLOTS,
      issueText,
    };
    const defs = columnsToColDefs(parsed.items, ctx);
    const issues: MetadataIssue[] = [...parsed.issues, ...colDefIssues(defs)];
    return { defs, issues, loaded };
  }, [parsed, locale, userTimeZone, fieldTypes, cache, issueText, loaded]);
}

export function LoglineTable({
  columns,
  rows,
  total,
  innerPage,
  size,
  onPageChange,
  onSizeChange,
  onOpenLine,
  onAddLine,
  userTimeZone,
  loading = false,
  height = 360,
  fieldTypes = sharedFieldTypes,
  suppressRowVirtualisation = false,
}: LoglineTableProps) {
  const intl = useIntl();
  const theme = useGridTheme();
  const { defs } = useInlineColumns(columns, userTimeZone, fieldTypes);
  const columnDefs = useMemo(
    () => toAgColDefs(defs, { cellRenderers: builtinCellRenderers, slots: {}, sort: null }),
    [defs],
  );
  const getRowId = useCallback((p: GetRowIdParams<GridRow>) => String(p.data.lineno), []);
  const openRow = useCallback(
    (row: GridRow | undefined) => {
      const lineno = Number(row?.lineno);
      if (Number.isInteger(lineno)) onOpenLine(lineno);
    },
    [onOpenLine],
  );
  const handleRowClicked = useCallback((event: RowClickedEvent<GridRow>) => openRow(event.data), [openRow]);
  // keyboard users open the focused row with Enter (a click is not the only way in)
  const handleCellKeyDown = useCallback(
    (event: CellKeyDownEvent<GridRow> | FullWidthCellKeyDownEvent<GridRow>) => {
      const key = event.event instanceof KeyboardEvent ? event.event.key : null;
      if (key === 'Enter') openRow(event.data);
    },
    [openRow],
  );
  // `link` / `openButton` cells of the column set open their row too
  const context = useMemo<GridCellContext>(() => ({ onRowClick: openRow }), [openRow]);
  const overlayParams = useMemo(
    () => ({
      loading: { overlayText: intl.formatMessage({ id: 'app.loading' }) },
      noRows: { overlayText: intl.formatMessage({ id: 'ecrf.logline.empty' }) },
    }),
    [intl],
  );
  return (
    <Box data-testid="logline-table" sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      {onAddLine && (
        <Box>
          <Button variant="contained" size="small" onClick={onAddLine} data-testid="logline-add">
            <FormattedMessage id="ecrf.logline.add" />
          </Button>
        </Box>
      )}
      <Box
        sx={{
          height,
          '& .ag-row': { cursor: 'pointer' },
          [`& .${INVALID_HEADER_CLASS}`]: { color: 'error.main', fontWeight: 400 },
        }}
      >
        <AgGridReact<GridRow>
          theme={theme}
          columnDefs={columnDefs}
          rowData={rows as unknown as GridRow[]}
          getRowId={getRowId}
          loading={loading}
          overlayComponentParams={overlayParams}
          suppressRowVirtualisation={suppressRowVirtualisation}
          animateRows={false}
          context={context}
          onRowClicked={handleRowClicked}
          onCellKeyDown={handleCellKeyDown}
        />
      </Box>
      <GridPager
        page={innerPage}
        size={size}
        total={total}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      />
    </Box>
  );
}
