/**
 * Named cell renderers (a column's `render`). A screen adds its own by passing `cellRenderers` to MetaGrid (or the
 * ListScreen config); names are checked by the column mapping, so an unknown name shows as an invalid column.
 *
 * The built-ins are plain elements styled once on the grid's root (cellRendererStyles), not MUI components: a page
 * change replaces every row, and a Chip or a Button (emotion styles, ripple) per row was most of the client's time
 * of a page change (docs/perf-list-and-bundles.md). They look like MUI's small chip and text button.
 */
import type { ComponentType } from 'react';
import type { Theme } from '@mui/material/styles';
import { FormattedMessage } from 'react-intl';
import type { GridRow } from '../../engine/grid/types';

/** A button of a row's actions cell besides Open (a screen's row action, its label already translated). */
export interface RowActionButton {
  id: string;
  label: string;
  appliesTo?(row: GridRow): boolean;
  run(row: GridRow): void;
}

export interface CellRendererProps {
  /** The raw value of the cell. */
  value: unknown;
  /** The cell's display text (field type, time zone and `filter` applied). */
  text: string;
  row: GridRow;
  /** The grid's row action (opening the row), when the screen has one. */
  onRowClick?: (row: GridRow) => void;
  /** The screen's other row actions (the actions cell draws them after Open). */
  rowActions?: readonly RowActionButton[];
}

export type CellRenderer = ComponentType<CellRendererProps>;
export type CellRendererRegistry = Readonly<Record<string, CellRenderer>>;

/** Class names of the built-in cells (styled by cellRendererStyles). */
export const CELL_CLASSES = { tag: 'meta-tag', link: 'meta-link', open: 'meta-open' } as const;

/** `tag`: the text as a small chip. */
export function TagCell({ text }: CellRendererProps) {
  return text === '' ? null : <span className={CELL_CLASSES.tag}>{text}</span>;
}

/** `link`: the text as a link that opens the row. */
export function LinkCell({ text, row, onRowClick }: CellRendererProps) {
  if (!onRowClick) return <>{text}</>;
  return (
    <button type="button" className={CELL_CLASSES.link} onClick={() => onRowClick(row)}>
      {text}
    </button>
  );
}

/**
 * `openButton`: the row's actions cell — an Open button that opens the row, then the screen's row actions that apply
 * to it (the column's value is not shown).
 */
export function OpenButtonCell({ row, onRowClick, rowActions = [] }: CellRendererProps) {
  const others = rowActions.filter((a) => a.appliesTo?.(row) ?? true);
  if (!onRowClick && others.length === 0) return null;
  return (
    <>
      {onRowClick ? (
        <button
          type="button"
          className={CELL_CLASSES.open}
          onClick={() => onRowClick(row)}
          data-testid="row-open"
        >
          <FormattedMessage id="grid.open" />
        </button>
      ) : null}
      {others.map((a) => (
        <button
          key={a.id}
          type="button"
          className={CELL_CLASSES.open}
          onClick={() => a.run(row)}
          data-testid={`row-action-${a.id}`}
        >
          {a.label}
        </button>
      ))}
    </>
  );
}

/** The built-in cells' look, set once on the grid's root (MUI's small chip, link and small text button). */
export function cellRendererStyles(theme: Theme): Record<string, Record<string, unknown>> {
  const focus = { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 };
  return {
    [`& .${CELL_CLASSES.tag}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      height: 24,
      padding: '0 8px',
      borderRadius: 12,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1,
      whiteSpace: 'nowrap',
      color: theme.palette.text.primary,
      backgroundColor: theme.palette.action.selected,
    },
    [`& .${CELL_CLASSES.link}`]: {
      padding: 0,
      border: 0,
      background: 'none',
      font: 'inherit',
      color: theme.palette.primary.main,
      textDecoration: 'underline',
      textDecorationColor: 'currentColor',
      textUnderlineOffset: 2,
      cursor: 'pointer',
      '&:focus-visible': focus,
    },
    [`& .${CELL_CLASSES.open}`]: {
      padding: '4px 5px',
      minWidth: 64,
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'none',
      fontFamily: theme.typography.button.fontFamily,
      fontWeight: theme.typography.button.fontWeight,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1.75,
      textTransform: theme.typography.button.textTransform,
      color: theme.palette.primary.main,
      cursor: 'pointer',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': focus,
    },
  };
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
