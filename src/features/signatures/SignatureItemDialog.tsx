/**
 * The signature adornment's dialog: the page's signature as the server keeps it (showSignature.do for the record):
 * the manifestation — printed name, date and time, meaning — and, when broken, who changed what and when; and the
 * page's signature history (every signing and break).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from '../../../renderers/intl';
import { showSignature } from '../../../engine/api/signatures';
import type { ItemAdornmentDialogProps } from '../../../renderers/actions/itemAdornments';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { SignatureHistory } from './SignatureHistory';
import { SignatureManifestation } from './SignatureManifestation';

export function SignatureItemDialog({ ctx, onClose }: ItemAdornmentDialogProps) {
  const recordid = ctx.record?.recordid ?? '';
  const read = useEndpoint(showSignature, { subjectid: undefined, recordid });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="signature-item-title">
      <DialogTitle id="signature-item-title">
        <FormattedMessage id="signature.pageTitle" />
      </DialogTitle>
      <DialogContent data-testid="signature-item-dialog">
        <AsyncView state={read} isEmpty={(d) => d.pages.length === 0} data-testid="signature-item">
          {(data) => {
            const page = data.pages[0]!;
            return (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <SignatureManifestation
                  state={page.state}
                  manifestation={page.manifestation}
                  brokenBy={page.brokenBy}
                  brokenAt={page.brokenAt}
                  brokenItems={page.brokenItems}
                  userTimeZone={ctx.userTimeZone}
                />
                <SignatureHistory events={data.history} userTimeZone={ctx.userTimeZone} />
              </Box>
            );
          }}
        </AsyncView>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="signature-item-close">
          <FormattedMessage id="signature.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
