import { useEffect } from 'react';
import { useIntl } from '../../renderers/intl';
import { Outlet, useLocation, useMatches } from './router';
import Box from '@mui/material/Box';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { usePlatform } from '../platform/PlatformContext';
import { TRANSIENT_PATHS, type RouteHandle } from './paths';

/** Remembers the last known in-app path (`edc.previousPath`), where an unknown path sends the user back to. */
function usePreviousPathRecorder(): void {
  const { store } = usePlatform();
  const location = useLocation();
  const matches = useMatches();
  const unknown = matches.some((match) => (match.handle as RouteHandle | undefined)?.unknownPath === true);
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (unknown || TRANSIENT_PATHS.has(location.pathname)) return;
    store.setItem(STORAGE_KEYS.previousPath, path);
  }, [store, unknown, path, location.pathname]);
}

/** The browser tab shows the product name in the UI language. */
function useDocumentTitle(): void {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.productName' });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The root of every route. */
export function RootLayout() {
  usePreviousPathRecorder();
  useDocumentTitle();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Outlet />
    </Box>
  );
}
