/**
 * The freeze requests list (page /index/freezeRequests), declared for the list engine: `freeze_requests` (alias
 * `fr`) at the session's chosen site — pending, approved and rejected — with who asked, who decided and why.
 */
import {
  FREEZE_LIST_KEY,
  FREEZE_REQUESTS_PAGE,
  freezeList,
  type FreezeRequestRow,
} from '../../../engine/api/freeze';
import type { ListDeclaration } from '../lists/engine/declaration';
import { FREEZE_LIST_COLUMNS, FREEZE_LIST_JOINS } from './repository';

/** The subject number, read on `freeze_requests fr` alone (search runs without the joins: declaration.ts). */
const SUBJID_OF_REQUEST = '(select s0.subjid from subjects s0 where s0.id = fr.subject_id)';

export const freezeListDeclaration: ListDeclaration<FreezeRequestRow> = {
  key: FREEZE_LIST_KEY,
  page: FREEZE_REQUESTS_PAGE,
  endpoint: freezeList,
  source: { table: 'freeze_requests', alias: 'fr', joins: FREEZE_LIST_JOINS },
  rowKey: { sql: 'fr.id', type: 'int' },
  studyColumn: 'fr.study_id',
  siteColumn: 'fr.site_id',
  searchColumns: {
    status: { sql: 'fr.status', type: 'text' },
    subjid: { sql: SUBJID_OF_REQUEST, type: 'text' },
  },
  sortKeys: {
    requestedAt: { expr: 'fr.requested_at', type: 'timestamptz' },
    status: { expr: 'fr.status', type: 'text' },
  },
  defaultSort: { prop: 'requestedAt', asc: false },
  select: FREEZE_LIST_COLUMNS,
};
