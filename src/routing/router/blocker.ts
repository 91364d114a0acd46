/**
 * Holding a navigation: while `shouldBlock` says so, a navigation inside the app (push or replace) does not happen
 * and a back/forward of the browser is undone; the blocker is then 'blocked' with the location the user wanted,
 * `proceed()` goes there and `reset()` stays. As react-router's `useBlocker`; one blocker at a time (the last one
 * registered decides).
 */
import { useEffect, useId, useState } from 'react';
import { useRouter, useRouterState } from './context';
import { IDLE_BLOCKER, type Blocker, type BlockerFunction } from './router';

/** `shouldBlock` decides per navigation (keep it stable: a new function registers again). */
export function useBlocker(shouldBlock: BlockerFunction | boolean): Blocker {
  const router = useRouter('useBlocker');
  const { blockers } = useRouterState('useBlocker');
  const key = `blocker-${useId()}`;
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    router.getBlocker(key, typeof shouldBlock === 'function' ? shouldBlock : () => shouldBlock);
    setRegistered(true);
  }, [router, key, shouldBlock]);
  useEffect(() => () => router.deleteBlocker(key), [router, key]);

  return (registered && blockers.get(key)) || IDLE_BLOCKER;
}
