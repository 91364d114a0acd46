/**
 * The `frozen` record action's status (no button): a frozen subject or page is read only, and this says why — the
 * freeze in force (freezeStatus.do) with its reason, who applied and who approved. Drawn in the form's toolbar in
 * place of the actions that would change the values.
 */
import Alert from '@mui/material/Alert';
import { FormattedMessage } from '../../../renderers/intl';
import { freezeStatus } from '../../../engine/api/freeze';
import type { RecordActionContext } from '../../../renderers/actions/recordActions';
import { useEndpoint } from '../../../renderers/async/useEndpoint';
import { FreezeDetails } from './FreezeDetails';

export function FrozenNotice({ ctx }: { ctx: RecordActionContext }) {
  const lineno = typeof ctx.lineno === 'number' ? ctx.lineno : undefined;
  const status = useEndpoint(freezeStatus, { ...ctx.keys, lineno });
  const whole =
    status.status === 'ready' ? (status.data.frozen.find((f) => f.level !== 'item') ?? null) : null;
  return (
    <Alert severity="info" role="status" data-testid="form-frozen" sx={{ py: 0 }}>
      <FormattedMessage id="freeze.readOnly" />
      {whole ? (
        <FreezeDetails
          level={whole.level}
          reason={whole.reason}
          approvedBy={whole.approvedBy}
          requestedBy={whole.requestedBy}
          at={whole.at}
          userTimeZone={ctx.userTimeZone}
        />
      ) : null}
    </Alert>
  );
}
