/**
 * The query life cycle (docs/queries.md): who may do what (the role's `query.*` permissions, seeded from
 * fixtures/seed/queries.json), on which query (the subject at the site chosen at /checkRole), from which state; each
 * action in one transaction with its history row. A refused action changes nothing.
 */
import type { Locale } from '../../../engine/api/localized';
import {
  QUERY_CAPABILITIES,
  type QueryStatus,
  type QueryThread,
  type ReplyAction,
} from '../../../engine/api/queries';
import type { MetaText } from '../../../engine/metadata/types';
import type { RoleSession } from '../../core/auth/guard';
import { queryOne, type Db } from '../../core/db/db';
import { HttpAnswer, fail } from '../../core/http/envelope';
import { message, type ServerMessageId } from '../../core/messages';
import { visitAndFormNamesSql, type VisitFormRefsSql } from '../data/formsRepository';
import { findRecordById, type RecordRow } from '../data/recordsRepository';
import { subjectInScope } from '../data/scope';
import { formSchemaVersion, latestFormSchema } from '../data/formsRepository';
import { compileForm } from '../../../engine/form/index';
import {
  dictHas,
  findQuery,
  insertHistory,
  insertQuery,
  queryRowsByIds,
  updateQuery,
  withHistory,
  type QueryState,
} from './repository';

/** A refusal: 200 (success:false, for the user to act on) or 403 (the role may not). */
export class QueryRefused extends Error {
  constructor(
    readonly messageId: ServerMessageId,
    readonly status: 200 | 403 = 200,
    readonly values: Record<string, string> = {},
  ) {
    super(messageId);
  }
  answer(locale: Locale): HttpAnswer {
    return new HttpAnswer(
      this.status,
      fail(message(this.messageId, locale, this.values), this.status === 403 ? 403 : undefined),
    );
  }
}

/** Runs an action, answering a refusal with its message. */
export async function orQueryRefused<T>(locale: Locale, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof QueryRefused) throw err.answer(locale);
    throw err;
  }
}

/** The close reason that cancels a query not yet answered (ODM Cancelled). */
export const WITHDRAWN_REASON = 'WITHDRAWN';

/** Open states: a query still waiting for someone. */
export const OPEN_STATES: readonly QueryStatus[] = ['candidate', 'created', 'answered'];

export async function queryPermissions(db: Db, roleId: string): Promise<Set<string>> {
  const rows = await db.query<{ permission: string }>(
    `select permission from role_permissions where role_id = $1 and permission like 'query.%'`,
    [roleId],
  );
  return new Set(rows.map((r) => r.permission));
}

export async function requirePermission(
  db: Db,
  session: RoleSession,
  ...permissions: string[]
): Promise<void> {
  const granted = await queryPermissions(db, session.roleId);
  if (!permissions.every((p) => granted.has(p))) throw new QueryRefused('queryNotAllowed', 403);
}

/** A query whose subject is at the chosen site (else "not found", as for a record). */
export async function scopedQuery(
  db: Db,
  session: RoleSession,
  id: string,
  forUpdate = false,
): Promise<QueryState> {
  const query = await findQuery(db, session.studyId, id, forUpdate);
  if (!query || !(await subjectInScope(db, session, query.subjectid)))
    throw new QueryRefused('queryNotFound');
  return query;
}

async function scopedRecordOf(db: Db, session: RoleSession, recordId: string): Promise<RecordRow> {
  const record = await findRecordById(db, session.studyId, recordId);
  if (!record || !(await subjectInScope(db, session, record.subjectId)))
    throw new QueryRefused('recordNotFound');
  return record;
}

/** The query threads of ids, in the order given. */
export async function threads(db: Db, ids: readonly string[]): Promise<QueryThread[]> {
  const rows = await withHistory(db, await queryRowsByIds(db, ids));
  return ids.map((id) => rows.find((r) => r.queryid === id)).filter((r): r is QueryThread => r !== undefined);
}

/**
 * The visit and form name of a record (a query's or a coding term's `visit_tname`) as one SQL select of one row, one
 * column `visit_tname` (jsonb `{ zh_CN, en }`), parameters named by the caller: per locale "the visit's name / the
 * form's name". The visit's name: its schedule's names (an empty name as ''), or the visitnum when the subject has no
 * such visit. The form's name: the latest version's `name` — a text as it is, an object with the two locales' texts
 * (metaTextOf, data/service.ts) per locale, anything else the tid. Also a part of the coding hook's insert
 * (medCoding/repository.ts insertTerms), so that a term's label is the one a query gets.
 */
export function visitTnameSql(p: VisitFormRefsSql): string {
  const visit = (locale: 'zh' | 'en') =>
    `(case when v.visitnum is null then ${p.visitnum}::text else coalesce(v.name_${locale}, '') end)`;
  const form = (locale: 'zh_CN' | 'en') => `(case
       when jsonb_typeof(f.name) = 'string' then f.name #>> '{}'
       when jsonb_typeof(f.name -> 'zh_CN') = 'string' and jsonb_typeof(f.name -> 'en') = 'string'
         then f.name ->> '${locale}'
       else ${p.tid}::text end)`;
  return `select jsonb_build_object(
       'zh_CN', ${visit('zh')} || ' / ' || ${form('zh_CN')},
       'en', ${visit('en')} || ' / ' || ${form('en')}) as visit_tname
     from ${visitAndFormNamesSql(p)}`;
}

/** The visit and form name of a record: the visit's name / the form's name (visitTnameSql). */
export async function visitTnameOf(
  db: Db,
  studyId: string,
  record: { subjectId: string; visitnum: string; cycnum: number; svnum: number; tid: string },
): Promise<MetaText> {
  const row = await queryOne<{ visit_tname: { zh_CN: string; en: string } }>(
    db,
    visitTnameSql({ study: '$1', subject: '$2', visitnum: '$3', cycnum: '$4', svnum: '$5', tid: '$6' }),
    [studyId, record.subjectId, record.visitnum, record.cycnum, record.svnum, record.tid],
  );
  if (!row) throw new Error('visitTnameOf: no row');
  return row.visit_tname;
}

/** The text of an item's value as a query keeps it. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function checkUpdatedAt(query: QueryState, updatedat: string): void {
  if (query.updatedat !== updatedat) throw new QueryRefused('queryChanged');
}

function actorOf(session: RoleSession) {
  return { userId: session.userId, roleId: session.roleId, siteId: session.siteId };
}

export interface CreateParams {
  recordid: string;
  kind: 'item' | 'page' | 'table';
  variable: string | null;
  issuetype: string | null;
  note: string;
}

export async function createQuery(
  db: Db,
  session: RoleSession,
  p: CreateParams,
  now: Date,
  follows: string | null = null,
): Promise<string> {
  await requirePermission(db, session, QUERY_CAPABILITIES.create);
  const record = await scopedRecordOf(db, session, p.recordid);
  const form = await latestFormSchema(db, session.studyId, record.tid);
  if (!form) throw new QueryRefused('recordNotFound');
  // compiled here, in the transaction (the schema cache reads outside it): the variables of the record's version
  const version = (await formSchemaVersion(db, session.studyId, record.tid, record.schemaVersion)) ?? form;
  const compiled = compileForm(version.schema);
  const items = compiled.ok ? compiled.form.items : null;
  const variable = p.variable;
  if (p.kind === 'item' && (variable === null || !items?.has(variable)))
    throw new QueryRefused('queryTargetInvalid');
  if (p.kind === 'page' && variable !== null) throw new QueryRefused('queryTargetInvalid');
  if (p.kind === 'table' && (!form.logline || (variable !== null && !items?.has(variable))))
    throw new QueryRefused('queryTargetInvalid');
  if (p.issuetype !== null && !(await dictHas(db, session.studyId, 'add', p.issuetype)))
    throw new QueryRefused('queryUnknownIssueType');
  const at = now;
  const id = await insertQuery(db, {
    studyId: session.studyId,
    subjectId: record.subjectId,
    siteId: record.siteId,
    recordId: record.id,
    visitnum: record.visitnum,
    cycnum: record.cycnum,
    svnum: record.svnum,
    tid: record.tid,
    lineno: record.lineno,
    visitTname: await visitTnameOf(db, session.studyId, record),
    kind: p.kind,
    variable,
    checkId: null,
    status: 'created',
    value: variable === null ? null : valueText(record.values[variable]),
    note: p.note,
    issueType: p.issuetype,
    follows,
    userId: session.userId,
    roleId: session.roleId,
    at,
  });
  await insertHistory(db, {
    queryId: id,
    action: follows ? 'requery' : 'create',
    from: null,
    to: 'created',
    note: p.note,
    reason: p.issuetype,
    toRole: null,
    ...actorOf(session),
    at,
  });
  return id;
}

export interface ReplyParams {
  queryid: string;
  action: ReplyAction;
  note: string;
  torole: string | null;
  updatedat: string;
}

/** What each answer needs: the permission and the states it applies to, and the state it leads to. */
const REPLY_RULES: Record<ReplyAction, { permission: string; from: readonly QueryStatus[] }> = {
  reply: { permission: QUERY_CAPABILITIES.reply, from: ['created', 'answered'] },
  forward: { permission: QUERY_CAPABILITIES.forward, from: ['created', 'answered'] },
  review: { permission: QUERY_CAPABILITIES.review, from: ['answered'] },
};

export async function replyToQuery(db: Db, session: RoleSession, p: ReplyParams, now: Date): Promise<void> {
  const rule = REPLY_RULES[p.action];
  await requirePermission(db, session, rule.permission);
  const query = await scopedQuery(db, session, p.queryid, true);
  if (!rule.from.includes(query.querystatus)) throw new QueryRefused('queryStateNotAllowed');
  checkUpdatedAt(query, p.updatedat);
  let to: QueryStatus = query.querystatus;
  let toRole: string | null = null;
  if (p.action === 'reply') to = 'answered';
  if (p.action === 'review') to = 'created';
  if (p.action === 'forward') toRole = await forwardRole(db, p.torole);
  await updateQuery(db, query.queryid, {
    status: to,
    ...(p.action === 'forward' ? { toRole } : {}),
    ...(p.action === 'reply' ? { toRole: null } : {}),
    at: now,
  });
  await insertHistory(db, {
    queryId: query.queryid,
    action: p.action,
    from: query.querystatus,
    to,
    note: p.note,
    reason: null,
    toRole,
    ...actorOf(session),
    at: now,
  });
}

export interface CloseParams {
  queryids: readonly string[];
  reason: string;
  note: string | null;
  /** The query as read, when one query is closed from its thread. */
  updatedat?: string;
}

/** Closes every query or none (a refusal rolls back the transaction). */
export async function closeQueries(db: Db, session: RoleSession, p: CloseParams, now: Date): Promise<void> {
  await requirePermission(db, session, QUERY_CAPABILITIES.close);
  if (p.reason.trim() === '') throw new QueryRefused('queryCloseReasonRequired');
  if (p.updatedat !== undefined && new Set(p.queryids).size !== 1)
    throw new QueryRefused('queryStateNotAllowed');
  if (!(await dictHas(db, session.studyId, 'close', p.reason)))
    throw new QueryRefused('queryUnknownCloseReason');
  // locked in one order whatever order the client sent (two bulk closes over the same queries never deadlock)
  for (const id of [...new Set(p.queryids)].sort()) {
    const query = await scopedQuery(db, session, id, true);
    if (!OPEN_STATES.includes(query.querystatus)) throw new QueryRefused('queryStateNotAllowed');
    if (p.updatedat !== undefined) checkUpdatedAt(query, p.updatedat);
    const to: QueryStatus =
      p.reason === WITHDRAWN_REASON && query.querystatus !== 'answered' ? 'cancelled' : 'closed';
    await updateQuery(db, query.queryid, { status: to, closeReason: p.reason, at: now });
    await insertHistory(db, {
      queryId: query.queryid,
      action: 'close',
      from: query.querystatus,
      to,
      note: p.note,
      reason: p.reason,
      toRole: null,
      ...actorOf(session),
      at: now,
    });
  }
}

/** Forwards every query or none (the overview's bulk forward); the states stay. */
export async function forwardQueries(
  db: Db,
  session: RoleSession,
  p: { queryids: readonly string[]; torole: string | null; note: string },
  now: Date,
): Promise<void> {
  await requirePermission(db, session, QUERY_CAPABILITIES.forward);
  const toRole = await forwardRole(db, p.torole);
  // locked in one order whatever order the client sent (as the bulk close: no deadlock between two bulk actions)
  for (const id of [...new Set(p.queryids)].sort()) {
    const query = await scopedQuery(db, session, id, true);
    if (!REPLY_RULES.forward.from.includes(query.querystatus)) throw new QueryRefused('queryStateNotAllowed');
    await updateQuery(db, query.queryid, { status: query.querystatus, toRole, at: now });
    await insertHistory(db, {
      queryId: query.queryid,
      action: 'forward',
      from: query.querystatus,
      to: query.querystatus,
      note: p.note,
      reason: null,
      toRole,
      ...actorOf(session),
      at: now,
    });
  }
}

/** A role queries may be forwarded to: one that acts on queries (not only reads them). */
async function forwardRole(db: Db, torole: string | null): Promise<string> {
  if (torole === null) throw new QueryRefused('queryForwardRoleRequired');
  const roles = await db.query<{ rolecode: string }>(
    `select distinct r.rolecode from roles r join role_permissions p on p.role_id = r.id
     where p.permission like 'query.%' and p.permission <> 'query.view' and r.rolecode = $1`,
    [torole],
  );
  if (roles.length === 0) throw new QueryRefused('queryForwardRoleRequired');
  return torole;
}

export interface RequeryParams {
  queryid: string;
  reason: string;
  issuetype: string | null;
  note: string;
  updatedat: string;
}

/** Close with a reason and raise a follow-up on the same target: both or neither. */
export async function closeAndRequery(
  db: Db,
  session: RoleSession,
  p: RequeryParams,
  now: Date,
): Promise<[string, string]> {
  await requirePermission(db, session, QUERY_CAPABILITIES.close, QUERY_CAPABILITIES.create);
  if (p.reason.trim() === '') throw new QueryRefused('queryCloseReasonRequired');
  const query = await scopedQuery(db, session, p.queryid, true);
  checkUpdatedAt(query, p.updatedat);
  await closeQueries(db, session, { queryids: [query.queryid], reason: p.reason, note: null }, now);
  const kind = query.kind === 'system' ? 'item' : query.kind;
  const next = await createQuery(
    db,
    session,
    { recordid: query.recordid, kind, variable: query.variable, issuetype: p.issuetype, note: p.note },
    now,
    query.queryid,
  );
  return [query.queryid, next];
}

export async function saveDetail(
  db: Db,
  session: RoleSession,
  p: { queryid: string; pdtype: string | null; pdsubtype: string | null },
  now: Date,
): Promise<void> {
  await requirePermission(db, session, QUERY_CAPABILITIES.close);
  const query = await scopedQuery(db, session, p.queryid, true);
  if (p.pdtype === null && p.pdsubtype !== null) throw new QueryRefused('queryUnknownPd');
  if (p.pdtype !== null && !(await dictHas(db, session.studyId, 'pd', p.pdtype)))
    throw new QueryRefused('queryUnknownPd');
  if (
    p.pdsubtype !== null &&
    !(await dictHas(db, session.studyId, 'pdsub', p.pdsubtype, p.pdtype ?? undefined))
  )
    throw new QueryRefused('queryUnknownPd');
  await updateQuery(db, query.queryid, { pdType: p.pdtype, pdSubtype: p.pdsubtype, at: now });
  await insertHistory(db, {
    queryId: query.queryid,
    action: 'detail',
    from: query.querystatus,
    to: query.querystatus,
    note: null,
    reason: [p.pdtype, p.pdsubtype].filter((x) => x !== null).join('/') || null,
    toRole: null,
    ...actorOf(session),
    at: now,
  });
}

/** The PD a query starts from: its own, else the default of its issue type (add reason `parent` names a PD type). */
export async function defaultPd(
  db: Db,
  session: RoleSession,
  queryid: string,
): Promise<{ pdtype: string | null; pdsubtype: string | null }> {
  await requirePermission(db, session, QUERY_CAPABILITIES.view);
  const query = await scopedQuery(db, session, queryid);
  if (query.pdtype !== null) return { pdtype: query.pdtype, pdsubtype: query.pdsubtype };
  if (query.issuetype === null) return { pdtype: null, pdsubtype: null };
  const rows = await db.query<{ parent: string | null }>(
    `select parent from query_dicts where study_id = $1 and dict = 'add' and code = $2`,
    [session.studyId, query.issuetype],
  );
  return { pdtype: rows[0]?.parent ?? null, pdsubtype: null };
}
