import { useCallback, useEffect, useRef } from 'react';
import type { Blocker, BlockerFunction } from '../../../routing/router';
import { useApiClient } from '../../../../renderers/apiClientContext';
import { useBlocker } from '../../../routing/router/blocker';

/**
 * Leaving a page with unsaved changes: a navigation inside the app is held (the router's blocker, which also undoes the browser's back/forward; the page asks
 * save first / discard / stay), and closing or reloading the tab asks the browser's own question. A logout under way
 * (forced or deliberate) is never held: the draft keeps what was typed.
 */
export function useLeavePrompt(hasUnsaved: () => boolean): Blocker {
  const client = useApiClient();
  const unsaved = useRef(hasUnsaved);
  unsaved.current = hasUnsaved;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      !client.loggingOut &&
      unsaved.current(),
    [client],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (client.loggingOut || !unsaved.current()) return;
      event.preventDefault();
      // older browsers ask only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [client]);

  return blocker;
}
