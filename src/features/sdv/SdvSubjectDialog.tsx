/**
 * Verify a whole subject (subjectSdvSign.do; docs/notes-and-sdv.md), a subject action of the subject page offered to
 * roles holding sdv.verify: the monitor chooses what the plan requires (the default) or every saved item, confirms,
 * and sees how many items were verified and how many were verified already. A refusal shows in place.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { subjectSdvSign } from '../../../engine/api/sdv';
import { RequestError } from '../../../engine/http/requestError';
import { useApiClient } from '../../../renderers/apiClientContext';
import type { SubjectActionDialogProps } from '../subjects/base/subjectActionTypes';

export function SdvSubjectDialog({ base, onClose }: SubjectActionDialogProps) {
  const intl = useIntl();
  const client = useApiClient();
  const [scope, setScope] = useState<'plan' | 'all'>('plan');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ verified: number; already: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function verify() {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await client.call(
        subjectSdvSign,
        { subjectid: base.subject.subjectid, scope },
        { silent: true },
      );
      // the subject's base is unchanged by a verification: the panel need not be read again
      setDone({ verified: result.verified, already: result.already });
    } catch (err) {
      setRefusal(err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'sdv.failed' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="sdv-subject-title" data-testid="sdv-subject-dialog">
      <DialogTitle id="sdv-subject-title">
        <FormattedMessage id="sdv.subject.title" values={{ subjid: base.subject.subjid }} />
      </DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" data-testid="sdv-subject-refusal" sx={{ mb: 1 }}>
            {refusal}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" data-testid="sdv-subject-done">
            <FormattedMessage id="sdv.subject.done" values={done} />
          </Alert>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              <FormattedMessage id="sdv.subject.explain" />
            </Typography>
            <RadioGroup
              value={scope}
              onChange={(e) => setScope(e.target.value === 'all' ? 'all' : 'plan')}
              aria-label={intl.formatMessage({ id: 'sdv.subject.scope' })}
            >
              <FormControlLabel
                value="plan"
                control={<Radio />}
                label={intl.formatMessage({ id: 'sdv.subject.scopePlan' })}
              />
              <FormControlLabel
                value="all"
                control={<Radio />}
                label={intl.formatMessage({ id: 'sdv.subject.scopeAll' })}
              />
            </RadioGroup>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="sdv.close" />
        </Button>
        {done ? null : (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void verify()}
            data-testid="sdv-subject-confirm"
          >
            <FormattedMessage id="sdv.verify" />
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
