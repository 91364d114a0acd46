/**
 * Named cell renderers (a column's `render`). A screen adds its own by passing `cellRenderers` to MetaGrid (or the
 * ListScreen config); names are checked by the column mapping, so an unknown name shows as an invalid column.
 */
import type { ComponentType } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { FormattedMessage } from 'react-intl';
import type { GridRow } from '../../engine/grid/types';

export interface CellRendererProps {
  /** The raw value of the cell. */
  value: unknown;
  /** The cell's display text (field type, time zone and `filter` applied). */
  text: string;
  row: GridRow;
  /** The grid's row action (opening the row), when the screen has one. */
  onRowClick?: (row: GridRow) => void;
}

export type CellRenderer = ComponentType<CellRendererProps>;
export type CellRendererRegistry = Readonly<Record<string, CellRenderer>>;

/** `tag`: the text as a small chip. */
export function TagCell({ text }: CellRendererProps) {
  return text === '' ? null : <Chip size="small" label={text} />;
}

/** `link`: the text as a link that opens the row. */
export function LinkCell({ text, row, onRowClick }: CellRendererProps) {
  if (!onRowClick) return <>{text}</>;
  return (
    <Link component="button" type="button" variant="body2" onClick={() => onRowClick(row)}>
      {text}
    </Link>
  );
}

/** `openButton`: an Open button that opens the row (the column's value is not shown). */
export function OpenButtonCell({ row, onRowClick }: CellRendererProps) {
  if (!onRowClick) return null;
  return (
    <Button size="small" onClick={() => onRowClick(row)} data-testid="row-open">
      <FormattedMessage id="grid.open" />
    </Button>
  );
}

export const builtinCellRenderers: CellRendererRegistry = {
  tag: TagCell,
  link: LinkCell,
  openButton: OpenButtonCell,
};

/** The built-in renderers with a screen's own added (or replacing one of the same name). */
export function withCellRenderers(extra: CellRendererRegistry = {}): CellRendererRegistry {
  return { ...builtinCellRenderers, ...extra };
}
