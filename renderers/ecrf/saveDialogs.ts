/**
 * The eCRF's own dialogs (the questions of a save, the draft offer, leaving with unsaved changes), each its own chunk
 * (issue 11): a form opens without them, and without MUI's modal machinery (Modal, focus trap, portal, backdrop) that
 * only dialogs need. `preloadSaveDialogs` fetches the save flow's code when the user first changes a value (the
 * form's change, not its defaults), the moment a save (and so a question) becomes likely, so that the question rarely waits; if the code has not arrived, a small
 * spinner shows over the page until it has, and a failure says so with a retry (lazyDialog).
 * Each takes `onClose`: what Escape or a close does while the code is loading or has failed to load.
 */
import { lazyDialog, preloadDialog } from '../actions/lazyDialog';
import type { ChangeReasonDialogProps } from './ChangeReasonDialog';
import type { ConfirmWarningsDialogProps } from './ConfirmWarningsDialog';
import type { DraftOfferDialogProps } from './DraftOfferDialog';
import type { UnsavedChangesDialogProps } from './UnsavedChangesDialog';

interface Closable {
  onClose(): void;
}

export const LazyConfirmWarningsDialog = lazyDialog<ConfirmWarningsDialogProps & Closable>(() =>
  import('./ConfirmWarningsDialog').then((m) => m.ConfirmWarningsDialog),
);
export const LazyChangeReasonDialog = lazyDialog<ChangeReasonDialogProps & Closable>(() =>
  import('./ChangeReasonDialog').then((m) => m.ChangeReasonDialog),
);
export const LazyUnsavedChangesDialog = lazyDialog<UnsavedChangesDialogProps & Closable>(() =>
  import('./UnsavedChangesDialog').then((m) => m.UnsavedChangesDialog),
);
export const LazyDraftOfferDialog = lazyDialog<DraftOfferDialogProps & Closable>(() =>
  import('./DraftOfferDialog').then((m) => m.DraftOfferDialog),
);

/** Fetches the code of the dialogs a save or leaving the page may show (once; a failure is left for the opening). */
let preloaded = false;

export function preloadSaveDialogs(): void {
  if (preloaded) return;
  preloaded = true;
  for (const dialog of [LazyConfirmWarningsDialog, LazyChangeReasonDialog, LazyUnsavedChangesDialog])
    preloadDialog(dialog);
}
