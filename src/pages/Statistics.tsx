import { useMemo } from 'react';
import { FormattedMessage } from '../../renderers/intl';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DefinitionList, type DefinitionRow } from '../../renderers/DefinitionList';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { roleLabel, siteLabel } from '../shell/AccountActions';
import { SiteStatistics } from '../features/statistics/SiteStatistics';
import { TaskList } from '../features/statistics/TaskList';

/**
 * /index/statistics: the home page — who is working, in which study, as which role at which site; the session's
 * to-dos; the statistics of its sites.
 */
export function Statistics() {
  const { store } = usePlatform();
  const { locale } = useLocale();
  const info = useMemo(() => loadLoginInfo(store), [store]);
  if (!info) return null;
  const rows: DefinitionRow[] = [
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
      <DefinitionList rows={rows} testIdPrefix="home" />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, mt: 3 }}>
        <TaskList />
        <SiteStatistics />
      </Box>
    </Box>
  );
}
