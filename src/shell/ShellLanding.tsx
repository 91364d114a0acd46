import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useOutletContext } from '../routing/router';
import { PageLoading } from '../../renderers/PageLoading';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routing/paths';
import { takeReturnTo } from '../routing/returnTo';
import type { ShellOutletContext } from './HomeShell';
import { firstMenuPath } from './landing';

/**
 * /index itself: the address remembered before login (a deep link), else the first page of the role's menu, else
 * the welcome card.
 */
export function ShellLanding() {
  const { store } = usePlatform();
  const navigate = useNavigate();
  const context = useOutletContext<ShellOutletContext | undefined>();
  const menus = context?.menus ?? null;
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    const returnTo = takeReturnTo(store);
    if (returnTo) {
      done.current = true;
      navigate(returnTo, { replace: true });
      return;
    }
    if (menus === null) return;
    done.current = true;
    // the menus are already reduced to the pages this build has
    navigate(firstMenuPath(menus, () => true) ?? PATHS.statistics, { replace: true });
  }, [store, menus, navigate]);

  if (!context) return <Navigate to={PATHS.statistics} replace />;
  return <PageLoading />;
}
