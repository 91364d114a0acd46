import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../routing/router';
import { checkAccess, loadAllowedPaths } from '../../engine/access/accessGuard';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { useApiClient } from '../../renderers/apiClientContext';
import { usePlatform } from '../platform/PlatformContext';

/**
 * After each navigation inside /index: a management page the current role may not open goes to /401 (report pages
 * and every other page pass). The server checks the same on each call; this only spares the user a broken page.
 */
export function AccessGuard({ children }: { children?: ReactNode }) {
  const { store } = usePlatform();
  const client = useApiClient();
  const { pathname } = useLocation();
  // a logout under way (or just done: its navigation to the login page may render after this page's last render) has
  // cleared the allowed paths: the logout, not the guard, decides where the user goes
  if (client.loggingOut || store.getItem(STORAGE_KEYS.allowedPaths) === null) return <>{children}</>;
  const decision = checkAccess(pathname, loadAllowedPaths(store));
  if (!decision.allowed) return <Navigate to={decision.redirectTo} replace />;
  return <>{children}</>;
}
