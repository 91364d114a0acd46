import { useCallback, useEffect, useRef } from 'react';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { createSessionMonitor, type SessionMonitor } from '../../engine/session/sessionMonitor';
import { useApiClient } from '../../renderers/apiClientContext';
import { usePlatform } from '../platform/PlatformContext';

/**
 * Heartbeat and expiry checks while the shell is mounted (ids from the kept login info); stopped on unmount and
 * on any logout. Returns a function that stops it at once (before a deliberate logout).
 */
export function useSessionMonitor(): () => void {
  const client = useApiClient();
  const platform = usePlatform();
  const monitor = useRef<SessionMonitor | null>(null);

  useEffect(() => {
    const { store, timers, notifier } = platform;
    const current = createSessionMonitor({
      client,
      timers,
      store,
      notifier,
      ids() {
        const info = loadLoginInfo(store);
        return info?.studyid && info.userid ? { studyid: info.studyid, userid: info.userid } : null;
      },
    });
    monitor.current = current;
    current.start();
    const unsubscribe = platform.onLogout(() => current.stop());
    return () => {
      unsubscribe();
      current.stop();
      if (monitor.current === current) monitor.current = null;
    };
  }, [client, platform]);

  return useCallback(() => monitor.current?.stop(), []);
}
