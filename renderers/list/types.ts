/**
 * A list screen as configuration: search bar + toolbar actions + grid, all from one object. Every list after the
 * subject list is one of these, not new JSX.
 */
import type { ComponentType, ReactNode } from 'react';
import type { HttpMethod } from '../../engine/api/endpoint';
import type { FieldTypeRegistry, RequestParams } from '../../engine/fieldTypes/types';
import type { GridRow, ValueFormatter } from '../../engine/grid/types';
import type { ListQuery } from '../../engine/list/types';
import type { CellRendererRegistry } from '../grid/cellRenderers';
import type { CellSlots } from '../grid/toAgColDefs';
import type { WidgetRegistry } from '../search/widgets/types';

export interface ListActionContext {
  /** The query the list shows. */
  query: ListQuery;
  /** Its request params (search, page, size, sort), e.g. for an export of the same rows. */
  params: RequestParams;
  /** Asks the current page again (after an action changed rows). */
  reload(): void;
}

/** What an action's dialog is given. */
export interface ListActionDialogProps {
  ctx: ListActionContext;
  /** The rows selected when the dialog opened (batch actions). */
  selected?: readonly GridRow[];
  onClose(): void;
}

/** A toolbar button. */
export interface ListAction {
  id: string;
  /** Catalogue key of the button text. */
  labelId: string;
  /** Disabled until rows are selected (batch actions; the grid shows checkboxes when `grid.selectable`). */
  needsSelection?: boolean;
  /** Works on the selected rows but opens without one (its dialog says what to select): keeps checkboxes shown. */
  usesSelection?: boolean;
  /** What a click does (the buttons stay disabled until a returned promise settles) … */
  run?(selectedRows: readonly GridRow[], ctx: ListActionContext): void | Promise<void>;
  /** … or the dialog a click opens (drawn by the toolbar until it calls `onClose`). */
  Dialog?: ComponentType<ListActionDialogProps>;
  /**
   * Whether the action is offered at all, decided by the server (e.g. the sites where the role may add subjects):
   * renders `children` (the button) when it is, nothing otherwise. Without a gate the action is always offered.
   */
  Gate?: ComponentType<{ children: ReactNode }>;
  /**
   * The role permission the action needs (role_permissions, e.g. `query.close`): the action is offered only to roles
   * that hold it (menuList.do `permissions`, checked by the list screen). The server checks it again on every call.
   */
  permission?: string;
}

/**
 * A row action: a button in the row's actions cell (the column set's `openButton` column), beside Open — e.g. the
 * subject list's Overview. Declared by the screen's configuration like the toolbar's actions; the page knows none.
 */
export interface ListRowAction {
  id: string;
  /** Catalogue key of the button text. */
  labelId: string;
  /** The role permission it needs (menuList.do `permissions`); without one it is always offered. */
  permission?: string;
  /** Whether it applies to this row (default: every row). */
  appliesTo?(row: GridRow): boolean;
  run(row: GridRow): void;
}

export interface ListScreenConfig {
  /** Stable id of the screen (test ids, keys). */
  id: string;
  /** Catalogue key of the title above the list. */
  titleId?: string;
  search: {
    /** GET endpoint of the search-field definitions. */
    fieldsPath: string;
    /** Name of the list for searchField/shown.do. */
    listKey: string;
    widgets?: WidgetRegistry;
  };
  grid: {
    /** GET endpoint of the column set. */
    columnsPath: string;
    /** Paged rows endpoint and its method. */
    dataPath: string;
    method: HttpMethod;
    /** Row field that identifies a row. */
    rowKey: string;
    /**
     * Reuse the drawn rows across pages (MetaGridView `rowSlots`): a page change refreshes the rows in place; the row's
     * key is its `row-business-key` attribute instead of its `row-id`.
     */
    rowSlots?: boolean;
    /**
     * Row checkboxes. `true`: always; `'actions'`: only while an offered action uses a selection (`needsSelection` or
     * `usesSelection`), so a role with no batch action sees no checkboxes.
     */
    selectable?: boolean | 'actions';
    slots?: CellSlots;
    cellRenderers?: CellRendererRegistry;
    formatters?: Readonly<Record<string, ValueFormatter>>;
  };
  /** Field types for both the search bar and the grid (built-ins by default). */
  fieldTypes?: FieldTypeRegistry;
  actions?: readonly ListAction[];
  /** Buttons of each row's actions cell, after Open (permission-filtered like `actions`). */
  rowActions?: readonly ListRowAction[];
  /** A click on a row (and on `link` cells). */
  onRowClick?(row: GridRow): void;
}
