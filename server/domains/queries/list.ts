/**
 * The query overview (page /index/queryManage), declared for the list engine: the `queries` table (alias `q`) at
 * the session's chosen site, the column each search prop filters, the sort keys and the columns of a row (contract
 * queryRowSchema; spec list columns querystatus, visitTname, value, note, initiator, ctime, with site, subject, form
 * and age in days).
 */
import {
  QUERY_LIST_KEY,
  QUERY_MANAGE_PAGE,
  queryModelList,
  type QueryRow,
} from '../../../engine/api/queries';
import type { ListDeclaration } from '../lists/engine/declaration';
import { QUERY_JOINS, QUERY_ROW_COLUMNS } from './repository';

/** The subject number, read on `queries q` alone (search and sort run without the joins: declaration.ts). */
const SUBJID_OF_QUERY = '(select s0.subjid from subjects s0 where s0.id = q.subject_id)';

export const queryListDeclaration: ListDeclaration<QueryRow> = {
  key: QUERY_LIST_KEY,
  page: QUERY_MANAGE_PAGE,
  endpoint: queryModelList,
  source: { table: 'queries', alias: 'q', joins: QUERY_JOINS },
  rowKey: { sql: 'q.id', type: 'int' },
  studyColumn: 'q.study_id',
  // the stored site follows the subject on transfer (subjectMoves.ts)
  siteColumn: 'q.site_id',
  searchColumns: {
    querystatus: { sql: 'q.status', type: 'text' },
    kind: { sql: 'q.kind', type: 'text' },
    subjid: { sql: SUBJID_OF_QUERY, type: 'text' },
    tid: { sql: 'q.tid', type: 'text' },
    variable: { sql: 'q.variable', type: 'text' },
    ctime: { sql: 'q.created_at::date', type: 'date' },
  },
  sortKeys: {
    ctime: { expr: 'q.created_at', type: 'timestamptz' },
    querystatus: { expr: 'q.status', type: 'text' },
    subjid: { expr: SUBJID_OF_QUERY, type: 'text' },
  },
  defaultSort: { prop: 'ctime', asc: false },
  select: QUERY_ROW_COLUMNS,
};
