import { useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from '../routing/router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from '../../renderers/intl';
import type { LoginInfo } from '../../engine/api/session';
import { deriveSessionFlags, loadLoginInfo } from '../../engine/session/loginInfo';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { Footer } from '../../renderers/Footer';
import { PageLoading } from '../../renderers/PageLoading';
import { EmbeddedPageProvider } from '../../renderers/overlay/EmbeddedPageContext';
import { AppCatalogueGate } from '../i18n/AppCatalogueGate';
import { useRouteAppTierParts } from '../routing/useRouteAppTierParts';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS, refreshPath } from '../routing/paths';
import { hasChosenRole } from '../session/roleChoice';
import { AccessGuard } from './AccessGuard';
import { AccountActions } from './AccountActions';
import { LoginRequired } from './LoginRequired';
import { OutageBanner } from './OutageBanner';
import { useDeliberateLogout } from './useDeliberateLogout';
import { useSessionMonitor } from './useSessionMonitor';
import { RolePermissionsContext } from '../../renderers/rolePermissionsContext';
import { useMenus } from './useShellData';

/**
 * Pages shown without the side menu (the standalone subject list, for embedding): the same login, role and access
 * requirements as /index, a one-line header with the account, the session monitor while mounted.
 */
export function StandaloneShell() {
  const { store } = usePlatform();
  const info = useMemo(() => loadLoginInfo(store), [store]);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (!info?.userid) return <LoginRequired />;
  if (!hasChosenRole(store, info)) return <Navigate to={PATHS.checkRole} replace />;
  // the header's help menu opens documents in the full-screen overlay, as in the home shell
  return (
    <EmbeddedPageProvider onRefresh={() => navigate(refreshPath(pathname + search), { replace: true })}>
      <StandaloneFrame info={info} />
    </EmbeddedPageProvider>
  );
}

function StandaloneFrame({ info }: { info: LoginInfo }) {
  const navigate = useNavigate();
  const { store } = usePlatform();
  const { locale, setLocale } = useLocale();
  const { stop: stopMonitor, offline } = useSessionMonitor();
  const logout = useDeliberateLogout(info, stopMonitor);
  // the role's allowed paths guard the page (when another tab chose the role, menuList.do tells them)
  const { menus, permissions } = useMenus();
  const pathsKnown = menus !== null || store.getItem(STORAGE_KEYS.allowedPaths) !== null;
  const appTierParts = useRouteAppTierParts();
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
      {offline ? <OutageBanner /> : null}
      <Box component="main" sx={{ flex: 1, p: 2, minWidth: 0 }}>
        {pathsKnown ? (
          <AccessGuard>
            <AppCatalogueGate parts={appTierParts}>
              <RolePermissionsContext.Provider value={permissions}>
                <Outlet />
              </RolePermissionsContext.Provider>
            </AppCatalogueGate>
          </AccessGuard>
        ) : (
          <PageLoading />
        )}
      </Box>
      <Footer release={deriveSessionFlags(info).productRelease} />
    </Box>
  );
}
