/**
 * Notes as registrations (issue 14): the note adornment (spec §4 icons: 1 list, 2 review, otherwise add) opens the
 * item's notes; the Notes record action opens the page's. No capability is needed to read notes (every role that
 * reads data); adding and reviewing follow `note.add` / `note.review` inside the dialog.
 */
import { noteAdornment } from '../../../renderers/actions/builtinAdornments';
import type { ItemAdornment } from '../../../renderers/actions/itemAdornments';
import { lazyDialog } from '../../../renderers/actions/lazyDialog';
import type { RecordAction } from '../../../renderers/actions/recordActions';
import type { RecordRegistries } from '../../../renderers/actions/recordRegistries';

const NOTES_ICON = 'M3 13h2v-2H3zm0 4h2v-2H3zm0-8h2V7H3zm4 4h14v-2H7zm0 4h14v-2H7zM7 7v2h14V7z';

/** The notes on the page as a whole (a saved record). */
export const pageNotesAction: RecordAction = {
  id: 'notes',
  order: 60,
  scope: 'form',
  capability: 'view',
  labelId: 'notes.pageAction',
  icon: NOTES_ICON,
  testId: 'form-notes',
  appliesTo: ({ record }) => record !== null,
  Dialog: lazyDialog(() => import('./NoteDialog').then((m) => m.PageNoteDialog)),
};

/** The note adornment with its dialog (the item's notes). */
export const notesAdornment: ItemAdornment = {
  ...noteAdornment,
  Dialog: lazyDialog(() => import('./NoteDialog').then((m) => m.NoteDialog)),
};

export function registerNotes(registries: RecordRegistries): void {
  registries.adornments.register(notesAdornment);
  registries.actions.register(pageNotesAction);
}
