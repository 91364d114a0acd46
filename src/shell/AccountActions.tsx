import { FormattedMessage } from '../../renderers/intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginInfo } from '../../engine/api/session';
import { pickLocalized, type Locale } from '../../engine/api/localized';
import { LanguageSwitch } from '../../renderers/LanguageSwitch';
import { HelpMenu } from './HelpMenu';

export interface AccountActionsProps {
  info: LoginInfo;
  locale: Locale;
  onLocaleChange(locale: Locale): void;
  onSwitchRole(): void;
  onLogout(): void;
  /** In the header bar (one row) or at the foot of the side menu when the header is hidden (stacked). */
  placement: 'header' | 'sidebar';
}

/** The role's display name in the UI language; its code when the server sent no name. */
export function roleLabel(info: LoginInfo, locale: Locale): string {
  return info.rolename ? pickLocalized(info.rolename, locale) : (info.rolecode ?? '');
}

export function siteLabel(info: LoginInfo): string {
  return [info.sitecode, info.sitename].filter(Boolean).join(' ');
}

/** Who is logged in, as which role at which site, and what they can do about it. */
export function AccountActions({
  info,
  locale,
  onLocaleChange,
  onSwitchRole,
  onLogout,
  placement,
}: AccountActionsProps) {
  const inHeader = placement === 'header';
  const who = (
    <Box sx={{ minWidth: 0 }} data-testid="account-identity">
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="account-realname">
        {info.realname ?? info.username}
      </Typography>
      <Typography
        variant="caption"
        noWrap
        component="p"
        sx={{ opacity: inHeader ? 0.85 : 1 }}
        color={inHeader ? 'inherit' : 'text.secondary'}
        data-testid="account-role-site"
      >
        <FormattedMessage
          id="shell.roleAtSite"
          values={{ role: roleLabel(info, locale), site: siteLabel(info) }}
        />
      </Typography>
    </Box>
  );
  const color = inHeader ? 'inherit' : 'primary';
  return (
    <Stack
      direction={inHeader ? 'row' : 'column'}
      spacing={inHeader ? 1.5 : 1}
      sx={
        inHeader
          ? { alignItems: 'center' }
          : { alignItems: 'stretch', p: 2, borderTop: 1, borderColor: 'divider' }
      }
    >
      {who}
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <HelpMenu locale={locale} color={color} />
        <Button color={color} size="small" onClick={onSwitchRole}>
          <FormattedMessage id="shell.switchRole" />
        </Button>
        <Button color={color} size="small" onClick={onLogout}>
          <FormattedMessage id="shell.logout" />
        </Button>
      </Stack>
      <LanguageSwitch locale={locale} onChange={onLocaleChange} color={color} />
    </Stack>
  );
}
