/**
 * The re-authentication of a signing (21 CFR 11.200(a)(1)): the meaning the signer confirms, the user name on the
 * session's first signing (the server says whether it is still to come) and the password. Controlled: the dialog
 * that signs owns the values and sends them with the signing itself.
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import { pickLocalized, type LocalizedText } from '../../../engine/api/localized';
import { useEngineLocale } from '../../../renderers/search/metadataText';

export interface ReauthValues {
  username: string;
  password: string;
}

export interface SignatureReauthFieldsProps {
  meaning: LocalizedText;
  needsUsername: boolean;
  values: ReauthValues;
  onChange(values: ReauthValues): void;
  /** The user tried to sign: empty fields show as errors. */
  tried: boolean;
  disabled?: boolean;
}

export const reauthComplete = (v: ReauthValues, needsUsername: boolean) =>
  v.password !== '' && (!needsUsername || v.username.trim() !== '');

export function SignatureReauthFields({
  meaning,
  needsUsername,
  values,
  onChange,
  tried,
  disabled = false,
}: SignatureReauthFieldsProps) {
  const intl = useIntl();
  const locale = useEngineLocale();
  const usernameMissing = tried && needsUsername && values.username.trim() === '';
  const passwordMissing = tried && values.password === '';
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="signature-reauth">
      <Typography variant="body2">
        <FormattedMessage
          id="signature.meaningIntro"
          values={{ meaning: <strong>{pickLocalized(meaning, locale)}</strong> }}
        />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id={needsUsername ? 'signature.firstSigning' : 'signature.laterSigning'} />
      </Typography>
      {needsUsername ? (
        <TextField
          size="small"
          autoComplete="username"
          label={intl.formatMessage({ id: 'signature.username' })}
          value={values.username}
          onChange={(e) => onChange({ ...values, username: e.target.value })}
          error={usernameMissing}
          helperText={usernameMissing ? intl.formatMessage({ id: 'signature.usernameRequired' }) : ' '}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'signature-username' } }}
        />
      ) : null}
      <TextField
        size="small"
        type="password"
        autoComplete="current-password"
        label={intl.formatMessage({ id: 'signature.password' })}
        value={values.password}
        onChange={(e) => onChange({ ...values, password: e.target.value })}
        error={passwordMissing}
        helperText={passwordMissing ? intl.formatMessage({ id: 'signature.passwordRequired' }) : ' '}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'signature-password' } }}
      />
    </Box>
  );
}
