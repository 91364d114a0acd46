/**
 * Which subject (and visit, and form) a data request may reach: the subject must be in the session's study at the
 * SITE CHOSEN at /checkRole (session.siteId, which requireRole has checked the user still holds the role at; a CRC
 * at BJ01 and SH01 who chose BJ01 reaches no SH01 subject) — else "not found", as subjectinfo.do answers; the visit
 * must be one of the subject's, and the form one the visit holds.
 */
import type { Locale } from '../../../engine/api/localized';
import type { RoleSession } from '../../core/auth/guard';
import { queryOne, type Db } from '../../core/db/db';
import { fail } from '../../core/http/envelope';
import { message, type ServerMessageId } from '../../core/messages';
import { SUBJECT_VISIT_COLUMNS, type SubjectVisitRow } from './formsRepository';
import { pageMarkSql } from './pageMarks';
import { GUARDS_COLUMN } from './recordHooks';

export interface ScopedSubject {
  id: string;
  siteId: string;
}

/** A request that cannot go on: answered as HTTP 200 success:false with the message. */
export class NotFound extends Error {
  constructor(
    readonly messageId: ServerMessageId,
    /** Values of the message's placeholders (a save guard's refusal: why the page is read only). */
    readonly values: Readonly<Record<string, string>> = {},
  ) {
    super(messageId);
  }
  envelope(locale: Locale) {
    return fail(message(this.messageId, locale, this.values));
  }
}

/** The subjects in scope: in the study at the chosen site ($2, $3), the role held there ($4, $5), not abandoned. */
const SUBJECT_IN_SCOPE = `s.id = $1 and s.study_id = $2 and s.site_id = $3 and s.abandoned_at is null
       and exists (select 1 from user_roles ur where ur.user_id = $4 and ur.role_id = $5 and ur.study_id = $2
                   and ur.site_id = s.site_id and ur.active)`;

/** The subject when it is in the study at the session's chosen site; else NotFound(subjectNotFound). */
export async function scopedSubject(db: Db, session: RoleSession, subjectId: string): Promise<ScopedSubject> {
  const row = await queryOne<ScopedSubject>(
    db,
    `select s.id, s.site_id as "siteId" from subjects s where ${SUBJECT_IN_SCOPE}`,
    [subjectId, session.studyId, session.siteId, session.userId, session.roleId],
  );
  if (!row) throw new NotFound('subjectNotFound');
  return row;
}

/** Whether a subject (by id) is in the role's scope — for requests that name a record. */
export async function subjectInScope(db: Db, session: RoleSession, subjectId: string): Promise<boolean> {
  try {
    await scopedSubject(db, session, subjectId);
    return true;
  } catch (err) {
    if (err instanceof NotFound) return false;
    throw err;
  }
}

/** A subject in scope, its visit, and (asked with a form) the form's latest version and the page's mark. */
export interface ScopedPage {
  subject: ScopedSubject;
  visit: SubjectVisitRow;
  /** The form's latest stored version (null: no schema of the form, or no form asked). */
  latestVersion: number | null;
  /** The page's mark (pageMarks.ts; null: none, or no form asked). */
  mark: string | null;
  /** The columns the caller asked the statement to carry (`carried`: the beforeSave guards' reads), as read. */
  carried: Readonly<Record<string, unknown>>;
}

export interface VisitKeysParams {
  subjectid: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
}

/**
 * How scopedVisit's statement with a form names its page (the subject's id; the visit and the form from $6–$9; no
 * record), for the columns it carries (the beforeSave guards' reads: recordHooks.ts guardColumns): a constant, so
 * that the columns are built once.
 */
export const SCOPED_PAGE_ON = {
  subject: 's.id',
  visitnum: '$6',
  cycnum: '$7',
  svnum: '$8',
  tid: '$9',
  record: 'null::bigint',
} as const;

/**
 * scopedVisit's statement, with the form's latest version, the page mark ($9: the form) and the carried columns, or
 * without: built once each.
 */
function scopedVisitSql(withLatest: boolean, carried = ''): string {
  const latest = withLatest
    ? `, (select max(f.version) from form_schemas f where f.study_id = $2 and f.tid = $9) as latest_form_version,
         (${pageMarkSql(SCOPED_PAGE_ON)}) as page_mark${carried ? `,\n${carried}` : ''}`
    : '';
  return `select s.id as subject_id, s.site_id as subject_site_id${latest}, v.*
     from subjects s
     left join lateral (
       select ${SUBJECT_VISIT_COLUMNS}
       from subject_visits sv join visit_schedule vs on vs.study_id = $2 and vs.visitnum = sv.visitnum
       where sv.subject_id = s.id and sv.visitnum = $6 and sv.cycnum = $7 and sv.svnum = $8
     ) v on true
     where ${SUBJECT_IN_SCOPE}`;
}

const SCOPED_VISIT_PLAIN_SQL = scopedVisitSql(false);
/** The statement with a form, per set of carried columns (one set per process). */
const SCOPED_VISIT_WITH_LATEST_SQL = new Map<string, string>();

function scopedVisitWithLatestSql(carried: string): string {
  let sql = SCOPED_VISIT_WITH_LATEST_SQL.get(carried);
  if (sql === undefined) {
    sql = scopedVisitSql(true, carried);
    SCOPED_VISIT_WITH_LATEST_SQL.set(carried, sql);
  }
  return sql;
}

/**
 * The subject (in scope) and its visit; NotFound otherwise (subjectNotFound before visitNotFound). One statement
 * (stop 26): the scope check of `scopedSubject` with the visit of `subjectVisit` joined to it.
 */
export async function scopedVisit(
  db: Db,
  session: RoleSession,
  keys: VisitKeysParams,
  latestOfTid?: string,
  carried = '',
): Promise<ScopedPage> {
  const row = await queryOne<
    {
      subject_id: string;
      subject_site_id: string;
      latest_form_version?: number | null;
      page_mark?: string | null;
      [GUARDS_COLUMN]?: unknown;
    } & SubjectVisitRow
  >(db, latestOfTid === undefined ? SCOPED_VISIT_PLAIN_SQL : scopedVisitWithLatestSql(carried), [
    keys.subjectid,
    session.studyId,
    session.siteId,
    session.userId,
    session.roleId,
    keys.visitnum,
    keys.cycnum,
    keys.svnum,
    ...(latestOfTid === undefined ? [] : [latestOfTid]),
  ]);
  if (!row) throw new NotFound('subjectNotFound');
  const {
    subject_id: id,
    subject_site_id: siteId,
    latest_form_version: latestVersion,
    page_mark: mark,
    [GUARDS_COLUMN]: guards,
    ...visit
  } = row;
  if (visit.visitnum === null || visit.visitnum === undefined) throw new NotFound('visitNotFound');
  return {
    subject: { id, siteId },
    visit,
    latestVersion: latestVersion ?? null,
    mark: mark ?? null,
    carried: { [GUARDS_COLUMN]: guards },
  };
}

/** The subject, its visit and a form of that visit; NotFound otherwise. */
export async function scopedForm(
  db: Db,
  session: RoleSession,
  keys: VisitKeysParams & { tid: string },
): Promise<{ subject: ScopedSubject; visit: SubjectVisitRow }> {
  const found = await scopedVisit(db, session, keys);
  if (!found.visit.tids.includes(keys.tid)) throw new NotFound('formNotFound');
  return found;
}

/**
 * scopedForm, with the number of the form's latest stored version (null: the study has no schema of the form) and the
 * page's mark (pageMarks.ts; null: none) read in the same statement — a form open then takes the schema from the
 * process's cache and the mark without a statement of their own.
 */
export async function scopedFormWithLatest(
  db: Db,
  session: RoleSession,
  keys: VisitKeysParams & { tid: string },
  carried = '',
): Promise<ScopedPage> {
  const found = await scopedVisit(db, session, keys, keys.tid, carried);
  if (!found.visit.tids.includes(keys.tid)) throw new NotFound('formNotFound');
  return found;
}
