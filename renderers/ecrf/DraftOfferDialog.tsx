/** Values typed earlier and never saved were kept (a draft): restore them into the form, or discard them. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';
import { formatDateInZone } from '../../engine/fieldTypes/dates';

export interface DraftOfferDialogProps {
  open: boolean;
  /** When the draft was kept (ms since the epoch). */
  savedAt: number;
  userTimeZone: string;
  onRestore(): void;
  onDiscard(): void;
}

export function DraftOfferDialog({
  open,
  savedAt,
  userTimeZone,
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
