/**
 * expirationTime.do: a notice to show now, if any — the password expires within 7 days (or has expired), or a
 * notice row is in force for the study.
 */
import type { Locale } from '../../../engine/api/localized';
import type { Db } from '../../core/db/db';
import { message } from '../../core/messages';
import { activeNotice } from './repository';
import type { UserRow } from '../../core/auth/users';

export const PASSWORD_WARNING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function expiryNotice(
  db: Db,
  user: Pick<UserRow, 'passwordExpiresAt'>,
  studyId: string,
  now: Date,
  locale: Locale,
): Promise<{ flag: boolean; beforenote: string }> {
  if (user.passwordExpiresAt) {
    const left = new Date(user.passwordExpiresAt).getTime() - now.getTime();
    if (left <= 0) return { flag: true, beforenote: message('passwordExpired', locale) };
    if (left <= PASSWORD_WARNING_DAYS * DAY_MS) {
      return {
        flag: true,
        beforenote: message('passwordExpiresIn', locale, { days: Math.ceil(left / DAY_MS) }),
      };
    }
  }
  const notice = await activeNotice(db, studyId, now, locale);
  return notice ? { flag: true, beforenote: notice } : { flag: false, beforenote: '' };
}
