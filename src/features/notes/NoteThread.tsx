/**
 * The notes of one item (or of the page): each note with who wrote it, in which role and when (in the user's time
 * zone), and its review — or, while it awaits one, a Review button for the roles that may review (note.review). Below,
 * the form to add a note for the roles that may add (note.add); an empty note is refused in place ('批注不为空').
 * Presentational: the container (NoteDialog) reads and writes through the contract.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { NOTE_TEXT_MAX, type NoteRow } from '../../../engine/api/notes';
import { formatDateInZone } from '../../../engine/fieldTypes/dates';
import { metaText } from '../../../engine/metadata/metaText';
import { useEngineLocale } from '../../../renderers/search/metadataText';

export interface NoteThreadProps {
  notes: readonly NoteRow[];
  userTimeZone: string;
  canAdd: boolean;
  canReview: boolean;
  /** A request is under way (buttons disabled). */
  busy?: boolean;
  /** The server's refusal of the last request, shown in place. */
  refusal?: string | null;
  onAdd(text: string): Promise<boolean>;
  onReview(noteid: string, comment: string): Promise<boolean>;
}

export function NoteThread({
  notes,
  userTimeZone,
  canAdd,
  canReview,
  busy = false,
  refusal = null,
  onAdd,
  onReview,
}: NoteThreadProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const [text, setText] = useState('');
  const [comment, setComment] = useState('');
  const [empty, setEmpty] = useState(false);
  const when = (at: string) => formatDateInZone(at, userTimeZone, true);

  async function add() {
    if (text.trim() === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    if (await onAdd(text.trim())) setText('');
  }

  async function review(noteid: string) {
    if (await onReview(noteid, comment.trim())) setComment('');
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="note-thread">
      {refusal ? (
        <Alert severity="error" data-testid="note-refusal">
          {refusal}
        </Alert>
      ) : null}
      {notes.length === 0 ? (
        <Typography color="text.secondary" data-testid="notes-empty">
          <FormattedMessage id="notes.none" />
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {notes.map((note) => (
            <Box
              component="li"
              key={note.noteid}
              data-testid="note"
              sx={{ borderLeft: 3, borderColor: note.review ? 'success.main' : 'warning.main', pl: 1.5 }}
            >
              <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="note-text">
                {note.text}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage
                  id="notes.by"
                  values={{
                    name: note.realname,
                    user: note.username,
                    role: metaText(note.role, locale),
                    at: when(note.at),
                  }}
                />
              </Typography>
              {note.review ? (
                <Typography variant="body2" color="success.main" data-testid="note-review">
                  <FormattedMessage
                    id="notes.reviewedBy"
                    values={{
                      name: note.review.realname,
                      role: metaText(note.review.role, locale),
                      at: when(note.review.at),
                    }}
                  />
                  {note.review.comment ? ` — ${note.review.comment}` : ''}
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                  <Chip
                    size="small"
                    color="warning"
                    label={intl.formatMessage({ id: 'notes.awaitingReview' })}
                  />
                  {canReview ? (
                    <Button
                      size="small"
                      onClick={() => void review(note.noteid)}
                      disabled={busy}
                      data-testid="note-review-button"
                    >
                      <FormattedMessage id="notes.review" />
                    </Button>
                  ) : null}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      {canReview && notes.some((n) => !n.review) ? (
        <TextField
          label={intl.formatMessage({ id: 'notes.reviewComment' })}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          size="small"
          slotProps={{ htmlInput: { maxLength: NOTE_TEXT_MAX, 'data-testid': 'note-review-comment' } }}
        />
      ) : null}
      {canAdd ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField
            label={intl.formatMessage({ id: 'notes.newNote' })}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (empty) setEmpty(false);
            }}
            multiline
            minRows={2}
            required
            error={empty}
            helperText={empty ? intl.formatMessage({ id: 'notes.empty' }) : ' '}
            slotProps={{ htmlInput: { maxLength: NOTE_TEXT_MAX, 'data-testid': 'note-text-input' } }}
          />
          <Box>
            <Button variant="contained" onClick={() => void add()} disabled={busy} data-testid="note-add">
              <FormattedMessage id="notes.add" />
            </Button>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
