/**
 * Abandoning a subject (spec §4: discards subject info and CRF data, irreversible; docs/casebook-batch.md): with
 * the permission subject.abandon, a reason and the user's password. The password is checked as the signature
 * re-authentication checks it (validationSignUser.do: the same hash check, the same per-session failure counter
 * and lockout after MAX_SIGNATURE_FAILURES, the same rate limits on the route, each failure in the audit log).
 * The subject is marked abandoned (never deleted): it leaves every casebook view; its rows, records and audit
 * trails stay. The mark and its audit row are written in one transaction.
 */
import type { Locale } from '../../../engine/api/localized';
import type { RoleSession } from '../../core/auth/guard';
import { verifyPassword } from '../../core/auth/passwords';
import { endSession } from '../../core/auth/sessions';
import { findUserById } from '../../core/auth/users';
import { appendAudit } from '../../core/audit/audit';
import type { Db } from '../../core/db/db';
import { HttpAnswer, fail } from '../../core/http/envelope';
import { message } from '../../core/messages';
import { MAX_SIGNATURE_FAILURES, recordSignatureFailure } from '../session/signatures';
import { appendSubjectAudit, lockSubjectFields, rolePermissions } from '../subjects/casebookRepository';
import { Refused } from '../subjects/casebookService';
import { findSubject } from '../subjects/repository';

export const ABANDON_PERMISSION = 'subject.abandon';

export interface AbandonInput {
  subjectid: string;
  updatedat: string;
  reason: string;
  password: string;
}

/** The password of the session's user, or a counted failure (the session ends after MAX_SIGNATURE_FAILURES). */
async function reauthenticate(
  db: Db,
  session: RoleSession,
  password: string,
  what: Record<string, string>,
  ctx: { locale: Locale; now: Date; ip: string },
): Promise<void> {
  const user = await findUserById(db, session.userId);
  if (user && (await verifyPassword(password, user.passwordHash))) {
    await db.query('update sessions set signature_failures = 0 where id = $1', [session.id]);
    return;
  }
  const failures = await recordSignatureFailure(db, session.id);
  const detail = {
    roleid: session.roleId,
    siteid: session.siteId,
    studyid: session.studyId,
    ...what,
    reason: 'wrong password',
    failures,
    ip: ctx.ip,
  };
  await appendAudit(db, { at: ctx.now, userId: session.userId, action: 'signature.failed', detail });
  if (failures < MAX_SIGNATURE_FAILURES) throw new Refused('abandonBadPassword');
  await endSession(db, session.id, 'signatureLock', ctx.now);
  await appendAudit(db, { at: ctx.now, userId: session.userId, action: 'signature.locked', detail });
  throw new HttpAnswer(401, fail(message('signatureLocked', ctx.locale), 401));
}

/** abandonsubject.do. */
export async function abandon(
  db: Db,
  session: RoleSession,
  input: AbandonInput,
  ctx: { locale: Locale; now: Date; ip: string },
): Promise<{ subjectid: string; subjid: string; abandonedat: string }> {
  if (!(await rolePermissions(db, session.roleId)).has(ABANDON_PERMISSION))
    throw new Refused('abandonNotAllowed', {}, 403);
  const reason = input.reason.trim();
  if (!reason) throw new Refused('reasonRequired');
  // the subject first (nothing to re-authenticate for when it is not there), then the password
  const subject = await findSubject(db, session.studyId, [session.siteId], input.subjectid);
  if (!subject) throw new Refused('subjectNotFound');
  if (subject.updatedat !== input.updatedat) throw new Refused('subjectChanged');
  await reauthenticate(
    db,
    session,
    input.password,
    { meaning: 'abandon subject', subjectid: subject.subjectid },
    ctx,
  );
  return db.transaction(async (tx) => {
    const stored = await lockSubjectFields(tx, session.studyId, [session.siteId], input.subjectid);
    if (!stored) throw new Refused('subjectNotFound');
    if (stored.updatedat !== input.updatedat) throw new Refused('subjectChanged');
    const at = ctx.now.toISOString();
    await tx.query('update subjects set abandoned_at = $2, updated_at = $2 where id = $1', [stored.id, at]);
    await appendSubjectAudit(tx, [
      {
        studyId: session.studyId,
        subjectId: stored.id,
        action: 'status',
        field: 'abandoned',
        oldvalue: null,
        newvalue: at,
        reason,
        userId: session.userId,
        roleId: session.roleId,
        siteId: session.siteId,
        at: ctx.now,
      },
    ]);
    return { subjectid: stored.id, subjid: stored.subjid, abandonedat: at };
  });
}
