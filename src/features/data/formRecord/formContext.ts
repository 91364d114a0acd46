import type { FormContext } from '../../../../engine/form/types';
import type { KeyValueStore } from '../../../../engine/ports';
import { deriveSessionFlags, loadLoginInfo, SHORT_TEXT_LIMIT } from '../../../../engine/session/loginInfo';

/** Today as `yyyy-MM-dd` in a time zone. */
export function todayInZone(zone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The validation switches of the session (login info) and today in the user's zone. */
export function formContextOf(store: KeyValueStore, zone: string, now?: Date): FormContext {
  const info = loadLoginInfo(store);
  const flags = info ? deriveSessionFlags(info) : null;
  return {
    // no login info: the short limit (2000 only when the server's strLength asks for it)
    textLimit: flags?.textLimit ?? SHORT_TEXT_LIMIT,
    numUnknownAllowed: flags?.numfieldUKallowed ?? false,
    today: todayInZone(zone, now),
  };
}
