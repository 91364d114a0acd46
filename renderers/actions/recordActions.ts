/**
 * Record actions as registrations. An action (enter, change, audit trail today; note, query, SDV, sign, freeze, lock
 * later) declares the capability it needs — one of the server's `capabilities` of the record (engine/api/data.ts
 * RECORD_CAPABILITIES), never decided by the client — where it applies, its icon and label, and what a click does: run
 * a handler or open its dialog. The form page draws the granted actions of scope 'form' in order and knows none of
 * them (the JSON Forms "tester" idea: each definition says when it applies, the page only asks).
 */
import type { ComponentType, RefObject } from 'react';
import type { RecordCapability, RecordInfo } from '../../engine/api/data';
import type { CompiledForm } from '../../engine/form/types';
import type { ApiClient } from '../../engine/http/createApiClient';
import type { EcrfFormController } from '../ecrf/controller';
import { createOrderedRegistry, type OrderedRegistry } from './orderedRegistry';

/** Where an action applies: the whole form (its toolbar), a row of a log-line form, or one item of the form. */
export type ActionScope = 'form' | 'row' | 'item';

/** The visit keys of a form's record. */
export interface RecordKeys {
  subjectid: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
}

/** What decides whether an action applies: the record as read, and what the server grants on it. */
export interface RecordState {
  form: CompiledForm;
  /** The saved record; null for a record not saved yet (a form not entered, a new log-line row). */
  record: RecordInfo | null;
  capabilities: ReadonlySet<RecordCapability>;
}

/** What an action's handler or dialog is given. */
export interface RecordActionContext extends RecordState {
  keys: RecordKeys;
  /** Log-line forms: the row (`'new'`: a row to add); other forms: null. */
  lineno: number | 'new' | null;
  client: ApiClient;
  /** The mounted form: its values, problems, focus. */
  controller: RefObject<EcrfFormController | null>;
  userTimeZone: string;
  /** The page's save of the form's values (the engine's save plan, its questions and the request). */
  save(): Promise<boolean>;
  /** A save (or another action's request) is under way. */
  busy: boolean;
  /** Reads the record again. */
  reload(): void;
}

export interface ActionDialogProps {
  ctx: RecordActionContext;
  onClose(): void;
}

export interface RecordAction {
  readonly id: string;
  readonly order: number;
  readonly scope: ActionScope;
  /** The capability the server must grant for the action to be offered. */
  readonly capability: RecordCapability;
  /** Message id of its label. */
  readonly labelId: string;
  /** SVG path (24×24 viewBox) of its icon; none: a text button. */
  readonly icon?: string;
  /** The page's main action (a contained button). */
  readonly primary?: boolean;
  /** The action writes the form's values: while one applies the inputs are editable (else read-only). */
  readonly edits?: boolean;
  /**
   * Its keyboard shortcut: Ctrl (⌘ on a Mac) and this key (a lower-case letter), taken while the focus is inside the
   * record's page; the browser's own use of the keys (e.g. "save the page") is prevented.
   */
  readonly shortcutKey?: string;
  /** `data-testid` of its button (default `record-action-<id>`). */
  readonly testId?: string;
  /** Beyond the capability, whether it applies to the record as it is (e.g. only to a saved record). */
  appliesTo?(state: RecordState): boolean;
  /** Offered but not available now (e.g. while a save is under way). */
  disabled?(ctx: RecordActionContext): boolean;
  /** What a click does … */
  run?(ctx: RecordActionContext): unknown;
  /** … or the dialog a click opens (drawn by the page until it calls `onClose`). */
  readonly Dialog?: ComponentType<ActionDialogProps>;
  /**
   * … or no button at all: a status drawn in the toolbar in its place (e.g. why the record is read only — frozen, with
   * the reason), shown whenever the action applies.
   */
  readonly Status?: ComponentType<{ ctx: RecordActionContext }>;
}

export type RecordActionRegistry = OrderedRegistry<RecordAction>;

export const createRecordActionRegistry = (defs: readonly RecordAction[] = []): RecordActionRegistry =>
  createOrderedRegistry(defs);

/** Whether an action is offered on a record: its scope, its capability granted, and its own test. */
export function actionApplies(action: RecordAction, scope: ActionScope, state: RecordState): boolean {
  return (
    action.scope === scope && state.capabilities.has(action.capability) && (action.appliesTo?.(state) ?? true)
  );
}

/** The actions offered on a record in one scope, in order. */
export function actionsFor(
  actions: readonly RecordAction[],
  scope: ActionScope,
  state: RecordState,
): readonly RecordAction[] {
  return actions.filter((action) => actionApplies(action, scope, state));
}

/** The form's values may be changed: some action that writes them is offered on the record. */
export function valuesEditable(actions: readonly RecordAction[], state: RecordState): boolean {
  return actions.some((action) => action.edits === true && actionApplies(action, 'form', state));
}
