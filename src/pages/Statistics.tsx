import { useMemo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { roleLabel, siteLabel } from '../shell/AccountActions';

/** /index/statistics: the home page — who is working, in which study, as which role at which site. */
export function Statistics() {
  const { store } = usePlatform();
  const { locale } = useLocale();
  const info = useMemo(() => loadLoginInfo(store), [store]);
  if (!info) return null;
  const rows: { id: string; label: ReactNode; value: string }[] = [
    { id: 'user', label: <FormattedMessage id="home.user" />, value: info.realname ?? info.username ?? '' },
    {
      id: 'study',
      label: <FormattedMessage id="home.study" />,
      value: [info.studycode, info.studyname].filter(Boolean).join(' '),
    },
    { id: 'role', label: <FormattedMessage id="home.role" />, value: roleLabel(info, locale) },
    { id: 'site', label: <FormattedMessage id="home.site" />, value: siteLabel(info) },
    { id: 'timezone', label: <FormattedMessage id="home.timezone" />, value: info.timezone },
  ];
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
        <FormattedMessage id="home.welcome" values={{ name: info.realname ?? info.username ?? '' }} />
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
        >
          {rows.map((row) => (
            <Box key={row.id} sx={{ display: 'contents' }} data-testid={`home-${row.id}`}>
              <Typography component="dt" color="text.secondary">
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
