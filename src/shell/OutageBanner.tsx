import { FormattedMessage } from '../../renderers/intl';
import Box from '@mui/material/Box';
import { InlineMessage } from '../../renderers/InlineMessage';

/** Shown in the shell while the server does not answer the heartbeat; the page and its draft stay as they are. */
export function OutageBanner() {
  return (
    <Box sx={{ px: 3, pt: 2 }}>
      <InlineMessage level="error" data-testid="outage-banner">
        <FormattedMessage id="request.network" />
        {' — '}
        <FormattedMessage id="shell.outage.hint" />
      </InlineMessage>
    </Box>
  );
}
