import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from '../../renderers/intl';
import { useNavigate } from '../routing/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { login } from '../../engine/api/session';
import { isLocale } from '../../engine/api/localized';
import { isRequestError, type RequestErrorKind } from '../../engine/http/requestError';
import { saveLoginInfo } from '../../engine/session/loginInfo';
import { InlineMessage } from '../../renderers/InlineMessage';
import { PageLoading } from '../../renderers/PageLoading';
import { useApiClient } from '../../renderers/apiClientContext';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routing/paths';
import { hasChosenRole } from '../session/roleChoice';

/** Failures after which the client is already taking the user away: nothing to offer here. */
const LEAVING: ReadonlySet<RequestErrorKind> = new Set(['unauthorized', 'forced', 'noToken']);

/**
 * /entrance: opens the session. The token comes from `?token=`, the cookie or session storage; without one the
 * login front opens. With one: login.do, then logininfo.do (kept, and its locale applied), then role and site
 * selection — or the home page when a role was already chosen in this session.
 */
export function Entrance() {
  const client = useApiClient();
  const { store } = usePlatform();
  const { setLocale } = useLocale();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const started = useRef(-1);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    const token = client.token.resolve();
    if (!token) {
      navigate(PATHS.loginFront, { replace: true });
      return;
    }
    void (async () => {
      try {
        const { studies: _studies, ...info } = await client.call(login, { studyid: undefined });
        saveLoginInfo(store, info);
        if (isLocale(info.locale)) setLocale(info.locale);
        navigate(hasChosenRole(store, info) ? PATHS.index : PATHS.checkRole, { replace: true });
      } catch (error) {
        if (isRequestError(error) && LEAVING.has(error.kind)) return;
        setFailed(true);
      }
    })();
  }, [attempt, client, store, setLocale, navigate]);

  if (!failed) return <PageLoading />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 520, width: '100%' }}>
        <InlineMessage level="error">
          <FormattedMessage id="entrance.failed" />
        </InlineMessage>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
          <Button
            variant="contained"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            <FormattedMessage id="entrance.retry" />
          </Button>
          <Button variant="outlined" onClick={() => navigate(PATHS.loginFront, { replace: true })}>
            <FormattedMessage id="entrance.toLogin" />
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
