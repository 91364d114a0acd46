import { memo, useCallback, useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from '../../renderers/intl';
import { Navigate, Outlet, useLocation, useNavigate } from '../routing/router';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import Typography from '@mui/material/Typography';
import type { LoginInfo, MenuItem, PicParams } from '../../engine/api/session';
import { deriveSessionFlags, loadLoginInfo } from '../../engine/session/loginInfo';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { shouldShowHeader } from '../../engine/session/version';
import { Footer } from '../../renderers/Footer';
import { InlineMessage } from '../../renderers/InlineMessage';
import { OnlineServiceWidget } from '../../renderers/OnlineServiceWidget';
import { PageLoading } from '../../renderers/PageLoading';
import { MenuRenderer } from '../../renderers/menu/MenuRenderer';
import { findMenuByPath, pruneMenus } from '../../renderers/menu/menuTree';
import { useIsKnownRoute } from '../routing/knownRoutesContext';
import { EmbeddedPageProvider } from '../../renderers/overlay/EmbeddedPageContext';
import { AppCatalogueGate } from '../i18n/AppCatalogueGate';
import { useRouteAppTierParts } from '../routing/useRouteAppTierParts';
import { useLocale } from '../i18n/LocaleProvider';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS, refreshPath } from '../routing/paths';
import { hasChosenRole } from '../session/roleChoice';
import { AccessGuard } from './AccessGuard';
import { LoginRequired } from './LoginRequired';
import { OutageBanner } from './OutageBanner';
import { AccountActions } from './AccountActions';
import { useDeliberateLogout } from './useDeliberateLogout';
import { useSessionMonitor } from './useSessionMonitor';
import { RolePermissionsContext } from '../../renderers/rolePermissionsContext';
import { useMenus, usePicParams, useServerVersion } from './useShellData';

export const SIDE_MENU_WIDTH = 240;

/*
 * The shell renders again on every change of the address, and a list keeps its query (page, sort, search) there: the
 * menu, the account actions and the footer take the same props across such a change and are not drawn again
 * (issue 11: a page change of the subject list renders the list, not the shell; docs/perf-list-page-change.md).
 */
const StableMenu = memo(MenuRenderer);
const StableAccountActions = memo(AccountActions);
const StableFooter = memo(Footer);

/** What the shell hands its pages (useOutletContext): the role's menus this build can open, and picture rights. */
export interface ShellOutletContext {
  /** null until menuList.do answered. */
  menus: MenuItem[] | null;
  picParams: PicParams | null;
}

/**
 * The app bar as MUI's static AppBar and Toolbar draw it (primary colour, toolbar heights and gutters of the theme),
 * with plain elements: their code stays off every page (stop 28 in docs/perf-list-and-bundles.md). The keyboard focus
 * outline of its buttons takes the bar's text colour (white on the primary colour).
 */
const HEADER_SX: SxProps<Theme> = (theme) => ({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  boxSizing: 'border-box',
  flexShrink: 0,
  position: 'static',
  zIndex: theme.zIndex.appBar,
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  // (one class more than the theme's ButtonBase rule, whose style is inserted after this one)
  '& .MuiButtonBase-root.Mui-focusVisible': { outlineColor: 'currentColor' },
});
const TOOLBAR_SX: SxProps<Theme> = [
  (theme) => theme.mixins.toolbar as SystemStyleObject<Theme>,
  { position: 'relative', display: 'flex', alignItems: 'center', gap: 2, px: { xs: 2, sm: 3 } },
];

/**
 * /index: the home shell. Needs a login (else /entrance, remembering the address to return to) and a chosen role
 * (else /checkRole). Header (server V2.1.6 and later), side menu from menuList.do, the page, the footer and the
 * online-service button; the session monitor runs while it is mounted (with a banner while the server is away).
 */
export function HomeShell() {
  const { store } = usePlatform();
  const info = useMemo(() => loadLoginInfo(store), [store]);
  if (!info?.userid) return <LoginRequired />;
  if (!hasChosenRole(store, info)) return <Navigate to={PATHS.checkRole} replace />;
  return <ShellFrame info={info} />;
}

function ShellFrame({ info }: { info: LoginInfo }) {
  const intl = useIntl();
  const appTierParts = useRouteAppTierParts();
  const { store } = usePlatform();
  const { locale, setLocale } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { stop: stopMonitor, offline } = useSessionMonitor();
  const version = useServerVersion();
  const picParams = usePicParams();
  const { menus: grantedMenus, failed: menusFailed, permissions } = useMenus();
  // only the entries this build can open (the server may grant pages of later releases)
  const isKnownRoute = useIsKnownRoute();
  const menus = useMemo(
    () => grantedMenus && pruneMenus(grantedMenus, isKnownRoute),
    [grantedMenus, isKnownRoute],
  );
  const outletContext = useMemo<ShellOutletContext>(() => ({ menus, picParams }), [menus, picParams]);
  const showHeader = version !== null && shouldShowHeader(version);
  const flags = deriveSessionFlags(info);

  const current = `${location.pathname}${location.search}`;
  const pageItem = menus ? findMenuByPath(menus, location.pathname) : null;
  const activeCode = pageItem?.menuCode ?? store.getItem(STORAGE_KEYS.menuCode);

  // the page's menu item is the active one, also when it was opened by address (the request header follows it)
  useEffect(() => {
    if (pageItem) store.setItem(STORAGE_KEYS.menuCode, pageItem.menuCode);
  }, [pageItem, store]);

  const selectMenu = useCallback(
    (item: MenuItem) => {
      store.setItem(STORAGE_KEYS.menuCode, item.menuCode);
      // choosing the open page again reloads it
      navigate(item.path === location.pathname ? refreshPath(item.path) : item.path);
    },
    [store, navigate, location.pathname],
  );

  const reloadRoute = useCallback(
    () => navigate(refreshPath(current), { replace: true }),
    [navigate, current],
  );

  const logout = useDeliberateLogout(info, stopMonitor);

  // the page waits for the allowed paths when this tab has none yet (role chosen in another tab)
  const pathsKnown = menus !== null || store.getItem(STORAGE_KEYS.allowedPaths) !== null;
  const switchRole = useCallback(() => navigate(PATHS.checkRole), [navigate]);
  const account = {
    info,
    locale,
    onLocaleChange: setLocale,
    onSwitchRole: switchRole,
    onLogout: logout,
  };
  const footerExtra = useMemo(
    () => <OnlineServiceWidget visible={info.online.isShow} />,
    [info.online.isShow],
  );

  return (
    <EmbeddedPageProvider onRefresh={reloadRoute}>
      <Box
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: '100vh' }}
        data-testid="home-shell"
      >
        {showHeader ? (
          <Box component="header" sx={HEADER_SX} data-testid="shell-header">
            <Box sx={TOOLBAR_SX}>
              <Brand unitLogo={info.unitLogo} inverse />
              <Box sx={{ flex: 1 }} />
              <StableAccountActions {...account} placement="header" />
            </Box>
          </Box>
        ) : null}
        <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
          <Box
            component="aside"
            sx={{
              width: SIDE_MENU_WIDTH,
              flexShrink: 0,
              display: 'flex',
              flexDirection: 'column',
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            {showHeader ? null : (
              <Box sx={{ px: 2, py: 2, borderBottom: 1, borderColor: 'divider' }}>
                <Brand unitLogo={info.unitLogo} />
              </Box>
            )}
            <Box sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
              {menus === null ? (
                <PageLoading />
              ) : menusFailed ? (
                <InlineMessage level="error">
                  <FormattedMessage id="shell.menu.loadFailed" />
                </InlineMessage>
              ) : (
                <StableMenu
                  items={menus}
                  locale={locale}
                  activeCode={activeCode}
                  onSelect={selectMenu}
                  label={intl.formatMessage({ id: 'shell.menu.label' })}
                />
              )}
            </Box>
            {showHeader ? null : <StableAccountActions {...account} placement="sidebar" />}
          </Box>
          {/* the footer is a top-level landmark (contentinfo), beside the main content, not inside it */}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
              {offline ? <OutageBanner /> : null}
              <Box sx={{ flex: 1, p: 3 }}>
                {pathsKnown ? (
                  <AccessGuard>
                    <AppCatalogueGate parts={appTierParts}>
                      <RolePermissionsContext.Provider value={permissions}>
                        <Outlet context={outletContext} />
                      </RolePermissionsContext.Provider>
                    </AppCatalogueGate>
                  </AccessGuard>
                ) : (
                  <PageLoading />
                )}
              </Box>
            </Box>
            <StableFooter release={flags.productRelease} extra={footerExtra} />
          </Box>
        </Box>
      </Box>
    </EmbeddedPageProvider>
  );
}

function Brand({ unitLogo, inverse = false }: { unitLogo: string; inverse?: boolean }) {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {unitLogo ? (
        <Box
          component="img"
          src={unitLogo}
          alt={intl.formatMessage({ id: 'login.unitLogo' })}
          sx={{ height: 32, maxWidth: 120, objectFit: 'contain' }}
        />
      ) : null}
      <Typography
        variant="subtitle1"
        noWrap={inverse}
        sx={{ fontWeight: 600, color: inverse ? 'inherit' : 'primary.main' }}
        data-testid="shell-product-name"
      >
        <FormattedMessage id="app.productName" />
      </Typography>
    </Box>
  );
}
