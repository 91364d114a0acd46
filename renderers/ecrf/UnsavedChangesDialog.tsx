/** Leaving a form with unsaved changes: save first, discard them, or stay on the page. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from '../intl';

export interface UnsavedChangesDialogProps {
  open: boolean;
  /** Save first (no button when absent: read-only, or nothing can be saved). */
  onSave?(): void;
  onDiscard(): void;
  onStay(): void;
  /** A save is under way: the buttons wait. */
  busy?: boolean;
}

export function UnsavedChangesDialog({
  open,
  onSave,
  onDiscard,
  onStay,
  busy = false,
}: UnsavedChangesDialogProps) {
  return (
    <Dialog open={open} onClose={onStay} maxWidth="xs" fullWidth aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">
        <FormattedMessage id="ecrf.unsaved.title" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <FormattedMessage id="ecrf.unsaved.text" />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} disabled={busy}>
          <FormattedMessage id="ecrf.unsaved.stay" />
        </Button>
        <Button color="error" onClick={onDiscard} disabled={busy}>
          <FormattedMessage id="ecrf.unsaved.discard" />
        </Button>
        {onSave && (
          <Button variant="contained" onClick={onSave} disabled={busy}>
            <FormattedMessage id="ecrf.unsaved.save" />
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
