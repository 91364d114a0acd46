import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage } from '../../../../renderers/intl';
import { InlineMessage } from '../../../../renderers/InlineMessage';

/** The record changed since it was read (someone else saved it): what was typed stays, a reload reads it again. */
export function ConflictNotice({ onReload }: { onReload(): void }) {
  return (
    <InlineMessage level="warning">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} data-testid="form-conflict">
        <FormattedMessage id="formPage.conflict" />
        <Button size="small" onClick={onReload}>
          <FormattedMessage id="formPage.reload" />
        </Button>
      </Box>
    </InlineMessage>
  );
}
