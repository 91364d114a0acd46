/**
 * The Sign record action's dialog: the page's signature now (showSignature.do for the record, read when it opens),
 * its open queries (which refuse signing while the study setting says so), and signing — this page, its visit or the
 * whole casebook — with re-authentication (SignForm). After a signing, closing the dialog reads the page again so
 * every icon follows.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import type { LocalizedText } from '../../../engine/api/localized';
import {
  showSignature,
  type SignatureEvent,
  type SignaturePage,
  type SignatureScope,
  type SignatureTarget,
} from '../../../engine/api/signatures';
import type { ActionDialogProps } from '../../../renderers/actions/recordActions';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { SignatureHistory } from './SignatureHistory';
import { SignatureManifestation } from './SignatureManifestation';
import { SignForm } from './SignForm';

export function SignaturePageDialog({ ctx, onClose }: ActionDialogProps) {
  const recordid = ctx.record?.recordid ?? '';
  const read = useEndpoint(showSignature, { subjectid: undefined, recordid });
  // the page is read again when the dialog closes after a signing (reading it at once would close the dialog
  // before the signer has seen the manifestation)
  const signed = useRef(false);
  const close = () => {
    onClose();
    if (signed.current) ctx.reload();
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="signature-page-title">
      <DialogTitle id="signature-page-title">
        <FormattedMessage id="signature.pageTitle" />
      </DialogTitle>
      <AsyncView state={read} isEmpty={(d) => d.pages.length === 0} data-testid="signature-page">
        {(data) => (
          <SignaturePageBody
            ctx={ctx}
            onClose={close}
            onSigned={() => {
              signed.current = true;
            }}
            page={data.pages[0]!}
            history={data.history}
            needsUsername={data.needsUsername}
            meaning={data.meaning}
            refuseOpenQueries={data.refuseOpenQueries}
          />
        )}
      </AsyncView>
    </Dialog>
  );
}

function SignaturePageBody({
  ctx,
  onClose,
  onSigned,
  page,
  history,
  needsUsername,
  meaning,
  refuseOpenQueries,
}: ActionDialogProps & {
  onSigned(): void;
  page: SignaturePage;
  history: readonly SignatureEvent[];
  needsUsername: boolean;
  meaning: LocalizedText;
  refuseOpenQueries: boolean;
}) {
  const intl = useIntl();
  const [scope, setScope] = useState<SignatureScope>('page');
  const target: SignatureTarget =
    scope === 'page'
      ? { subjectid: page.subjectid, recordid: page.recordid }
      : scope === 'visit'
        ? { subjectid: page.subjectid, visitnum: page.visitnum }
        : { subjectid: page.subjectid };
  const summary = (
    <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
      <SignatureManifestation
        state={page.state}
        manifestation={page.manifestation}
        brokenBy={page.brokenBy}
        brokenAt={page.brokenAt}
        brokenItems={page.brokenItems}
        userTimeZone={ctx.userTimeZone}
      />
      <SignatureHistory events={history} userTimeZone={ctx.userTimeZone} />
      {page.openQueries > 0 ? (
        <Alert severity={refuseOpenQueries ? 'error' : 'info'} data-testid="signature-open-queries">
          <FormattedMessage id="signature.openQueries" values={{ count: page.openQueries }} />
        </Alert>
      ) : null}
      <RadioGroup
        aria-label={intl.formatMessage({ id: 'signature.scope' })}
        value={scope}
        onChange={(e) => setScope(e.target.value as SignatureScope)}
      >
        {(['page', 'visit', 'casebook'] as const).map((s) => (
          <FormControlLabel
            key={s}
            value={s}
            control={<Radio size="small" />}
            label={intl.formatMessage({ id: `signature.scope.${s}` }, { visit: page.visitnum })}
            data-testid={`signature-scope-${s}`}
          />
        ))}
      </RadioGroup>
    </Box>
  );
  return (
    <SignForm
      client={ctx.client}
      targets={[target]}
      needsUsername={needsUsername}
      meaning={meaning}
      userTimeZone={ctx.userTimeZone}
      summary={summary}
      onSigned={onSigned}
      onClose={onClose}
    />
  );
}
