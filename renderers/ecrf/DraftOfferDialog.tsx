/**
 * Values typed earlier and never saved were kept (a draft): restore them into the form, or discard them. When the
 * record was saved again after the values were typed (by someone else, or from another tab), the dialog says who
 * changed it and when, so that restoring does not overwrite newer data unknowingly.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from '../intl';
import { formatDateInZone } from '../../engine/fieldTypes/dates';

/** A change of the record made after the draft's values were typed. */
export interface DraftRecordChange {
  /** Who saved the record last (RecordInfo.updatedby). */
  updatedby: string;
  /** When (ISO 8601 UTC, RecordInfo.updatedat). */
  updatedat: string;
}

export interface DraftOfferDialogProps {
  open: boolean;
  /** When the draft was kept (ms since the epoch). */
  savedAt: number;
  userTimeZone: string;
  /** The record changed after the draft's values were typed (its rowversion is older than the record's); null: not. */
  changedSince?: DraftRecordChange | null;
  onRestore(): void;
  onDiscard(): void;
}

export function DraftOfferDialog({
  open,
  savedAt,
  userTimeZone,
  changedSince = null,
  onRestore,
  onDiscard,
}: DraftOfferDialogProps) {
  const time = formatDateInZone(new Date(savedAt).toISOString(), userTimeZone, true);
  return (
    <Dialog open={open} maxWidth="xs" fullWidth aria-labelledby="draft-offer-title">
      <DialogTitle id="draft-offer-title">
        <FormattedMessage id="ecrf.draft.title" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="draft-offer-text">
          <FormattedMessage id="ecrf.draft.text" values={{ time }} />
        </DialogContentText>
        {changedSince ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="draft-offer-stale">
            <FormattedMessage
              id="ecrf.draft.stale"
              values={{
                user: changedSince.updatedby,
                time: formatDateInZone(changedSince.updatedat, userTimeZone, true),
              }}
            />
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard}>
          <FormattedMessage id="ecrf.draft.discard" />
        </Button>
        <Button variant="contained" onClick={onRestore}>
          <FormattedMessage id="ecrf.draft.restore" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
