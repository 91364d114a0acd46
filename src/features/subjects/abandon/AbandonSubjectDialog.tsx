/**
 * Abandon subject (spec §4: discards the subject's info and CRF data, irreversible; docs/casebook-batch.md): a
 * confirmation that names the subject and says what happens, a required reason, and the user's password
 * (re-authentication, checked and counted by the server like a signature's). A refusal (wrong password, changed
 * meanwhile) shows in place and keeps the reason; the password is cleared.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from '../../../../renderers/intl';
import { useNavigate } from '../../../routing/router';
import { abandonSubject } from '../../../../engine/api/subjectManagement';
import { RequestError } from '../../../../engine/http/requestError';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { SUBJECT_REASON_MAX_LENGTH } from '../base/ChangeDialog';
import type { SubjectActionDialogProps } from '../base/subjectActionTypes';

export interface AbandonSubjectDialogProps extends Pick<SubjectActionDialogProps, 'base' | 'onClose'> {
  /** After the subject was abandoned (it is no longer in the casebook: the page goes back to the list). */
  onAbandoned(subjid: string): void;
}

export function AbandonSubjectDialog({ base, onClose, onAbandoned }: AbandonSubjectDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const s = base.subject;
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const reasonMissing = reason.trim() === '';
  const passwordMissing = password === '';

  async function confirm() {
    setTried(true);
    setRefusal(null);
    if (reasonMissing || passwordMissing) return;
    setBusy(true);
    try {
      const done = await client.call(
        abandonSubject,
        { subjectid: s.subjectid, updatedat: s.updatedat, reason: reason.trim(), password },
        { silent: true },
      );
      onAbandoned(done.subjid);
    } catch (err) {
      setPassword('');
      setRefusal(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'casebook.saveFailed' }),
      );
      setBusy(false);
    }
  }

  const required = intl.formatMessage({ id: 'casebook.required' });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="abandon-subject-title">
      <DialogTitle id="abandon-subject-title">
        <FormattedMessage id="casebook.abandon.title" values={{ subjid: s.subjid }} />
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }} data-testid="abandon-subject">
          <Alert severity="warning" data-testid="abandon-subject-warning">
            <FormattedMessage id="casebook.abandon.warning" values={{ subjid: s.subjid }} />
          </Alert>
          {refusal ? (
            <Alert severity="error" data-testid="abandon-subject-refusal">
              {refusal}
            </Alert>
          ) : null}
          <TextField
            label={intl.formatMessage({ id: 'casebook.abandon.reason' })}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            error={tried && reasonMissing}
            helperText={tried && reasonMissing ? intl.formatMessage({ id: 'casebook.reasonRequired' }) : ' '}
            slotProps={{
              htmlInput: { maxLength: SUBJECT_REASON_MAX_LENGTH, 'data-testid': 'abandon-subject-reason' },
            }}
          />
          <TextField
            type="password"
            autoComplete="current-password"
            label={intl.formatMessage({ id: 'casebook.abandon.password' })}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            error={tried && passwordMissing}
            helperText={
              tried && passwordMissing
                ? required
                : intl.formatMessage({ id: 'casebook.abandon.passwordHint' })
            }
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'abandon-subject-password' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="casebook.cancel" />
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={busy}
          data-testid="abandon-subject-confirm"
        >
          <FormattedMessage id="casebook.abandon.confirm" values={{ subjid: s.subjid }} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The registered subject action: after abandoning, back to the subject list the page was opened from. */
export function AbandonSubjectActionDialog({ base, onClose }: SubjectActionDialogProps) {
  const navigate = useNavigate();
  return (
    <AbandonSubjectDialog
      base={base}
      onClose={onClose}
      onAbandoned={() => {
        onClose();
        void navigate('..', { relative: 'path', replace: true });
      }}
    />
  );
}
