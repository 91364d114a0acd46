import { useEffect, useRef, type ComponentType } from 'react';
import { useLocation, useNavigate } from './router';
import { STORAGE_KEYS } from '../../engine/session/storageKeys';
import { usePlatform } from '../platform/PlatformContext';
import { isInAppPath } from './paths';

export interface UnknownPathProps {
  /** The 404 page (lazy). */
  notFound: ComponentType;
}

/**
 * A path no route knows. Reached by navigating inside the app: stay on the previous path (`edc.previousPath`) and
 * say so. Entered directly (first page of the tab) or with no previous path: the 404 page, at the typed address.
 */
export function UnknownPath({ notFound: NotFound }: UnknownPathProps) {
  const { store } = usePlatform();
  const location = useLocation();
  const previous = store.getItem(STORAGE_KEYS.previousPath);
  const current = `${location.pathname}${location.search}`;
  const navigatedInApp = location.key !== 'default';
  if (navigatedInApp && isInAppPath(previous) && previous !== current) {
    return <StayOnPrevious path={previous} />;
  }
  return <NotFound />;
}

function StayOnPrevious({ path }: { path: string }) {
  const { notifier } = usePlatform();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notifier.notify({ level: 'warning', messageId: 'error.404.stayed' });
    navigate(path, { replace: true });
  }, [notifier, navigate, path]);
  return null;
}
