/**
 * The dialog of an action that sends one request (a list's bulk close, forward, approve …): its title, the inputs
 * the action asks for, the problem in place (`<name>-problem`), Cancel, and the action's button (`<name>-save`),
 * both disabled while the request is under way (useSubmission holds the problem and busy state).
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Submission } from '../async/useSubmission';

export interface SubmitDialogProps {
  /** Prefix of the dialog's ids and test ids. */
  name: string;
  title: ReactNode;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  submitColor?: ButtonProps['color'];
  submission: Pick<Submission, 'problem' | 'busy'>;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

export function SubmitDialog({
  name,
  title,
  submitLabel,
  cancelLabel,
  submitColor = 'primary',
  submission,
  onSubmit,
  onClose,
  children,
}: SubmitDialogProps) {
  const { problem, busy } = submission;
  return (
    // while the request is under way the dialog stays (Escape, a click beside it): its answer is shown here
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${name}-title`}
    >
      <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
      <DialogContent data-testid={`${name}-dialog`}>
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={`${name}-problem`}>
            {problem}
          </Alert>
        ) : null}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={submitColor}
          onClick={onSubmit}
          disabled={busy}
          data-testid={`${name}-save`}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
