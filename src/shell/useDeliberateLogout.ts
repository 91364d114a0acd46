import { useCallback } from 'react';
import type { LoginInfo } from '../../engine/api/session';
import { useApiClient } from '../../renderers/apiClientContext';

/**
 * The logout the user asks for: stops the session monitor, removes the user's unsaved eCRF drafts of this study
 * (only here: a forced logout, an idle timeout or a 401 keeps them to offer them back), then logs out.
 */
export function useDeliberateLogout(info: LoginInfo, stopMonitor: () => void): () => void {
  const client = useApiClient();
  return useCallback(() => {
    stopMonitor();
    const studyId = info.studyid ?? '';
    const userId = info.userid ?? '';
    // the drafts' code is loaded only now (it belongs to the data-entry chunks); the logout happens in any case
    void import('../drafts/appDraftStore')
      .then((m) => m.clearUserDrafts(studyId, userId))
      .catch(() => undefined)
      .then(() => client.logout());
  }, [stopMonitor, client, info.studyid, info.userid]);
}
