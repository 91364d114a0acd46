/**
 * Named cell renderers (a column's `render`). A screen adds its own by passing `cellRenderers` to MetaGrid (or the
 * ListScreen config); names are checked by the column mapping, so an unknown name shows as an invalid column.
 *
 * The built-ins are plain DOM elements styled once on the grid's root (cellRendererStyles), neither MUI nor React
 * components: a page change replaces every row, and a Chip or a Button (emotion styles, ripple) per row was most of
 * the client's time of a page change (docs/perf-list-and-bundles.md), then a React component per cell the largest
 * rest (docs/perf-list-page-change.md). They look like MUI's small chip and text button.
 */
import type { ComponentType } from 'react';
import type { Theme } from '@mui/material/styles';
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

/** Texts a plain cell may show, already in the user's language (the grid's `context`). */
export interface CellLabels {
  /** The Open button of the `openButton` cell. */
  open: string;
}

/**
 * A cell drawn without React: its content as DOM nodes, made from the same props (plus the labels it shows). The
 * grid creates it as an AG Grid component of its own, so a page change builds a few elements per row instead of a
 * React component per cell (docs/perf-list-page-change.md). The built-ins are plain; a screen's own renderer may be
 * either.
 */
export interface PlainCellRenderer {
  plain(props: CellRendererProps, labels: CellLabels): Node | null;
}

export type CellRenderer = ComponentType<CellRendererProps> | PlainCellRenderer;
export type CellRendererRegistry = Readonly<Record<string, CellRenderer>>;

export function isPlainCellRenderer(renderer: CellRenderer): renderer is PlainCellRenderer {
  return typeof renderer === 'object' && renderer !== null && 'plain' in renderer;
}

/** Class names of the built-in cells (styled by cellRendererStyles). */
export const CELL_CLASSES = { tag: 'meta-tag', link: 'meta-link', open: 'meta-open' } as const;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

function button(className: string, text: string, testId: string, onClick: () => void): HTMLButtonElement {
  const b = element('button', className, text);
  b.type = 'button';
  b.dataset.testid = testId;
  b.addEventListener('click', onClick);
  return b;
}

/** `tag`: the text as a small chip. */
export const TagCell: PlainCellRenderer = {
  plain: ({ text }) => (text === '' ? null : element('span', CELL_CLASSES.tag, text)),
};

/** `link`: the text as a link that opens the row. */
export const LinkCell: PlainCellRenderer = {
  plain({ text, row, onRowClick }) {
    if (!onRowClick) return document.createTextNode(text);
    const b = element('button', CELL_CLASSES.link, text);
    b.type = 'button';
    b.addEventListener('click', () => onRowClick(row));
    return b;
  },
};

/**
 * `openButton`: the row's actions cell — an Open button that opens the row, then the screen's row actions that apply
 * to it (the column's value is not shown).
 */
export const OpenButtonCell: PlainCellRenderer = {
  plain({ row, onRowClick, rowActions = [] }, labels) {
    const others = rowActions.filter((a) => a.appliesTo?.(row) ?? true);
    if (!onRowClick && others.length === 0) return null;
    const cell = document.createDocumentFragment();
    if (onRowClick) cell.append(button(CELL_CLASSES.open, labels.open, 'row-open', () => onRowClick(row)));
    for (const a of others) {
      cell.append(button(CELL_CLASSES.open, a.label, `row-action-${a.id}`, () => a.run(row)));
    }
    return cell;
  },
};

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
