import type { KeyValueStore } from '../engine/ports';
import { loadLoginInfo } from '../engine/session/loginInfo';

/** The user's IANA time zone: from the kept login info, else the browser's, else UTC. */
export function userTimeZone(store: KeyValueStore): string {
  return loadLoginInfo(store)?.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}
