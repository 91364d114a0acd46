/**
 * Signing inside a dialog: the re-authentication fields and Sign; the selection is sent with the password (and the
 * user name on the session's first signing) in one request (saveSignature.do). Nothing selected → "select items to
 * sign" in place, no request. A refusal (wrong password, open queries, signed already) shows the server's message in
 * place and clears the password; three failures in a row end the session (the client's 401 handling logs out).
 * After a signing the form shows what was signed with the manifestation, and tells its owner (to read again).
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import type { LocalizedText } from '../../../engine/api/localized';
import { saveSignature, type Manifestation, type SignatureTarget } from '../../../engine/api/signatures';
import type { ApiClient } from '../../../engine/http/createApiClient';
import { RequestError } from '../../../engine/http/requestError';
import { SignatureManifestation } from './SignatureManifestation';
import { reauthComplete, SignatureReauthFields, type ReauthValues } from './SignatureReauthFields';

export interface SignOutcome {
  signed: number;
  already: number;
  manifestation: Manifestation;
  records: string[];
}

export interface SignFormProps {
  client: ApiClient;
  /** What is to be signed; empty: nothing selected. */
  targets: readonly SignatureTarget[];
  needsUsername: boolean;
  meaning: LocalizedText;
  userTimeZone: string;
  /** Above the fields: what is selected. */
  summary?: ReactNode;
  onSigned(outcome: SignOutcome): void;
  onClose(): void;
}

export function SignForm({
  client,
  targets,
  needsUsername,
  meaning,
  userTimeZone,
  summary,
  onSigned,
  onClose,
}: SignFormProps) {
  const intl = useIntl();
  const [values, setValues] = useState<ReauthValues>({ username: '', password: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<SignOutcome | null>(null);

  async function sign() {
    setProblem(null);
    if (targets.length === 0) {
      setProblem(intl.formatMessage({ id: 'signature.selectItems' }));
      return;
    }
    setTried(true);
    if (!reauthComplete(values, needsUsername)) return;
    setBusy(true);
    try {
      const outcome = await client.call(
        saveSignature,
        {
          list: [...targets],
          ...(needsUsername ? { username: values.username.trim() } : {}),
          password: values.password,
        },
        { silent: true },
      );
      setDone(outcome);
      onSigned(outcome);
    } catch (err) {
      setProblem(
        err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'signature.failed' }),
      );
      setValues((v) => ({ ...v, password: '' }));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        <DialogContent data-testid="signature-done">
          <Alert severity="success" sx={{ mb: 2 }} data-testid="signature-done-count">
            <FormattedMessage id="signature.done" values={{ signed: done.signed, already: done.already }} />
          </Alert>
          <SignatureManifestation
            state="signed"
            manifestation={done.manifestation}
            userTimeZone={userTimeZone}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="signature-close">
            <FormattedMessage id="signature.close" />
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <>
      <DialogContent data-testid="signature-form">
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="signature-problem">
            {problem}
          </Alert>
        ) : null}
        {summary}
        {targets.length > 0 ? (
          <SignatureReauthFields
            meaning={meaning}
            needsUsername={needsUsername}
            values={values}
            onChange={setValues}
            tried={tried}
            disabled={busy}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="signature.cancel" />
        </Button>
        <Button variant="contained" onClick={() => void sign()} disabled={busy} data-testid="signature-sign">
          <FormattedMessage id="signature.sign" />
        </Button>
      </DialogActions>
    </>
  );
}
