/**
 * Messages a page may not have yet: a page of the shell loads the parts of the catalogue it shows first, and what it
 * loads later (a dialog, see actions/lazyDialog.tsx) may need more (src/i18n/tiers.ts). The app says here whether
 * those are there and how to ask for them; without a provider they are (tests, pages outside the shell).
 */
import { createContext, useContext, useEffect } from 'react';

export interface LaterMessages {
  status: 'ready' | 'loading' | 'failed';
  /** Asks for them (idempotent). */
  require(): void;
  /** Asks again after a failure. */
  retry(): void;
  /**
   * Fetches them ahead without showing them yet (idempotent, a failure is left for `require`): called where the code
   * of what needs them is fetched ahead (a dialog's trigger pointed at, the first change of a form), so that opening
   * it rarely waits, and the page is not drawn again with the new texts while the user is typing.
   */
  prefetch(): void;
}

const THERE: LaterMessages = { status: 'ready', require() {}, retry() {}, prefetch() {} };

export const LaterMessagesContext = createContext<LaterMessages>(THERE);

/** Fetches the messages of what a page loads later ahead (see `LaterMessages.prefetch`). */
export function usePrefetchLaterMessages(): () => void {
  return useContext(LaterMessagesContext).prefetch;
}

/** Whether the messages of what a page loads later are there; asks for them while they are not. */
export function useLaterMessages(): LaterMessages {
  const later = useContext(LaterMessagesContext);
  useEffect(() => {
    if (later.status === 'loading') later.require();
  }, [later]);
  return later;
}
