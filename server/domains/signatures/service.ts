/**
 * The investigator's signature (docs/signatures.md): showing the signature state of a subject's pages, signing
 * casebooks, visits and pages with the re-authentication of 21 CFR 11.200 in the same request, and the break of a
 * signature by a later change of the page's data (the data domain's onSaved hook, in the save's own transaction).
 *
 * The order of the checks of a signing: permission (403), a selection, every subject at the chosen site, something
 * left to sign and no open queries — none of which needs the password — then the password (a failure is counted and
 * audited and committed on its own, as validationSignUser.do counts it: three in a row end the session), then one
 * transaction that checks the pages again under lock, resets the failure counter, marks the session's first signing
 * done, writes the signatures, a signature audit row per page and the audit-log row with the manifestation.
 */
import type { Locale, LocalizedText } from '../../../engine/api/localized';
import type {
  Manifestation,
  SignatureEvent,
  SignaturePage,
  SignatureScope,
  SignatureTarget,
} from '../../../engine/api/signatures';
import type { RoleSession } from '../../core/auth/guard';
import { verifyPassword } from '../../core/auth/passwords';
import { endSession } from '../../core/auth/sessions';
import { findUserById } from '../../core/auth/users';
import { appendAudit } from '../../core/audit/audit';
import type { Db } from '../../core/db/db';
import { HttpAnswer, fail } from '../../core/http/envelope';
import { SERVER_MESSAGES, message } from '../../core/messages';
import type { MarkedPages, SavedRecord } from '../data/recordHooks';
import { NotFound, scopedSubject } from '../data/scope';
import { Refused } from '../notes/refused';
import { roleHasPermission } from '../notes/repository';
import {
  MAX_SIGNATURE_FAILURES,
  recordSignatureFailure,
  recordSignatureSuccess,
  signatureState,
} from '../session/signatures';
import {
  breakSignature,
  recordHistory,
  refusesOpenQueries,
  signedRecordsOfPages,
  subjectPages,
  writeSignatures,
  type HistoryRow,
  type PageRow,
} from './repository';

export const SIGN_PERMISSION = 'signature.sign';

/** The meaning of the investigator's signature (§11.50(a)(3)), in every locale. */
export const SIGNATURE_MEANING: LocalizedText = SERVER_MESSAGES.signatureMeaning;

export async function maySign(db: Db, session: RoleSession): Promise<boolean> {
  return roleHasPermission(db, session.roleId, SIGN_PERMISSION);
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** A page as showSignature.do answers it. */
export function pageOf(row: PageRow): SignaturePage {
  const page: SignaturePage = {
    recordid: row.recordId,
    subjectid: row.subjectId,
    subjid: row.subjid,
    visitnum: row.visitnum,
    cycnum: row.cycnum,
    svnum: row.svnum,
    tid: row.tid,
    lineno: row.lineno,
    state: row.status ?? 'unsigned',
    openQueries: row.openQueries,
  };
  if (row.status && row.signerName && row.signedAt && row.meaning) {
    page.manifestation = { signer: row.signerName, signtime: iso(row.signedAt), meaning: row.meaning };
    if (row.scope) page.scope = row.scope;
  }
  if (row.status === 'broken') {
    if (row.brokenBy) page.brokenBy = row.brokenBy;
    if (row.brokenAt) page.brokenAt = iso(row.brokenAt);
    page.brokenItems = row.brokenItems ?? [];
  }
  return page;
}

/** The pages of the targets at the chosen site, each with the scope it was selected by (the narrowest wins). */
async function selectedPages(
  db: Db,
  session: RoleSession,
  targets: readonly SignatureTarget[],
  lock: boolean,
): Promise<{ row: PageRow; scope: SignatureScope }[]> {
  const byRecord = new Map<string, { row: PageRow; scope: SignatureScope }>();
  const rank: Record<SignatureScope, number> = { casebook: 0, visit: 1, page: 2 };
  for (const t of targets) {
    const subject = await scopedSubject(db, session, t.subjectid);
    const recordId = t.recordid?.trim() || undefined;
    if (recordId !== undefined && !/^[1-9][0-9]{0,17}$/.test(recordId)) throw new NotFound('recordNotFound');
    const visitnum = t.visitnum?.trim() || undefined;
    const rows = await subjectPages(
      db,
      { studyId: session.studyId, siteId: session.siteId, subjectId: subject.id, visitnum, recordId },
      lock,
    );
    if (recordId !== undefined && rows.length === 0) throw new NotFound('recordNotFound');
    const scope: SignatureScope = recordId ? 'page' : visitnum ? 'visit' : 'casebook';
    for (const row of rows) {
      const had = byRecord.get(row.recordId);
      if (!had || rank[scope] > rank[had.scope]) byRecord.set(row.recordId, { row, scope });
    }
  }
  return [...byRecord.values()];
}

/** What is left to sign (pages not validly signed); refused when nothing is, or when open queries refuse it. */
async function pagesToSign(
  db: Db,
  session: RoleSession,
  pages: readonly { row: PageRow; scope: SignatureScope }[],
): Promise<{ row: PageRow; scope: SignatureScope }[]> {
  if (pages.length === 0) throw new Refused('signNothingSaved');
  const todo = pages.filter((p) => p.row.status !== 'signed');
  if (todo.length === 0) throw new Refused('signAlreadySigned');
  if (await refusesOpenQueries(db, session.studyId)) {
    const queried = todo.filter((p) => p.row.openQueries > 0);
    const first = queried[0]?.row;
    if (first) {
      throw new Refused('signOpenQueries', {
        count: String(queried.length),
        subjid: first.subjid,
        visitnum: first.visitnum,
        tid: first.tid,
      });
    }
  }
  return todo;
}

export interface SignInput {
  list: readonly SignatureTarget[];
  username?: string | undefined;
  password: string;
}

export interface SignContext {
  locale: Locale;
  now: Date;
  ip: string;
}

/**
 * The signer's re-authentication (21 CFR 11.200(a)(1)): on the session's first signing the user name and the
 * password, later the password. A failure is counted and audited (committed on its own: a rolled-back count would
 * let a guesser try forever); the third in a row ends the session (401). Answers the signer's printed name.
 */
async function reauthenticate(
  db: Db,
  session: RoleSession,
  input: SignInput,
  what: Record<string, unknown>,
  ctx: SignContext,
): Promise<string> {
  const state = await signatureState(db, session.id);
  const where = { roleid: session.roleId, siteid: session.siteId, studyid: session.studyId };
  const refuse = async (
    reason: string,
    msgId: 'signatureNeedsUsername' | 'signerMismatch' | 'badSignaturePassword',
  ) => {
    const failures = await recordSignatureFailure(db, session.id);
    const detail = { ...where, ...what, reason, failures, ip: ctx.ip };
    await appendAudit(db, { at: ctx.now, userId: session.userId, action: 'signature.failed', detail });
    if (failures < MAX_SIGNATURE_FAILURES) throw new Refused(msgId);
    await endSession(db, session.id, 'signatureLock', ctx.now);
    await appendAudit(db, { at: ctx.now, userId: session.userId, action: 'signature.locked', detail });
    throw new HttpAnswer(401, fail(message('signatureLocked', ctx.locale), 401));
  };
  const username = input.username?.trim();
  if (!state.signedOnce && !username) return refuse('no user name', 'signatureNeedsUsername');
  if (username && username.toLowerCase() !== session.username.toLowerCase())
    return refuse('other user name', 'signerMismatch');
  const user = await findUserById(db, session.userId);
  if (!user || !(await verifyPassword(input.password, user.passwordHash)))
    return refuse('wrong password', 'badSignaturePassword');
  return user.realname;
}

/** saveSignature.do: signs the targets' pages (all or nothing). */
export async function sign(
  db: Db,
  session: RoleSession,
  input: SignInput,
  ctx: SignContext,
): Promise<{ signed: number; already: number; manifestation: Manifestation; records: string[] }> {
  if (!(await maySign(db, session))) throw new Refused('signNotAllowed', {}, 403);
  if (input.list.length === 0) throw new Refused('signSelectItems');
  const selected = await selectedPages(db, session, input.list, false);
  const todo = await pagesToSign(db, session, selected);
  const what = {
    meaning: SIGNATURE_MEANING.en,
    subjects: [...new Set(todo.map((p) => p.row.subjectId))],
    pages: todo.length,
  };
  const signerName = await reauthenticate(db, session, input, what, ctx);
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    // the same checks under lock: what was checked above may have changed meanwhile. The pages are locked first,
    // then read again by a new statement (on PostgreSQL, READ COMMITTED: a statement that waited for a lock still
    // sees the other tables as they were when it started; the next one sees what the other signing committed)
    await selectedPages(tx, session, input.list, true);
    const locked = await pagesToSign(tx, session, await selectedPages(tx, session, input.list, false));
    await recordSignatureSuccess(tx, session.id);
    await writeSignatures(
      tx,
      locked.map((p) => ({ recordId: p.row.recordId, rowversion: p.row.rowversion, scope: p.scope })),
      { userId: session.userId, roleId: session.roleId, signerName, meaning: SIGNATURE_MEANING, at: ctx.now },
    );
    const signtime = ctx.now.toISOString();
    const records = locked.map((p) => p.row.recordId);
    await appendAudit(tx, {
      at: ctx.now,
      userId: session.userId,
      action: 'signature',
      detail: {
        roleid: session.roleId,
        siteid: session.siteId,
        studyid: session.studyId,
        signer: signerName,
        signtime,
        meaning: SIGNATURE_MEANING,
        records,
      },
    });
    return {
      signed: locked.length,
      already: selected.length - todo.length,
      manifestation: { signer: signerName, signtime, meaning: SIGNATURE_MEANING },
      records,
    };
  });
}

/** A history row as showSignature.do answers it. */
function eventOf(row: HistoryRow): SignatureEvent {
  const event: SignatureEvent = { action: row.action, by: row.by, at: iso(row.at) };
  if (row.scope) event.scope = row.scope;
  if (row.meaning) event.meaning = row.meaning;
  if (row.items) event.items = row.items;
  return event;
}

/**
 * showSignature.do: the pages of a subject or of one record at the chosen site (none: no pages), and for one record
 * its signature history.
 */
export async function showPages(
  db: Db,
  session: RoleSession,
  q: { subjectid?: string | undefined; recordid?: string | undefined },
): Promise<{ pages: SignaturePage[]; history: SignatureEvent[] }> {
  const recordId = q.recordid?.trim();
  if (recordId) {
    if (!/^[1-9][0-9]{0,17}$/.test(recordId)) throw new NotFound('recordNotFound');
    const rows = await db.query<{ subjectId: string }>(
      'select subject_id as "subjectId" from form_records where id = $1::bigint and study_id = $2',
      [recordId, session.studyId],
    );
    const subjectId = rows[0]?.subjectId;
    if (!subjectId) throw new NotFound('recordNotFound');
    await scopedSubject(db, session, subjectId);
    const pages = (
      await subjectPages(db, { studyId: session.studyId, siteId: session.siteId, subjectId, recordId })
    ).map(pageOf);
    return { pages, history: (await recordHistory(db, recordId)).map(eventOf) };
  }
  const subjectId = q.subjectid?.trim();
  if (!subjectId) return { pages: [], history: [] };
  const subject = await scopedSubject(db, session, subjectId);
  const pages = (
    await subjectPages(db, { studyId: session.studyId, siteId: session.siteId, subjectId: subject.id })
  ).map(pageOf);
  return { pages, history: [] };
}

/**
 * The onSaved hook `signature.break`: a change of a signed page's data breaks its signature (who, when, which
 * items), with a signature audit row — in the save's transaction.
 */
/**
 * A casebook mark on signed pages (activedata.do: invalid, not collected, not occurred) breaks their signatures in
 * the mark's transaction: the investigator signed the data as it stood, not its invalidation. Lifting a mark
 * (valid again) signs nothing back: the page is signed anew.
 */
export async function breakOnMark(tx: Db, marked: MarkedPages): Promise<void> {
  if (marked.mark === null) return;
  const who = { userId: marked.actor.userId, roleId: marked.actor.roleId, at: marked.at };
  for (const recordId of await signedRecordsOfPages(tx, marked, marked.tids)) {
    await breakSignature(tx, recordId, [], who, `mark:${marked.mark}`);
  }
}

export async function breakOnSave(tx: Db, saved: SavedRecord): Promise<void> {
  if (saved.kind !== 'update' || saved.changed.length === 0) return;
  await breakSignature(tx, saved.record.id, saved.changed, {
    userId: saved.actor.userId,
    roleId: saved.actor.roleId,
    at: saved.at,
  });
}
