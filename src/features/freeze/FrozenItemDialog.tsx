/** The frozen adornment's dialog: the item's freeze in words (what, why, approved by whom and when). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from '../../../renderers/intl';
import { metaText } from '../../../engine/metadata/metaText';
import type { ItemAdornmentDialogProps } from '../../../renderers/actions/itemAdornments';
import { useEngineLocale } from '../../../renderers/search/metadataText';
import { FreezeDetails } from './FreezeDetails';
import { frozenOf } from './frozenState';

export function FrozenItemDialog({ ctx, variable, state, onClose }: ItemAdornmentDialogProps) {
  const locale = useEngineLocale();
  const frozen = frozenOf(state);
  const item = ctx.form.items.get(variable);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="frozen-item-title">
      <DialogTitle id="frozen-item-title">
        {item ? metaText(item.label, locale) : variable} · <FormattedMessage id="freeze.state.frozen" />
      </DialogTitle>
      <DialogContent data-testid="frozen-item-dialog">
        {frozen ? (
          <FreezeDetails
            level={frozen.level}
            variable={variable}
            reason={frozen.reason}
            approvedBy={frozen.by}
            at={frozen.at}
            userTimeZone={ctx.userTimeZone}
          />
        ) : (
          <FormattedMessage id="freeze.notFrozen" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="frozen-item-close">
          <FormattedMessage id="freeze.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
