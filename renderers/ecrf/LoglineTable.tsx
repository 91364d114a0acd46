/**
 * The rows of a log-line form (adverse events, medications …): the app's one grid (MetaGridView) over the form's
 * list metadata (`columns`, docs/list-metadata.md — the same mapping as every MetaGrid) and one page of rows from
 * datalist, a pager over `innerPage`/`total`, no sorting; a click on a row or Enter on it opens it, and "Add row"
 * appends one (rows are never inserted between others nor deleted here).
 */
import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from '../intl';
import type { LineRow } from '../../engine/api/data';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import type { GridRow } from '../../engine/grid/types';
import type { PageSize } from '../../engine/list/types';
import { MetaGridView } from '../grid/MetaGridView';

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
  /** The rows of another page are being asked for (the rows shown are the previous ones). */
  loading?: boolean;
  /** The rows could not be had: said above the grid with a retry (the server's message when it refused). */
  error?: { msg: string | null; retry(): void } | null;
  height?: number | string;
  fieldTypes?: FieldTypeRegistry;
  /** Render every row (tests, print). */
  suppressRowVirtualisation?: boolean;
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
  error = null,
  height = 360,
  fieldTypes,
  suppressRowVirtualisation = false,
}: LoglineTableProps) {
  const intl = useIntl();
  const openRow = useCallback(
    (row: GridRow) => {
      const lineno = Number(row.lineno);
      if (Number.isInteger(lineno)) onOpenLine(lineno);
    },
    [onOpenLine],
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
      <MetaGridView
        columns={columns}
        rows={rows}
        total={total}
        page={innerPage}
        size={size}
        loading={loading}
        error={error}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
        rowKey="lineno"
        onRowClick={openRow}
        userTimeZone={userTimeZone}
        emptyText={intl.formatMessage({ id: 'ecrf.logline.empty' })}
        height={height}
        suppressRowVirtualisation={suppressRowVirtualisation}
        {...(fieldTypes ? { fieldTypes } : {})}
      />
    </Box>
  );
}
