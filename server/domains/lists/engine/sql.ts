/**
 * The SQL of a declared list: the rows a request selects (study, scope, search), their total, the bookmarks that
 * let deep pages start mid-list, and one page. Every value is a parameter; only the declaration's own SQL (its
 * columns and expressions) is written into the text.
 */
import { queryOne, type Db } from '../../../core/db/db';
import type { SessionExtra } from '../../../core/auth/sessions';
import type { ListDeclaration, SortKeySql } from './declaration';
import { SqlParams } from './sqlParams';

type Declared = ListDeclaration<object>;

/** The rows a list request selects: study, scope and search conditions over the source table. */
export interface ListWhere {
  sql: string;
  params: SqlParams;
  /** Placeholder of the study (the page joins back on it), when the list has a study column. */
  study: string | null;
  /** The same for the same study, scope and search (the key of cached totals and bookmarks). */
  key: string;
}

/** Study and scope first (`$1`, `$2`); `search` adds the search conditions (with their values) after them. */
export function listWhere(
  list: Declared,
  scope: { studyId: string; siteIds: readonly string[] },
  search: (params: SqlParams) => string[] = () => [],
): ListWhere {
  const params = new SqlParams();
  const conditions: string[] = [];
  let study: string | null = null;
  if (list.studyColumn) {
    study = params.add(scope.studyId);
    conditions.push(`${list.studyColumn} = ${study}`);
  }
  if (list.siteColumn) {
    // one site (the session's chosen site: every list request today) as a plain equality: an index on (study, site,
    // sort key) then gives the page in order, and the statement's generic plan is that index scan. With `= any(array)`
    // the planner cannot know the array holds one site: on a study of 120 sites the subject list was planned afresh
    // on every call (324 µs on average under load, twice its execution), and its custom plan walked the study's
    // subjects in order for a site whose numbers sort late (docs/load.md, stop 34)
    const sites = [...scope.siteIds].sort();
    conditions.push(
      sites.length === 1
        ? `${list.siteColumn} = ${params.add(sites[0])}::text`
        : `${list.siteColumn} = any(${params.add(sites)}::text[])`,
    );
  }
  if (list.source.where) conditions.push(`(${list.source.where})`);
  conditions.push(...search(params));
  const sql = conditions.length > 0 ? conditions.join(' and ') : 'true';
  return { sql, params, study, key: JSON.stringify([list.key, conditions, params.values]) };
}

export interface ListSort {
  key: SortKeySql;
  asc: boolean;
}

/** Where a block of rows ends in the sort order: its last row's key (as text) and row key. */
export interface Bookmark {
  key: string | null;
  id: string;
}

function from(list: Declared): string {
  return `${list.source.table} ${list.source.alias}`;
}

function orderBy(list: Declared, sort: ListSort): string {
  const dir = sort.asc ? 'asc' : 'desc';
  const id = list.rowKey.sql;
  return sort.key.expr === null ? `${id} ${dir}` : `${sort.key.expr} ${dir}, ${id} ${dir}`;
}

/** Rows after the bookmark in the sort order (a row comparison the index answers directly). */
function afterBookmark(list: Declared, sort: ListSort, bookmark: Bookmark, params: SqlParams): string {
  const op = sort.asc ? '>' : '<';
  const id = `${params.add(bookmark.id)}::${list.rowKey.type}`;
  if (sort.key.expr === null) return `${list.rowKey.sql} ${op} ${id}`;
  const key = `${params.add(bookmark.key)}::${sort.key.type}`;
  return `(${sort.key.expr}, ${list.rowKey.sql}) ${op} (${key}, ${id})`;
}

export async function countRows(db: Db, list: Declared, where: ListWhere): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from ${from(list)} where ${where.sql}`,
    where.params.values,
  );
  return row?.n ?? 0;
}

/** The bookmark after every `stride` rows, in order (the k-th ends row k × stride). */
export function listBookmarks(
  db: Db,
  list: Declared,
  where: ListWhere,
  sort: ListSort,
  stride: number,
): Promise<Bookmark[]> {
  const params = where.params.clone();
  const every = params.add(stride);
  const key = sort.key.expr === null ? 'null::text' : `(${sort.key.expr})::text`;
  return db.query<Bookmark>(
    `select key, id from (
       select ${key} as key, (${list.rowKey.sql})::text as id, row_number() over (order by ${orderBy(list, sort)}) as rn
       from ${from(list)} where ${where.sql}
     ) numbered where rn % ${every}::int = 0 order by rn`,
    params.values,
  );
}

export interface PageRequest {
  /** Rows to skip (after the bookmark, when there is one). */
  offset: number;
  limit: number;
  after: Bookmark | null;
}

/**
 * One page: the page's row keys first (read from the sort column's index, the scope checked there too), then their
 * rows — so that only the rows shown are read from the table and its joins.
 */
export function listPage<Row>(
  db: Db,
  list: Declared,
  where: ListWhere,
  sort: ListSort,
  page: PageRequest,
): Promise<Row[]> {
  const params = where.params.clone();
  const conditions = page.after
    ? `${where.sql} and ${afterBookmark(list, sort, page.after, params)}`
    : where.sql;
  const limit = params.add(page.limit);
  const offset = params.add(page.offset);
  const order = orderBy(list, sort);
  const sameStudy = where.study && list.studyColumn ? `${list.studyColumn} = ${where.study} and ` : '';
  return db.query<Row>(
    `with page as (
       select ${list.rowKey.sql} as k from ${from(list)} where ${conditions} order by ${order} limit ${limit} offset ${offset}
     )
     select ${list.select}
     from page p
     join ${from(list)} on ${sameStudy}${list.rowKey.sql} = p.k
     ${list.source.joins ?? ''}
     order by ${order}`,
    params.values,
  );
}

/** What a list request reads before its page: the scope's sites, the data version and the definitions' versions. */
export interface ListState {
  siteIds: string[];
  /** The list's data version (null: the list has none, nothing derived is cached). */
  version: string | null;
  /** The version of each stored definition of the list in the study (`searchFields`, `columns`), by kind. */
  definitions: Readonly<Record<string, number>>;
}

/**
 * What listScope reads besides the scope, as columns of the request's session statement (route.ts `sessionRead`,
 * docs/load.md "Stop 27"): the list's data version and the versions of its definitions, for the session's study.
 * The scope itself is the session's role check of the same statement: the site chosen, which the role check
 * (requireRole) has just found held — the same user_roles condition listScope reads.
 */
export function listStateRead(list: Declared): SessionExtra {
  return {
    columns: `(select version::text || ':' || stamp from data_versions where name = $2) as "listVersion",
  (select json_object_agg(kind, version) from list_definitions
   where study_id = s.study_id and list_key = $3) as "listDefinitions"`,
    params: [list.dataVersion ?? null, list.key],
  };
}

/** The list's state from the session statement's columns (listStateRead), for a session whose role check passed. */
export function listStateOf(
  list: Declared,
  session: { siteId: string },
  read: Record<string, unknown> | null,
): ListState {
  if (!read) throw new Error(`list ${list.key}: the session statement was read without the list's state`);
  return {
    siteIds: list.siteColumn ? [session.siteId] : [],
    version: typeof read.listVersion === 'string' ? read.listVersion : null,
    definitions: (read.listDefinitions as Record<string, number> | null) ?? {},
  };
}

/**
 * The sites of the scope — the site chosen at /checkRole, when the user still holds the role there —, the version of
 * the list's data (changes on every write, by its trigger, and never repeats; null without one) and the versions of
 * the list's stored definitions (moved by their trigger on every change), in one statement: the definitions
 * themselves are read again only when a version moved (metadata.ts), so that a page change reads nothing else.
 */
export async function listScope(
  db: Db,
  list: Declared,
  q: { userId: string; roleId: string; studyId: string; siteId: string },
): Promise<ListState> {
  const row = await queryOne<{
    site_ids: string[] | null;
    version: string | null;
    definitions: Record<string, number> | null;
  }>(
    db,
    `select (select array_agg(site_id order by site_id) from user_roles
             where user_id = $1 and role_id = $2 and study_id = $3 and site_id = $4 and active) as site_ids,
            (select version::text || ':' || stamp from data_versions where name = $5) as version,
            (select json_object_agg(kind, version) from list_definitions
             where study_id = $3 and list_key = $6) as definitions`,
    [q.userId, q.roleId, q.studyId, q.siteId, list.dataVersion ?? null, list.key],
  );
  return {
    siteIds: list.siteColumn ? (row?.site_ids ?? []) : [],
    version: row?.version ?? null,
    definitions: row?.definitions ?? {},
  };
}
