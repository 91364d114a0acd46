/**
 * The query tables (migration 0010): queries, their append-only history, the study's query dictionaries and the
 * roles' query permissions. Every write goes through the service (service.ts), in a transaction with its history row.
 */
import type {
  QueryAction,
  QueryDictEntry,
  QueryHistoryRow,
  QueryKind,
  QueryRow,
  QueryStatus,
  QueryThread,
} from '../../../engine/api/queries';
import type { MetaText } from '../../../engine/metadata/types';
import { queryOne, type Db } from '../../core/db/db';

/** The select list of a query row (contract queryRowSchema), on `queries q` joined as QUERY_FROM. */
export const QUERY_ROW_COLUMNS = `
  q.id::text as queryid, q.kind, q.status as querystatus, q.modified, q.subject_id as subjectid, s.subjid,
  si.sitecode, q.record_id::text as recordid, q.visitnum, q.cycnum, q.svnum, q.tid, q.lineno,
  q.visit_tname as "visitTname", q.variable, q.value, q.note, q.issue_type as issuetype,
  q.close_reason as closereason, q.pd_type as pdtype, q.pd_subtype as pdsubtype, q.to_role as torole,
  case when q.kind = 'system' then 'system' else u.username end as initiator,
  to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ctime,
  to_char(q.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updatedat`;

export const QUERY_JOINS = `join subjects s on s.id = q.subject_id join sites si on si.id = s.site_id
  join users u on u.id = q.created_by`;

const QUERY_FROM = `queries q ${QUERY_JOINS}`;

/** What the service needs of a query beyond its row. */
export interface QueryState extends QueryRow {
  studyId: string;
  siteId: string;
  checkId: string | null;
}

const STATE_COLUMNS = `${QUERY_ROW_COLUMNS}, q.study_id as "studyId", s.site_id as "siteId", q.check_id as "checkId"`;

/** A query id is the decimal text of its identity; anything else names no query. */
export function parseQueryId(id: string): string | null {
  return /^[1-9]\d{0,17}$/.test(id) ? id : null;
}

export function findQuery(
  db: Db,
  studyId: string,
  id: string,
  forUpdate = false,
): Promise<QueryState | null> {
  const queryId = parseQueryId(id);
  if (queryId === null) return Promise.resolve(null);
  return queryOne<QueryState>(
    db,
    `select ${STATE_COLUMNS} from ${QUERY_FROM} where q.id = $1::bigint and q.study_id = $2${forUpdate ? ' for update of q' : ''}`,
    [queryId, studyId],
  );
}

/** Queries of a record, oldest first; `variable` / `pageOnly` narrow them. */
export function recordQueries(
  db: Db,
  recordId: string,
  filter: { variable?: string; pageOnly?: boolean } = {},
): Promise<QueryRow[]> {
  const where = ['q.record_id = $1::bigint'];
  const params: unknown[] = [recordId];
  if (filter.variable !== undefined) {
    params.push(filter.variable);
    where.push(`q.variable = $${params.length}`);
  }
  if (filter.pageOnly) where.push(`q.variable is null`);
  return db.query<QueryRow>(
    `select ${QUERY_ROW_COLUMNS} from ${QUERY_FROM} where ${where.join(' and ')} order by q.id`,
    params,
  );
}

export function queryRowsByIds(db: Db, ids: readonly string[]): Promise<QueryRow[]> {
  const valid = ids.map(parseQueryId).filter((id): id is string => id !== null);
  if (valid.length === 0) return Promise.resolve([]);
  return db.query<QueryRow>(
    `select ${QUERY_ROW_COLUMNS} from ${QUERY_FROM} where q.id = any($1::bigint[]) order by q.id`,
    [valid],
  );
}

export function queryHistory(
  db: Db,
  queryIds: readonly string[],
): Promise<(QueryHistoryRow & { queryid: string })[]> {
  if (queryIds.length === 0) return Promise.resolve([]);
  return db.query(
    `select h.query_id::text as queryid, h.id::text as id, h.action, h.from_status as fromstatus,
            h.to_status as tostatus, h.note, h.reason, h.to_role as torole, u.username, u.realname,
            jsonb_build_object('zh_CN', r.rolename_zh, 'en', r.rolename_en) as role,
            to_char(h.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
     from query_history h join users u on u.id = h.user_id join roles r on r.id = h.role_id
     where h.query_id = any($1::bigint[]) order by h.id`,
    [queryIds],
  );
}

/** Queries with their histories. */
export async function withHistory(db: Db, rows: readonly QueryRow[]): Promise<QueryThread[]> {
  const history = await queryHistory(
    db,
    rows.map((r) => r.queryid),
  );
  return rows.map((row) => {
    const own = history.filter((h) => h.queryid === row.queryid).map(({ queryid: _q, ...h }) => h);
    const plain = { ...row } as QueryRow & Partial<Pick<QueryState, 'studyId' | 'siteId' | 'checkId'>>;
    delete plain.studyId;
    delete plain.siteId;
    delete plain.checkId;
    return { ...plain, history: own };
  });
}

export interface NewQuery {
  studyId: string;
  subjectId: string;
  siteId: string;
  recordId: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number;
  visitTname: MetaText;
  kind: QueryKind;
  variable: string | null;
  checkId: string | null;
  status: QueryStatus;
  value: string | null;
  note: MetaText;
  issueType: string | null;
  follows: string | null;
  userId: string;
  roleId: string;
  at: Date;
}

export async function insertQuery(db: Db, q: NewQuery): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `insert into queries (study_id, subject_id, site_id, record_id, visitnum, cycnum, svnum, tid, lineno, visit_tname,
       kind, variable, check_id, status, value, note, issue_type, follows, created_by, created_role, created_at,
       updated_at)
     values ($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16::jsonb, $17,
       $18::bigint, $19, $20, $21, $21)
     returning id::text as id`,
    [
      q.studyId,
      q.subjectId,
      q.siteId,
      q.recordId,
      q.visitnum,
      q.cycnum,
      q.svnum,
      q.tid,
      q.lineno,
      JSON.stringify(q.visitTname),
      q.kind,
      q.variable,
      q.checkId,
      q.status,
      q.value,
      JSON.stringify(q.note),
      q.issueType,
      q.follows,
      q.userId,
      q.roleId,
      q.at.toISOString(),
    ],
  );
  return row!.id;
}

export interface QueryChange {
  status?: QueryStatus;
  closeReason?: string | null;
  toRole?: string | null;
  pdType?: string | null;
  pdSubtype?: string | null;
  modified?: boolean;
  at: Date;
}

const CHANGE_COLUMNS: Record<Exclude<keyof QueryChange, 'at'>, string> = {
  status: 'status',
  closeReason: 'close_reason',
  toRole: 'to_role',
  pdType: 'pd_type',
  pdSubtype: 'pd_subtype',
  modified: 'modified',
};

export async function updateQuery(db: Db, id: string, change: QueryChange): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(CHANGE_COLUMNS) as [
    Exclude<keyof QueryChange, 'at'>,
    string,
  ][]) {
    if (change[key] === undefined) continue;
    params.push(change[key]);
    sets.push(`${column} = $${params.length}`);
  }
  params.push(change.at.toISOString());
  sets.push(`updated_at = $${params.length}`);
  await db.query(`update queries set ${sets.join(', ')} where id = $1::bigint`, params);
}

export interface HistoryEntry {
  queryId: string;
  action: QueryAction;
  from: QueryStatus | null;
  to: QueryStatus;
  note: MetaText | null;
  reason: string | null;
  toRole: string | null;
  userId: string;
  roleId: string;
  siteId: string;
  at: Date;
}

export async function insertHistory(db: Db, e: HistoryEntry): Promise<void> {
  await db.query(
    `insert into query_history (query_id, action, from_status, to_status, note, reason, to_role, user_id, role_id,
       site_id, at)
     values ($1::bigint, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11)`,
    [
      e.queryId,
      e.action,
      e.from,
      e.to,
      e.note === null ? null : JSON.stringify(e.note),
      e.reason,
      e.toRole,
      e.userId,
      e.roleId,
      e.siteId,
      e.at.toISOString(),
    ],
  );
}

/** Open (candidate, created, answered) system queries of a record. */
export function openSystemQueries(
  db: Db,
  recordId: string,
): Promise<{ id: string; variable: string; checkId: string; status: QueryStatus }[]> {
  return db.query(
    `select id::text as id, variable, check_id as "checkId", status from queries
     where record_id = $1::bigint and kind = 'system' and status in ('candidate', 'created', 'answered')
     for update`,
    [recordId],
  );
}

/** Open (created, answered) queries on the given items of a record. */
export function openOnItems(
  db: Db,
  recordId: string,
  variables: readonly string[],
): Promise<{ id: string; variable: string; status: QueryStatus }[]> {
  if (variables.length === 0) return Promise.resolve([]);
  return db.query(
    `select id::text as id, variable, status from queries
     where record_id = $1::bigint and variable = any($2::text[]) and status in ('created', 'answered')
     order by id for update`,
    [recordId, variables],
  );
}

/** Closed, not yet flagged queries on the given items of a record. */
export function closedUnflagged(
  db: Db,
  recordId: string,
  variables: readonly string[],
): Promise<{ id: string; status: QueryStatus }[]> {
  if (variables.length === 0) return Promise.resolve([]);
  return db.query(
    `select id::text as id, status from queries
     where record_id = $1::bigint and variable = any($2::text[]) and status = 'closed' and not modified for update`,
    [recordId, variables],
  );
}

/** Per item of a record: its queries' states, for the item adornment. */
/**
 * The item queries of a record (`record`: its id as a bigint SQL expression) as ONE json value, an
 * array of `{ variable, status, modified }`: a sub-select for the record hooks' combined item-state read.
 */
export function itemQueryStatesSql(record: string): string {
  return `select coalesce(json_agg(json_build_object('variable', variable, 'status', status, 'modified', modified)),
      '[]'::json)
    from queries where record_id = ${record} and variable is not null`;
}

export async function rolePermissionSet(db: Db, roleId: string): Promise<Set<string>> {
  const rows = await db.query<{ permission: string }>(
    `select permission from role_permissions where role_id = $1 and permission like 'query.%'`,
    [roleId],
  );
  return new Set(rows.map((r) => r.permission));
}

export interface DictRow {
  dict: 'close' | 'add' | 'pd' | 'pdsub';
  code: string;
  parent: string | null;
  text: { zh_CN: string; en: string };
}

export function dictRows(db: Db, studyId: string): Promise<DictRow[]> {
  return db.query<DictRow>(
    `select dict, code, parent, jsonb_build_object('zh_CN', text_zh, 'en', text_en) as text
     from query_dicts where study_id = $1 order by dict, sort, code`,
    [studyId],
  );
}

export async function dictHas(db: Db, studyId: string, dict: DictRow['dict'], code: string, parent?: string) {
  const row = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from query_dicts where study_id = $1 and dict = $2 and code = $3
       and ($4::text is null or parent = $4)`,
    [studyId, dict, code, parent ?? null],
  );
  return (row?.n ?? 0) > 0;
}

export function toEntry(r: DictRow): QueryDictEntry {
  return { code: r.code, text: r.text };
}

/** Roles holding a given query permission. */
export function rolesWith(
  db: Db,
  permissions: readonly string[],
): Promise<{ id: string; rolecode: string; name: { zh_CN: string; en: string } }[]> {
  return db.query(
    `select distinct r.id, r.rolecode, jsonb_build_object('zh_CN', r.rolename_zh, 'en', r.rolename_en) as name, r.sort
     from roles r join role_permissions p on p.role_id = r.id where p.permission = any($1::text[]) order by r.sort`,
    [permissions],
  );
}

/** Roles that acted in a query's history. */
export function historyRoles(
  db: Db,
  queryId: string,
): Promise<{ rolecode: string; name: { zh_CN: string; en: string } }[]> {
  return db.query(
    `select distinct r.rolecode, jsonb_build_object('zh_CN', r.rolename_zh, 'en', r.rolename_en) as name, r.sort
     from query_history h join roles r on r.id = h.role_id where h.query_id = $1::bigint order by r.sort`,
    [queryId],
  );
}

/** Not-closed queries per form of a subject. */
export function subjectFormCounts(db: Db, studyId: string, subjectId: string) {
  return db.query<{
    visitnum: string;
    cycnum: number;
    svnum: number;
    tid: string;
    open: number;
    answered: number;
  }>(
    `select visitnum, cycnum, svnum, tid,
            count(*) filter (where status in ('candidate', 'created'))::int as open,
            count(*) filter (where status = 'answered')::int as answered
     from queries where study_id = $1 and subject_id = $2 and status in ('candidate', 'created', 'answered')
     group by visitnum, cycnum, svnum, tid order by visitnum, cycnum, svnum, tid`,
    [studyId, subjectId],
  );
}

/** Queries at a site by state (the to-do counts). */
export async function siteCounts(db: Db, studyId: string, siteId: string) {
  const row = await queryOne<{ created: number; answered: number }>(
    db,
    `select count(*) filter (where q.status = 'created')::int as created,
            count(*) filter (where q.status = 'answered')::int as answered
     from queries q join subjects s on s.id = q.subject_id where q.study_id = $1 and s.site_id = $2`,
    [studyId, siteId],
  );
  return row ?? { created: 0, answered: 0 };
}
