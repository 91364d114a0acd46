import { useMemo } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import type { LoginInfo } from '../../engine/api/session';
import { deriveSessionFlags, loadLoginInfo } from '../../engine/session/loginInfo';
import { Footer } from '../../renderers/Footer';
import { AppCatalogueGate } from '../i18n/AppCatalogueGate';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routing/paths';
import { hasChosenRole } from '../session/roleChoice';
import { AccountActions } from './AccountActions';
import { useDeliberateLogout } from './useDeliberateLogout';
import { useSessionMonitor } from './useSessionMonitor';

/**
 * Pages shown without the side menu (the standalone subject list, for embedding): the same login and role
 * requirements as /index, a one-line header with the account, the session monitor while mounted.
 */
export function StandaloneShell() {
  const { store } = usePlatform();
  const info = useMemo(() => loadLoginInfo(store), [store]);
  if (!info?.userid) return <Navigate to={PATHS.entrance} replace />;
  if (!hasChosenRole(store, info)) return <Navigate to={PATHS.checkRole} replace />;
  return <StandaloneFrame info={info} />;
}

function StandaloneFrame({ info }: { info: LoginInfo }) {
  const navigate = useNavigate();
  const { locale, setLocale } = useLocale();
  const stopMonitor = useSessionMonitor();
  const logout = useDeliberateLogout(info, stopMonitor);
  return (
    <Box
      sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: '100vh' }}
      data-testid="standalone-shell"
    >
      <AppBar
        position="static"
        elevation={0}
        color="default"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar variant="dense" sx={{ gap: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} color="primary">
            <FormattedMessage id="app.productName" />
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {[info.studycode, info.studyname].filter(Boolean).join(' ')}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <AccountActions
            info={info}
            locale={locale}
            onLocaleChange={setLocale}
            onSwitchRole={() => navigate(PATHS.checkRole)}
            onLogout={logout}
            placement="header"
          />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: 2, minWidth: 0 }}>
        <AppCatalogueGate>
          <Outlet />
        </AppCatalogueGate>
      </Box>
      <Footer release={deriveSessionFlags(info).productRelease} />
    </Box>
  );
}
