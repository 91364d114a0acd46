import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage } from './intl';
import { InlineMessage } from './InlineMessage';

export interface ChunkLoadFailedProps {
  /** Loads the page again. */
  onRetry(): void;
}

/** Shown in place of a page whose code could not be loaded (network failure, new deployment, 120 s timeout). */
export function ChunkLoadFailed({ onRetry }: ChunkLoadFailedProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <Box sx={{ maxWidth: 560, width: '100%' }}>
        <InlineMessage
          level="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              <FormattedMessage id="app.chunkLoadRetry" />
            </Button>
          }
        >
          <FormattedMessage id="app.chunkLoadFailed" />
        </InlineMessage>
      </Box>
    </Box>
  );
}
