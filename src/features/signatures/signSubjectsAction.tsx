/**
 * The subject list's Sign action (a ListAction of the screen configuration): batch signing of the selected
 * subjects' casebooks by the investigator, with re-authentication. Offered only to roles the server lets sign
 * (showSignature.do `canSign`); the server checks signature.sign, the chosen site and every page again on the
 * signing. Nothing selected: the dialog says "select items to sign" (spec §5) and sends nothing.
 */
import { useState, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../../../renderers/intl';
import { showSignature } from '../../../engine/api/signatures';
import { useApiClient } from '../../../renderers/apiClientContext';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import type { ListAction, ListActionDialogProps } from '../../../renderers/list/types';
import { userTimeZone } from '../../../renderers/userTimeZone';
import { SignForm } from './SignForm';

/** showSignature.do for no pages: whether the role may sign, and what a signing needs. */
const NO_SELECTION = { subjectid: undefined, recordid: undefined };

/** Shows the button only when the session's role may sign. */
export function SignGate({ children }: { children: ReactNode }) {
  const info = useEndpoint(showSignature, NO_SELECTION);
  return info.status === 'ready' && info.data.canSign ? <>{children}</> : null;
}

export function SignSubjectsDialog({ ctx, selected = [], onClose }: ListActionDialogProps) {
  const client = useApiClient();
  const info = useEndpoint(showSignature, NO_SELECTION);
  const [zone] = useState(() => userTimeZone(window.sessionStorage));
  const subjects = selected.map((row) => ({
    subjectid: String(row.subjectid),
    subjid: String(row.subjid ?? ''),
  }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sign-subjects-title">
      <DialogTitle id="sign-subjects-title">
        <FormattedMessage id="signature.batchTitle" values={{ count: subjects.length }} />
      </DialogTitle>
      <AsyncView state={info} isEmpty={() => false} data-testid="sign-subjects">
        {(data) => (
          <SignForm
            client={client}
            targets={subjects.map((s) => ({ subjectid: s.subjectid }))}
            needsUsername={data.needsUsername}
            meaning={data.meaning}
            userTimeZone={zone}
            summary={
              subjects.length > 0 ? (
                <Typography variant="body2" sx={{ mb: 2 }} data-testid="sign-subjects-list">
                  <FormattedMessage
                    id="signature.batchSubjects"
                    values={{ subjects: subjects.map((s) => s.subjid || s.subjectid).join(', ') }}
                  />
                </Typography>
              ) : null
            }
            onSigned={() => ctx.reload()}
            onClose={onClose}
          />
        )}
      </AsyncView>
    </Dialog>
  );
}

export const signSubjectsAction: ListAction = {
  id: 'signSubjects',
  labelId: 'signature.batchAction',
  permission: 'signature.sign',
  usesSelection: true,
  Gate: SignGate,
  Dialog: SignSubjectsDialog,
};
