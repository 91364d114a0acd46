/**
 * The `frozen` record action's status (no button): a frozen subject or page is read only, and this says why — the
 * freeze in force (freezeStatus.do) with its reason, who applied and who approved. Drawn in the form's toolbar in
 * place of the actions that would change the values.
 */
import { InlineMessage } from '../../../renderers/InlineMessage';
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
    // InlineMessage (a status), not MUI's Alert: its icons and close button stay off the form route (stop 28)
    <InlineMessage level="info" data-testid="form-frozen">
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
    </InlineMessage>
  );
}
