/**
 * The record actions of today: enter (first entry of a record), change (a saved record, with reasons for change) —
 * both the page's Save (Ctrl+S / ⌘S) — and the audit trail of a saved record.
 */
import { lazyDialog } from './lazyDialog';
import type { RecordAction } from './recordActions';

const SAVE_ICON =
  'M17 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V7zm-5 16c-1.66 0-3-1.34-3-3s1.34-3 3-3 3 1.34 3 3-1.34 3-3 3m3-10H5V5h10z';
const HISTORY_ICON =
  'M13 3c-4.97 0-9 4.03-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42C8.27 19.99 10.51 21 13 21c4.97 0 9-4.03 9-9s-4.03-9-9-9m-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8z';

/** First entry: a form not entered yet, or a new log-line row. */
export const enterAction: RecordAction = {
  id: 'enter',
  order: 10,
  scope: 'form',
  capability: 'enter',
  labelId: 'formPage.save',
  icon: SAVE_ICON,
  primary: true,
  edits: true,
  testId: 'form-save',
  shortcutKey: 's',
  appliesTo: ({ record }) => record === null,
  disabled: ({ busy }) => busy,
  run: ({ save }) => save(),
};

/** Change of a saved record (the save asks for reasons for the changed values). */
export const changeAction: RecordAction = {
  ...enterAction,
  id: 'change',
  capability: 'change',
  appliesTo: ({ record }) => record !== null,
};

/** The audit trail of a saved record (spec §3 audit columns). */
export const auditTrailAction: RecordAction = {
  id: 'audit',
  order: 100,
  scope: 'form',
  capability: 'audit',
  labelId: 'formPage.auditTrail',
  icon: HISTORY_ICON,
  testId: 'form-audit',
  appliesTo: ({ record }) => record !== null,
  Dialog: lazyDialog(() => import('./AuditTrailActionDialog').then((m) => m.AuditTrailActionDialog)),
};

export const builtinRecordActions: readonly RecordAction[] = [enterAction, changeAction, auditTrailAction];
