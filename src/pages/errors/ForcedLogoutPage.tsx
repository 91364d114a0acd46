import type { MessageDescriptor } from '../../../renderers/intl';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { useNavigate, useSearchParams } from '../../routing/router';
import Button from '@mui/material/Button';
import { expireMessageId, parseExpireType, type ExpireType } from '../../../engine/session/expireTypes';
import { ErrorPageLayout } from '../../../renderers/errors/ErrorPageLayout';
import { PATHS } from '../../routing/paths';

/** Codes this page explains; the server sends the user here with `?code=`. */
export const FORCED_LOGOUT_PAGE_CODES: readonly ExpireType[] = [600, 601, 602];

/** The `code` of the address when it is one this page explains. */
export function forcedLogoutCode(raw: string | null): ExpireType | null {
  const code = parseExpireType(raw);
  return code !== null && FORCED_LOGOUT_PAGE_CODES.includes(code) ? code : null;
}

/** 402: the session was ended by the server (spec §8: 600 no version available, 601 role unavailable, 602 subject parameters not configured in the builder). */
export function ForcedLogoutPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const code = forcedLogoutCode(search.get('code'));
  const reason: MessageDescriptor | null = code === null ? null : { id: expireMessageId(code) };
  return (
    <ErrorPageLayout
      status="402"
      title={<FormattedMessage id="error.402.title" />}
      message={reason ? intl.formatMessage(reason) : <FormattedMessage id="error.402.message" />}
      actions={
        <Button variant="contained" onClick={() => navigate(PATHS.loginFront, { replace: true })}>
          <FormattedMessage id="error.loginAgain" />
        </Button>
      }
    />
  );
}
