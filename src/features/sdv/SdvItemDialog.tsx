/**
 * The SDV adornment's dialog: the item's SDV state in words (SdvItemDetails) and, for a monitor (`sdv` granted) on a
 * saved record, Verify — the item as the page was read (its rowversion: a page changed since is refused). The new
 * state is handed to the form at once.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { saveVarStatusList, type SdvResetInfo } from '../../../engine/api/sdv';
import { RequestError } from '../../../engine/http/requestError';
import { metaText } from '../../../engine/metadata/metaText';
import type { ItemAdornmentDialogProps, ItemState } from '../../../renderers/actions/itemAdornments';
import { useEngineLocale } from '../../../renderers/search/metadataText';
import { sdvStateOf } from './sdvState';
import { SdvItemDetails } from './SdvItemDetails';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function SdvItemDialog({ ctx, variable, state, onClose, onItemState }: ItemAdornmentDialogProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const [current, setCurrent] = useState<ItemState | undefined>(state);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Verify disappears once done: focus goes to Close, so that Escape and Enter still reach the dialog at once
  const closeButton = useRef<HTMLButtonElement>(null);
  const sdv = sdvStateOf(current);
  const item = ctx.form.items.get(variable);
  const record = ctx.record;
  const canVerify = ctx.capabilities.has('sdv') && record !== null && sdv !== null && sdv !== 'verified';

  async function verify() {
    if (!record) return;
    setBusy(true);
    setRefusal(null);
    try {
      const done = await ctx.client.call(
        saveVarStatusList,
        { list: [{ recordid: record.recordid, variable, rowversion: record.rowversion }] },
        { silent: true },
      );
      const row = done.items[0];
      const fields = row
        ? { sdv: 'verified', sdvBy: row.sdvBy, sdvAt: row.sdvAt, sdvReset: undefined }
        : { sdv: 'verified' };
      onItemState(fields);
      setCurrent((s) => ({ ...(s ?? { datatype: 1, note: 0 }), ...fields }));
      closeButton.current?.focus();
    } catch (err) {
      setRefusal(err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'sdv.failed' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sdv-item-title">
      <DialogTitle id="sdv-item-title">
        <FormattedMessage
          id="sdv.itemTitle"
          values={{ item: item ? metaText(item.label, locale) : variable }}
        />
      </DialogTitle>
      <DialogContent data-testid="sdv-item-dialog">
        {refusal ? (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="sdv-refusal">
            {refusal}
          </Alert>
        ) : null}
        <SdvItemDetails
          sdv={sdv}
          by={text(current?.sdvBy)}
          at={text(current?.sdvAt)}
          reset={current?.sdvReset as SdvResetInfo | undefined}
          userTimeZone={ctx.userTimeZone}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} ref={closeButton} data-testid="sdv-item-close">
          <FormattedMessage id="sdv.close" />
        </Button>
        {canVerify ? (
          <Button
            variant="contained"
            onClick={() => void verify()}
            disabled={busy}
            data-testid="sdv-verify-item"
          >
            <FormattedMessage id="sdv.verify" />
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
