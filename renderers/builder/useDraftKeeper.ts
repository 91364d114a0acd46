/**
 * A workbench's draft keeper for a component's life: writes once the builder pauses, and at once when the page is
 * left (reload, close) or the workbench unmounts (Storybook's language switch remounts the story).
 */
import { useEffect, useMemo } from 'react';
import { browserTimers } from '../search/browserTimers';
import { createDraftKeeper, type DraftKeeper } from './workbenchDraft';

export function useDraftKeeper(key: string | null): DraftKeeper {
  const keeper = useMemo(() => createDraftKeeper(key, browserTimers), [key]);
  useEffect(() => {
    keeper.open();
    const leave = () => keeper.flush();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      // a check still pending runs after this (its own cleanup) and then writes at once
      keeper.close();
    };
  }, [keeper]);
  return keeper;
}
