/**
 * The coding adornment's dialog: the item's term with its code, hierarchy and history (CodingPanel, by record and
 * item) and, for a role granted `coding`, code and recode. A new code is handed to the form at once (the icon follows).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from '../../../renderers/intl';
import { metaText } from '../../../engine/metadata/metaText';
import type { ItemAdornmentDialogProps } from '../../../renderers/actions/itemAdornments';
import { useEngineLocale } from '../../../renderers/search/metadataText';
import { CodingPanel } from './CodingPanel';
import { codingOf } from './codingState';

export function CodingItemDialog({ ctx, variable, state, onClose, onItemState }: ItemAdornmentDialogProps) {
  const locale = useEngineLocale();
  const item = ctx.form.items.get(variable);
  const coding = codingOf(state);
  const target = coding ? { termid: coding.termid } : { recordid: ctx.record?.recordid ?? '', variable };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="coding-item-title">
      <DialogTitle id="coding-item-title">
        <FormattedMessage
          id="coding.itemTitle"
          values={{ item: item ? metaText(item.label, locale) : variable }}
        />
      </DialogTitle>
      <DialogContent data-testid="coding-item-dialog">
        <CodingPanel
          target={target}
          userTimeZone={ctx.userTimeZone}
          onCoded={(term) =>
            onItemState({
              coding: {
                termid: term.termid,
                dictionary: term.dictionary,
                status: term.status,
                auto: term.auto,
                code: term.code,
                name: term.name,
              },
            })
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="coding.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
