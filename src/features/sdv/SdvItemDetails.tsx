/**
 * What an item's SDV state means, in words: verified by whom and when; reset — the value changed from → to by whom
 * and when, so it must be verified again; required or not required by the study's SDV plan.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../../../renderers/intl';
import type { SdvResetInfo, SdvState } from '../../../engine/api/sdv';
import { formatDateInZone } from '../../../engine/fieldTypes/dates';

export interface SdvItemDetailsProps {
  sdv: SdvState | null;
  by?: string | undefined;
  at?: string | undefined;
  reset?: SdvResetInfo | undefined;
  userTimeZone: string;
}

export function SdvItemDetails({ sdv, by, at, reset, userTimeZone }: SdvItemDetailsProps) {
  const when = (value: string | undefined) => formatDateInZone(value ?? '', userTimeZone, true);
  const empty = (v: string | null) => (v === null || v === '' ? '—' : v);
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="sdv-details" data-sdv={sdv ?? 'none'}>
      <Typography variant="subtitle1" data-testid="sdv-state">
        <FormattedMessage id={sdv ? `sdv.state.${sdv}` : 'sdv.state.none'} />
      </Typography>
      {(sdv === 'verified' || sdv === 'reset') && by ? (
        <Typography variant="body2" color="text.secondary" data-testid="sdv-verified-by">
          <FormattedMessage id="sdv.verifiedBy" values={{ user: by, at: when(at) }} />
        </Typography>
      ) : null}
      {sdv === 'reset' && reset ? (
        <Alert severity="warning" data-testid="sdv-reset-why">
          <FormattedMessage
            id="sdv.resetWhy"
            values={{ user: reset.by, at: when(reset.at), from: empty(reset.from), to: empty(reset.to) }}
          />
        </Alert>
      ) : null}
      {sdv === 'required' || sdv === 'notRequired' ? (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id={sdv === 'required' ? 'sdv.planRequired' : 'sdv.planNotRequired'} />
        </Typography>
      ) : null}
    </Box>
  );
}
