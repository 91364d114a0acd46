/**
 * The Verify (SDV) record action's dialog: the page's saved items with their SDV state (datainfo, read again so the
 * states are current), the monitor selects what was verified and verifies them in one request (saveVarStatusList.do,
 * with the page's rowversion); nothing selected → "select items to verify" in place. After it the page is read again
 * so that every icon follows.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { dataInfo } from '../../../engine/api/data';
import { saveVarStatusList } from '../../../engine/api/sdv';
import { RequestError } from '../../../engine/http/requestError';
import { metaText } from '../../../engine/metadata/metaText';
import type { ActionDialogProps } from '../../../renderers/actions/recordActions';
import { AsyncView } from '../../../renderers/async/AsyncView';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { useEngineLocale } from '../../../renderers/search/metadataText';
import { initiallySelected, SdvPageTable, type SdvPageItem } from './SdvPageTable';
import { sdvStateOf } from './sdvState';

export function SdvPageDialog({ ctx, onClose }: ActionDialogProps) {
  const lineno = typeof ctx.lineno === 'number' ? ctx.lineno : undefined;
  const read = useEndpoint(dataInfo, { ...ctx.keys, defvalue: undefined, lineno });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sdv-page-title">
      <DialogTitle id="sdv-page-title">
        <FormattedMessage id="sdv.pageTitle" />
      </DialogTitle>
      <AsyncView state={read} isEmpty={() => false} data-testid="sdv-page">
        {(data) => <SdvPageBody ctx={ctx} onClose={onClose} items={data.items} />}
      </AsyncView>
    </Dialog>
  );
}

function SdvPageBody({
  ctx,
  onClose,
  items,
}: ActionDialogProps & { items: Readonly<Record<string, unknown>> }) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const rows = useMemo<SdvPageItem[]>(() => {
    const out: SdvPageItem[] = [];
    for (const item of ctx.form.items.values()) {
      const sdv = sdvStateOf(items[item.variable] as never);
      if (sdv) out.push({ variable: item.variable, label: metaText(item.label, locale), sdv });
    }
    return out;
  }, [ctx.form, items, locale]);
  const [selected, setSelected] = useState(() => initiallySelected(rows));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function toggle(variable: string) {
    setProblem(null);
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(variable)) next.delete(variable);
      else next.add(variable);
      return next;
    });
  }

  async function verify() {
    const record = ctx.record;
    if (selected.size === 0 || !record) {
      setProblem(intl.formatMessage({ id: 'sdv.selectItems' }));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await ctx.client.call(
        saveVarStatusList,
        {
          list: [...selected].map((variable) => ({
            recordid: record.recordid,
            variable,
            rowversion: record.rowversion,
          })),
        },
        { silent: true },
      );
      ctx.reload();
      onClose();
    } catch (err) {
      setProblem(err instanceof RequestError && err.msg ? err.msg : intl.formatMessage({ id: 'sdv.failed' }));
      setBusy(false);
    }
  }

  return (
    <>
      <DialogContent data-testid="sdv-page-dialog">
        {problem ? (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="sdv-page-problem">
            {problem}
          </Alert>
        ) : null}
        {rows.length === 0 ? (
          <FormattedMessage id="sdv.nothingSaved" />
        ) : (
          <SdvPageTable items={rows} selected={selected} onToggle={toggle} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="sdv.close" />
        </Button>
        <Button
          variant="contained"
          onClick={() => void verify()}
          disabled={busy}
          data-testid="sdv-verify-selected"
        >
          <FormattedMessage id="sdv.verifySelected" values={{ count: selected.size }} />
        </Button>
      </DialogActions>
    </>
  );
}
