/**
 * The notes of an item (the note adornment's dialog) or of the page (the Notes record action): reads them
 * (piNoteList.do), adds and reviews them (savePINote.do) as the server grants (`note.add`, `note.review`), and hands
 * the item's new note state (spec §4) to the form so that its icon follows at once.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { PAGE_NOTE, piNoteList, savePINote, type NoteRow } from '../../../engine/api/notes';
import { RequestError } from '../../../engine/http/requestError';
import { metaText } from '../../../engine/metadata/metaText';
import type { ItemAdornmentDialogProps } from '../../../renderers/actions/itemAdornments';
import type { ActionDialogProps } from '../../../renderers/actions/recordActions';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { useEngineLocale } from '../../../renderers/search/metadataText';
import { NoteThread } from './NoteThread';

export function NoteDialog({ ctx, variable, onClose, onItemState }: ItemAdornmentDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const recordid = ctx.record?.recordid ?? null;
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const notes = useEndpoint(piNoteList, recordid === null ? null : { recordid, variable }, {
    reloadToken: reload,
  });
  const item = ctx.form.items.get(variable);
  const title =
    variable === PAGE_NOTE
      ? intl.formatMessage({ id: 'notes.pageTitle' })
      : intl.formatMessage(
          { id: 'notes.itemTitle' },
          { item: item ? metaText(item.label, locale) : variable },
        );

  async function send(params: { action: 'add' | 'review'; text: string; noteid?: string }): Promise<boolean> {
    if (recordid === null) return false;
    setBusy(true);
    setRefusal(null);
    try {
      const saved = await ctx.client.call(
        savePINote,
        { recordid, variable, action: params.action, text: params.text, noteid: params.noteid },
        { silent: true },
      );
      onItemState({ note: saved.notestate });
      setReload((n) => n + 1);
      return true;
    } catch (err) {
      setRefusal(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'notes.failed' }),
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="note-dialog-title">
      <DialogTitle id="note-dialog-title">{title}</DialogTitle>
      <DialogContent data-testid="note-dialog">
        {recordid === null ? (
          <Alert severity="info" data-testid="notes-save-first">
            <FormattedMessage id="notes.saveFirst" />
          </Alert>
        ) : (
          <AsyncView state={notes} isEmpty={() => false} data-testid="notes">
            {(rows) => (
              <NoteThread
                notes={rows as readonly NoteRow[]}
                userTimeZone={ctx.userTimeZone}
                canAdd={ctx.capabilities.has('note.add')}
                canReview={ctx.capabilities.has('note.review')}
                busy={busy}
                refusal={refusal}
                onAdd={(text) => send({ action: 'add', text })}
                onReview={(noteid, text) => send({ action: 'review', noteid, text })}
              />
            )}
          </AsyncView>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="note-dialog-close">
          <FormattedMessage id="notes.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Notes record action's dialog: the notes on the page as a whole. */
export function PageNoteDialog({ ctx, onClose }: ActionDialogProps) {
  return (
    <NoteDialog ctx={ctx} variable={PAGE_NOTE} state={undefined} onClose={onClose} onItemState={() => {}} />
  );
}
