/**
 * The frame of every subject change: its fields, a required reason for change (spec §5, ICH E6(R3)), Save and
 * Cancel; a refusal (the server's message) is shown in place and what was typed stays.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SubjectRow } from '../../../../engine/api/subjects';
import { RequestError } from '../../../../engine/http/requestError';

/** The most a reason holds (the contract's `reason`). */
export const SUBJECT_REASON_MAX_LENGTH = 500;

export interface ChangeDialogProps {
  id: string;
  titleId: string;
  subjid: string;
  children: ReactNode;
  /** Whether the fields are complete (besides the reason). */
  ready?: boolean;
  onClose(): void;
  /** Sends the change with the reason; the saved subject. */
  submit(reason: string): Promise<SubjectRow>;
  onChanged(row: SubjectRow): void;
}

export function ChangeDialog({
  id,
  titleId,
  subjid,
  children,
  ready = true,
  onClose,
  submit,
  onChanged,
}: ChangeDialogProps) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const missing = reason.trim() === '';

  async function save() {
    setTried(true);
    setRefusal(null);
    if (missing || !ready) return;
    setSaving(true);
    try {
      onChanged(await submit(reason.trim()));
    } catch (err) {
      setRefusal(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'casebook.saveFailed' }),
      );
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>
        <FormattedMessage id={titleId} values={{ subjid }} />
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }} data-testid={id}>
          {refusal ? (
            <Alert severity="error" data-testid={`${id}-refusal`}>
              {refusal}
            </Alert>
          ) : null}
          {children}
          <TextField
            label={intl.formatMessage({ id: 'casebook.reason' })}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            error={tried && missing}
            helperText={tried && missing ? intl.formatMessage({ id: 'casebook.reasonRequired' }) : ' '}
            slotProps={{ htmlInput: { maxLength: SUBJECT_REASON_MAX_LENGTH, 'data-testid': `${id}-reason` } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          <FormattedMessage id="casebook.cancel" />
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid={`${id}-save`}>
          <FormattedMessage id="casebook.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
