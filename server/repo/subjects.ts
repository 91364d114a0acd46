/**
 * Subjects: one page of the list, its total, the bookmarks that let deep pages start mid-list, and one subject.
 * Every query is limited to the study and to the sites of the caller's scope (`$1`, `$2` of SubjectWhere).
 */
import type { SubjectRow } from '../../engine/api/subjects';
import { queryOne, type Db } from '../db/db';
import { SqlParams } from '../lists/sqlParams';
import { SUBJECT_ROW_COLUMNS, type SortKeySql } from '../lists/subjectSql';

/** The rows a list request selects: study, scope and search conditions over `subjects s`. */
export interface SubjectWhere {
  sql: string;
  params: SqlParams;
  /** The same for the same study, scope and search (the key of cached totals and bookmarks). */
  key: string;
}

/** `$1` study, `$2` the scope's sites; `search` adds the search conditions (with their values) after them. */
export function subjectWhere(
  studyId: string,
  siteIds: readonly string[],
  search: (params: SqlParams) => string[] = () => [],
): SubjectWhere {
  const params = new SqlParams([studyId, [...siteIds].sort()]);
  const conditions = ['s.study_id = $1', 's.site_id = any($2::text[])', ...search(params)];
  return { sql: conditions.join(' and '), params, key: JSON.stringify([conditions, params.values]) };
}

export interface SubjectSort {
  key: SortKeySql;
  asc: boolean;
}

/** Where a block of rows ends in the sort order: its last row's key (as text) and subject number. */
export interface Bookmark {
  key: string | null;
  subjid: string;
}

function orderBy(sort: SubjectSort): string {
  const dir = sort.asc ? 'asc' : 'desc';
  return sort.key.expr === null ? `s.subjid ${dir}` : `${sort.key.expr} ${dir}, s.subjid ${dir}`;
}

/** Rows after the bookmark in the sort order (a row comparison the index answers directly). */
function afterBookmark(sort: SubjectSort, bookmark: Bookmark, params: SqlParams): string {
  const op = sort.asc ? '>' : '<';
  const subjid = params.add(bookmark.subjid);
  if (sort.key.expr === null) return `s.subjid ${op} ${subjid}`;
  const key = `${params.add(bookmark.key)}::${sort.key.type}`;
  return `(${sort.key.expr}, s.subjid) ${op} (${key}, ${subjid})`;
}

export async function countSubjects(db: Db, where: SubjectWhere): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from subjects s where ${where.sql}`,
    where.params.values,
  );
  return row?.n ?? 0;
}

/** The bookmark after every `stride` rows, in order (the k-th ends row k × stride). */
export function subjectBookmarks(
  db: Db,
  where: SubjectWhere,
  sort: SubjectSort,
  stride: number,
): Promise<Bookmark[]> {
  const params = where.params.clone();
  const every = params.add(stride);
  const key = sort.key.expr === null ? 'null::text' : `(${sort.key.expr})::text`;
  return db.query<Bookmark>(
    `select key, subjid from (
       select ${key} as key, s.subjid, row_number() over (order by ${orderBy(sort)}) as rn
       from subjects s where ${where.sql}
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
 * One page: the page's subject numbers first (read from the sort column's index, site_id checked there too), then
 * their rows — so that only the rows shown are read from the table.
 */
export function subjectPage(
  db: Db,
  where: SubjectWhere,
  sort: SubjectSort,
  page: PageRequest,
): Promise<SubjectRow[]> {
  const params = where.params.clone();
  const conditions = page.after ? `${where.sql} and ${afterBookmark(sort, page.after, params)}` : where.sql;
  const limit = params.add(page.limit);
  const offset = params.add(page.offset);
  const order = orderBy(sort);
  return db.query<SubjectRow>(
    `with page as (
       select s.subjid from subjects s where ${conditions} order by ${order} limit ${limit} offset ${offset}
     )
     select ${SUBJECT_ROW_COLUMNS}
     from page p
     join subjects s on s.study_id = $1 and s.subjid = p.subjid
     join sites si on si.id = s.site_id
     order by ${order}`,
    params.values,
  );
}

/** The subject, when it is in the study and at one of the scope's sites. */
export function findSubject(
  db: Db,
  studyId: string,
  siteIds: readonly string[],
  subjectId: string,
): Promise<SubjectRow | null> {
  return queryOne<SubjectRow>(
    db,
    `select ${SUBJECT_ROW_COLUMNS} from subjects s join sites si on si.id = s.site_id
     where s.id = $1 and s.study_id = $2 and s.site_id = any($3::text[])`,
    [subjectId, studyId, [...siteIds]],
  );
}

/**
 * The scope — the site chosen at /checkRole, when the user still holds the role there — and the version of the
 * subjects data (changes on every write, by the trigger of migration 0003, and never repeats), in one query.
 */
export async function subjectScope(
  db: Db,
  q: { userId: string; roleId: string; studyId: string; siteId: string },
): Promise<{ siteIds: string[]; version: string }> {
  const row = await queryOne<{ site_ids: string[] | null; version: string | null }>(
    db,
    `select (select array_agg(site_id order by site_id) from user_roles
             where user_id = $1 and role_id = $2 and study_id = $3 and site_id = $4 and active) as site_ids,
            (select version::text || ':' || stamp from data_versions where name = 'subjects') as version`,
    [q.userId, q.roleId, q.studyId, q.siteId],
  );
  return { siteIds: row?.site_ids ?? [], version: row?.version ?? '' };
}

/** Version of the subjects data alone. */
export async function subjectsDataVersion(db: Db): Promise<string> {
  const row = await queryOne<{ version: string }>(
    db,
    "select version::text || ':' || stamp as version from data_versions where name = 'subjects'",
  );
  return row?.version ?? '';
}
