import { useCallback, useEffect, useRef, useState } from 'react';
import { loadLoginInfo } from '../../engine/session/loginInfo';
import { createSessionMonitor, type SessionMonitor } from '../../engine/session/sessionMonitor';
import { useApiClient } from '../../renderers/apiClientContext';
import { usePlatform } from '../platform/PlatformContext';

export interface SessionMonitorState {
  /** Stops the monitor at once (before a deliberate logout). */
  stop(): void;
  /** The server does not answer the heartbeat (an outage): the shell shows a banner until it answers again. */
  offline: boolean;
}

/**
 * Heartbeat and expiry checks while the shell is mounted (ids from the kept login info); stopped on unmount and
 * on any logout.
 */
export function useSessionMonitor(): SessionMonitorState {
  const client = useApiClient();
  const platform = usePlatform();
  const monitor = useRef<SessionMonitor | null>(null);
  const [offline, setOffline] = useState(false);

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
      onConnectivity: (online) => setOffline(!online),
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

  const stop = useCallback(() => monitor.current?.stop(), []);
  return { stop, offline };
}
