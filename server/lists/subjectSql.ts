/**
 * How the subject list's metadata maps onto the `subjects` table (alias `s`): the column each search prop filters,
 * the key each sortable column orders by (the SAME expressions as the indexes of migration 0003, which is what lets
 * PostgreSQL read a page in index order), and the columns of a row (contract subjectRowSchema).
 */
import type { SearchColumn } from './searchSql';

/** Search prop → column. A search field whose prop is missing here is a configuration error (seed check, 500). */
export const SUBJECT_SEARCH_COLUMNS: Readonly<Record<string, SearchColumn>> = {
  subjid: { sql: 's.subjid', type: 'text' },
  initials: { sql: 's.initials', type: 'text' },
  siteid: { sql: 's.site_id', type: 'text' },
  sex: { sql: 's.sex', type: 'text' },
  status: { sql: 's.status', type: 'text' },
  age: { sql: 's.age', type: 'int', indexed: 'coalesce(s.age, 2147483647)' },
  visitcount: { sql: 's.visitcount', type: 'int' },
  birthdate: { sql: 's.birthdate', type: 'date' },
  enrolldate: { sql: 's.enrolldate', type: 'date', indexed: "coalesce(s.enrolldate, 'infinity'::date)" },
  lastvisitdate: { sql: 's.lastvisitdate', type: 'date' },
};

/** The order of a sortable column: `expr` then subjid (unique in a study), both ascending or both descending. */
export interface SortKeySql {
  /** null: the column is subjid itself. */
  expr: string | null;
  /** SQL type of `expr`, to read a bookmark's key back from its text. */
  type: 'text' | 'int' | 'date' | 'timestamptz';
}

/**
 * Sortable column prop → key. Nullable columns sort as coalesce(…, <largest value>): empty values come last in
 * ascending order and first in descending order (PostgreSQL's own default), with indexes on the same expressions.
 */
export const SUBJECT_SORT_KEYS: Readonly<Record<string, SortKeySql>> = {
  subjid: { expr: null, type: 'text' },
  age: { expr: 'coalesce(s.age, 2147483647)', type: 'int' },
  status: { expr: 's.status', type: 'text' },
  enrolldate: { expr: "coalesce(s.enrolldate, 'infinity'::date)", type: 'date' },
  updatedat: { expr: 's.updated_at', type: 'timestamptz' },
};

/** The default order of the list: subject number, ascending. */
export const DEFAULT_SUBJECT_SORT = { prop: 'subjid', asc: true } as const;

/** A row as the contract describes it (subjectRowSchema): dates as yyyy-MM-dd, the last change as ISO 8601 UTC. */
export const SUBJECT_ROW_COLUMNS = `
  s.id as subjectid, s.subjid, s.site_id as siteid, si.sitecode, si.sitename, s.initials, s.sex,
  to_char(s.birthdate, 'YYYY-MM-DD') as birthdate, s.age, s.status,
  to_char(s.enrolldate, 'YYYY-MM-DD') as enrolldate, s.visitcount,
  to_char(s.lastvisitdate, 'YYYY-MM-DD') as lastvisitdate,
  to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updatedat`;
