import { useEffect } from 'react';
import { useLocation, useNavigate } from '../routing/router';
import { PageLoading } from '../../renderers/PageLoading';
import { usePlatform } from '../platform/PlatformContext';
import { PATHS } from '../routing/paths';
import { rememberReturnTo } from '../routing/returnTo';

/**
 * A page that needs a login, opened without one: the address is remembered (to return to after login and role
 * choice) and /entrance opens the session, or the login front.
 */
export function LoginRequired() {
  const { store } = usePlatform();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnTo(store, `${pathname}${search}${hash}`);
    navigate(PATHS.entrance, { replace: true });
  }, [store, pathname, search, hash, navigate]);
  return <PageLoading />;
}
