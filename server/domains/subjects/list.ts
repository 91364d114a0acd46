/**
 * The subject list (page /index/subjects), declared for the list engine: the `subjects` table (alias `s`) at the
 * session's chosen site, the column each search prop filters, the key each sortable column orders by (the SAME
 * expressions as the indexes of migration 0003, which is what lets PostgreSQL read a page in index order) and the
 * columns of a row (contract subjectRowSchema: dates as yyyy-MM-dd, the last change as ISO 8601 UTC).
 */
import { SUBJECTS_PAGE, SUBJECT_LIST_KEY, subjectList, type SubjectRow } from '../../../engine/api/subjects';
import type { ListDeclaration } from '../lists/engine/declaration';

export const SUBJECT_ROW_COLUMNS = `
  s.id as subjectid, s.subjid, s.site_id as siteid, si.sitecode, si.sitename, s.initials, s.sex,
  to_char(s.birthdate, 'YYYY-MM-DD') as birthdate, s.age, s.status,
  to_char(s.enrolldate, 'YYYY-MM-DD') as enrolldate, s.visitcount,
  to_char(s.lastvisitdate, 'YYYY-MM-DD') as lastvisitdate,
  to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updatedat`;

export const subjectListDeclaration: ListDeclaration<SubjectRow> = {
  key: SUBJECT_LIST_KEY,
  page: SUBJECTS_PAGE,
  endpoint: subjectList,
  // abandoned subjects (docs/casebook-batch.md) are out of the casebook
  source: {
    table: 'subjects',
    alias: 's',
    joins: 'join sites si on si.id = s.site_id',
    where: 's.abandoned_at is null',
  },
  rowKey: { sql: 's.subjid', type: 'text' },
  studyColumn: 's.study_id',
  siteColumn: 's.site_id',
  searchColumns: {
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
  },
  // nullable columns sort as coalesce(…, <largest>): empty values last ascending, first descending (PostgreSQL's way)
  sortKeys: {
    subjid: { expr: null, type: 'text' },
    age: { expr: 'coalesce(s.age, 2147483647)', type: 'int' },
    status: { expr: 's.status', type: 'text' },
    enrolldate: { expr: "coalesce(s.enrolldate, 'infinity'::date)", type: 'date' },
    updatedat: { expr: 's.updated_at', type: 'timestamptz' },
  },
  defaultSort: { prop: 'subjid', asc: true },
  select: SUBJECT_ROW_COLUMNS,
  dataVersion: 'subjects',
};
