/**
 * react-router's blocker, registered on the data router directly. The same as `useBlocker` (which it mirrors), but
 * its code stays in the form page's chunk: `useBlocker` itself would be bundled with react-router into the login
 * front's chunk, which is at its size limit.
 */
import { useContext, useEffect, useId, useState } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  type Blocker,
  type BlockerFunction,
} from 'react-router-dom';

const IDLE: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

/** `shouldBlock` decides per navigation (keep it stable: a new function re-registers the blocker). */
export function useRouterBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useContext(DataRouterContext)?.router;
  const state = useContext(DataRouterStateContext);
  if (!router || !state) throw new Error('useRouterBlocker() needs a data router (createBrowserRouter).');
  const key = `form-blocker-${useId()}`;
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    router.getBlocker(key, shouldBlock);
    setRegistered(true);
  }, [router, key, shouldBlock]);
  useEffect(() => () => router.deleteBlocker(key), [router, key]);

  return (registered && state.blockers.get(key)) || IDLE;
}
