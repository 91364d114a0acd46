import { FormattedMessage } from '../../renderers/intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
    // flex boxes, not MUI's Stack (its code stays off every page, stop 28)
    <Box
      sx={{
        display: 'flex',
        ...(inHeader
          ? { flexDirection: 'row', gap: 1.5, alignItems: 'center' }
          : {
              flexDirection: 'column',
              gap: 1,
              alignItems: 'stretch',
              p: 2,
              borderTop: 1,
              borderColor: 'divider',
            }),
      }}
    >
      {who}
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <HelpMenu locale={locale} color={color} />
        <Button color={color} size="small" onClick={onSwitchRole}>
          <FormattedMessage id="shell.switchRole" />
        </Button>
        <Button color={color} size="small" onClick={onLogout}>
          <FormattedMessage id="shell.logout" />
        </Button>
      </Box>
      <LanguageSwitch locale={locale} onChange={onLocaleChange} color={color} />
    </Box>
  );
}
