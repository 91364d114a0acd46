/**
 * The manifestation of a signature (21 CFR Part 11 §11.50): the signer's printed name, the date and time of signing
 * (in the user's time zone) and its meaning — and, for a broken signature, who changed the page, when and which
 * items, so it must be signed again.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../../../renderers/intl';
import type { Manifestation, SignatureState } from '../../../engine/api/signatures';
import { pickLocalized } from '../../../engine/api/localized';
import { formatDateInZone } from '../../../engine/fieldTypes/dates';
import { useEngineLocale } from '../../../renderers/search/metadataText';

export interface SignatureManifestationProps {
  state: SignatureState;
  manifestation?: Manifestation | undefined;
  brokenBy?: string | undefined;
  brokenAt?: string | undefined;
  brokenItems?: readonly string[] | undefined;
  userTimeZone: string;
}

export function SignatureManifestation({
  state,
  manifestation,
  brokenBy,
  brokenAt,
  brokenItems,
  userTimeZone,
}: SignatureManifestationProps) {
  const locale = useEngineLocale();
  const when = (value: string | undefined) => formatDateInZone(value ?? '', userTimeZone, true);
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="signature-details" data-signature={state}>
      <Typography variant="subtitle1" data-testid="signature-state">
        <FormattedMessage id={`signature.state.${state}`} />
      </Typography>
      {manifestation ? (
        <Box
          component="figure"
          sx={{ m: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
          data-testid="signature-manifestation"
        >
          <Typography variant="body1" data-testid="signature-meaning">
            {pickLocalized(manifestation.meaning, locale)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="signature-signer">
            <FormattedMessage
              id="signature.signedBy"
              values={{ signer: manifestation.signer, at: when(manifestation.signtime) }}
            />
          </Typography>
        </Box>
      ) : null}
      {state === 'broken' ? (
        <Alert severity="warning" data-testid="signature-broken-why">
          <FormattedMessage
            id="signature.brokenWhy"
            values={{
              user: brokenBy ?? '—',
              at: when(brokenAt),
              items: brokenItems && brokenItems.length > 0 ? brokenItems.join(', ') : '—',
            }}
          />
        </Alert>
      ) : null}
    </Box>
  );
}
