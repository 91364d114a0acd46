import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from '../../renderers/intl';
import { useNavigate, useSearchParams } from '../routing/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { paperSx } from '../../renderers/paperSx';
import Typography from '@mui/material/Typography';
import { loginFront, loginInfo, type SiteUiConfig } from '../../engine/api/session';
import { isRequestError } from '../../engine/http/requestError';
import type { TimerHandle } from '../../engine/ports';
import { clearSession } from '../../engine/session/clearSession';
import { expireMessageId, parseExpireType } from '../../engine/session/expireTypes';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { InlineMessage } from '../../renderers/InlineMessage';
import { LanguageSwitch } from '../../renderers/LanguageSwitch';
import { PasswordInput } from '../../renderers/form/PasswordInput';
import { TextInput } from '../../renderers/form/TextInput';
import { useApiClient } from '../../renderers/apiClientContext';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routing/paths';

interface Credentials {
  username: string;
  password: string;
}

type FieldErrors = Partial<Record<keyof Credentials, MessageDescriptor>>;

const required = defineMessages({
  username: { id: 'login.username.required' },
  password: { id: 'login.password.required' },
});

function validate(values: Credentials): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.username.trim()) errors.username = required.username;
  if (!values.password) errors.password = required.password;
  return errors;
}

/** Back-off of the logininfo.do retries while the server is away: 1 s, 2 s, 4 s … at most 30 s. */
export const CONFIG_RETRY_FIRST_MS = 1_000;
export const CONFIG_RETRY_MAX_MS = 30_000;

export function configRetryDelay(attempt: number): number {
  return Math.min(CONFIG_RETRY_FIRST_MS * 2 ** Math.max(0, attempt), CONFIG_RETRY_MAX_MS);
}

interface SiteUiConfigState {
  config: SiteUiConfig | null;
  /** logininfo.do got no response (the server is away); it is asked again with back-off. */
  offline: boolean;
}

/**
 * The per-host UI config from anonymous logininfo.do; `backAddress` is kept where the request client reads it.
 * While the server does not answer, it is asked again with back-off until it does.
 */
function useSiteUiConfig(): SiteUiConfigState {
  const client = useApiClient();
  const { store, timers } = usePlatform();
  const [state, setState] = useState<SiteUiConfigState>({ config: null, offline: false });
  useEffect(() => {
    let cancelled = false;
    let retry: TimerHandle | null = null;
    const ask = (attempt: number) => {
      client.call(loginInfo, undefined, { silent: true }).then(
        (info) => {
          if (cancelled) return;
          const backAddress = info.backAddress.trim();
          if (backAddress) store.setItem(STORAGE_KEYS.backAddress, backAddress);
          else store.removeItem(STORAGE_KEYS.backAddress);
          setState({
            config: { unitLogo: info.unitLogo, eClinical_version: info.eClinical_version, backAddress },
            offline: false,
          });
        },
        (error: unknown) => {
          if (cancelled) return;
          // an answer with an error: the product logo and no version label; the login call will say what is missing
          if (!isRequestError(error) || (error.kind !== 'network' && error.kind !== 'timeout')) return;
          setState((current) => (current.offline ? current : { ...current, offline: true }));
          retry = timers.setTimeout(() => ask(attempt + 1), configRetryDelay(attempt));
        },
      );
    };
    ask(0);
    return () => {
      cancelled = true;
      if (retry !== null) timers.clearTimeout(retry);
    };
  }, [client, store, timers]);
  return state;
}

/**
 * /loginfront: user name and password (both required). Shows why the user was logged out (`?expireType=`),
 * the unit logo and platform version of this host, and a language switch. On success the token is kept and
 * /entrance opens the session.
 */
export function LoginFront() {
  const intl = useIntl();
  const client = useApiClient();
  const { store } = usePlatform();
  const { locale, setLocale } = useLocale();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { config, offline } = useSiteUiConfig();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const expireType = parseExpireType(search.get('expireType'));
  const expireMessage: MessageDescriptor | null =
    expireType === null ? null : { id: expireMessageId(expireType) };
  const backAddressMissing = config !== null && !config.backAddress;

  function change(field: keyof Credentials, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) return;
    setSubmitting(true);
    try {
      const { token } = await client.call(loginFront, {
        username: values.username.trim(),
        password: values.password,
      });
      clearSession(store);
      client.token.set(token);
      navigate(PATHS.entrance, { replace: true });
    } catch {
      // the client has shown why (wrong password, missing integration address …)
      setSubmitting(false);
    }
  }

  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #e8eef7 0%, #f4f6f9 60%)',
      }}
    >
      <Box sx={{ ...paperSx(3), width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitch locale={locale} onChange={setLocale} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1, mb: 3, alignItems: 'center' }}>
          {config?.unitLogo ? (
            <Box
              component="img"
              src={config.unitLogo}
              alt={intl.formatMessage({ id: 'login.unitLogo' })}
              sx={{ maxHeight: 56, maxWidth: '100%' }}
            />
          ) : null}
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            <FormattedMessage id="login.title" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="app.productName" />
          </Typography>
        </Box>

        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {expireMessage ? (
            <InlineMessage level="warning" data-testid="expire-message">
              {intl.formatMessage(expireMessage)}
            </InlineMessage>
          ) : null}
          {offline ? (
            <InlineMessage level="error" data-testid="login-offline">
              <FormattedMessage id="request.network" />
            </InlineMessage>
          ) : null}
          {backAddressMissing ? (
            <InlineMessage level="error" data-testid="backaddress-missing">
              <FormattedMessage id="request.backAddressMissing" />
            </InlineMessage>
          ) : null}
        </Box>

        <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextInput
              label={intl.formatMessage({ id: 'login.username' })}
              name="username"
              autoComplete="username"
              autoFocus
              required
              value={values.username}
              onChange={(value) => change('username', value)}
              error={errors.username ? intl.formatMessage(errors.username) : null}
            />
            <PasswordInput
              label={intl.formatMessage({ id: 'login.password' })}
              name="password"
              autoComplete="current-password"
              required
              value={values.password}
              onChange={(value) => change('password', value)}
              error={errors.password ? intl.formatMessage(errors.password) : null}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
              {submitting ? (
                <FormattedMessage id="login.submitting" />
              ) : (
                <FormattedMessage id="login.submit" />
              )}
            </Button>
          </Box>
        </Box>

        {config?.eClinical_version ? (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mt: 3, textAlign: 'center' }}
            data-testid="eclinical-version"
          >
            <FormattedMessage id="login.platformVersion" values={{ version: config.eClinical_version }} />
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
