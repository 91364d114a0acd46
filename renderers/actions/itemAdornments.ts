/**
 * Item adornments as registrations: the icons drawn at the end of a form row from the item's state as the server
 * keeps it (spec §4: data type, note state; later SDV, signature, query state …). Only what exists is drawn: an
 * adornment that needs a capability (e.g. SDV) is drawn only when the server grants it.
 *
 * Rows of a form of 1,000 items each draw their adornments: `icon()` is a pure, cheap function of the item state
 * (no hooks); the labels are translated once per form and the icons are painted by CSS classes defined once on the
 * form's root (see adornmentIconsSx).
 */
import type { ComponentType } from 'react';
import type { ItemStatus, RecordCapability } from '../../engine/api/data';
import { createOrderedRegistry, type OrderedRegistry } from './orderedRegistry';
import type { RecordActionContext } from './recordActions';

/** An item's state as the server sends it (`datatype`, `note`, and whatever later workflows add). */
export type ItemState = Readonly<ItemStatus> & Readonly<Record<string, unknown>>;

/**
 * The state of an item the server knows nothing saved of but a workflow has fields for (the server's NOTHING_SAVED,
 * server/domains/data/recordHooks.ts): data type 1, no note.
 */
export const NOTHING_SAVED: ItemState = { datatype: 1, note: 0 };

/** What an adornment's dialog is given: the record (as record actions get it) and the item it was opened on. */
export interface ItemAdornmentDialogProps {
  ctx: RecordActionContext;
  /** The item's variable. */
  variable: string;
  /** The item's state when the dialog opened (undefined: nothing saved and no workflow state). */
  state: ItemState | undefined;
  onClose(): void;
  /** After a change the server accepted: fields merged into the item's state (the icon follows at once). */
  onItemState(fields: Readonly<Record<string, unknown>>): void;
}

export interface AdornmentIcon {
  /** SVG path (24×24 viewBox). */
  path: string;
  /** Message id of its label (the icon's accessible name and tooltip). */
  labelId: string;
}

export interface ItemAdornment {
  readonly id: string;
  readonly order: number;
  /** Drawn only when the server grants this capability on the record; none: always. */
  readonly capability?: RecordCapability;
  /** The icons it may draw, by name. */
  readonly icons: Readonly<Record<string, AdornmentIcon>>;
  /**
   * Which of its icons the item's state calls for; null: none. `state` is undefined for an item the server has no
   * state of (nothing saved yet).
   */
  icon(state: ItemState | undefined): string | null;
  /**
   * The dialog its icon opens (a query thread, a note list, SDV …): with one, the icon is a button; without, a
   * picture only.
   */
  readonly Dialog?: ComponentType<ItemAdornmentDialogProps>;
}

/** An item's state with a workflow's new fields merged in (an item without state starts as NOTHING_SAVED). */
export function withItemFields(
  states: Readonly<Record<string, ItemState>>,
  variable: string,
  fields: Readonly<Record<string, unknown>>,
): Record<string, ItemState> {
  return { ...states, [variable]: { ...(states[variable] ?? NOTHING_SAVED), ...fields } };
}

export type ItemAdornmentRegistry = OrderedRegistry<ItemAdornment>;

export const createItemAdornmentRegistry = (defs: readonly ItemAdornment[] = []): ItemAdornmentRegistry =>
  createOrderedRegistry(defs);

/** The adornments drawn on a record: those needing no capability, and those whose capability is granted. */
export function adornmentsFor(
  adornments: readonly ItemAdornment[],
  capabilities: ReadonlySet<RecordCapability>,
): readonly ItemAdornment[] {
  return adornments.filter((a) => a.capability === undefined || capabilities.has(a.capability));
}

/** The CSS class that paints one icon of an adornment. */
export const adornmentIconClass = (adornment: string, icon: string) =>
  `ecrf-ico ecrf-ico-${adornment}-${icon}`;
