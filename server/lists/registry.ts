/**
 * The list screens the server serves: the page each belongs to (roles that may not open it are refused) and how its
 * metadata maps onto SQL.
 */
import { SUBJECTS_PAGE, SUBJECT_LIST_KEY } from '../../engine/api/subjects';
import type { SearchColumn } from './searchSql';
import { SUBJECT_SEARCH_COLUMNS, SUBJECT_SORT_KEYS, type SortKeySql } from './subjectSql';

/** The dynamic code list: the sites of the role's scope (codevalue siteid, codedesp `sitecode sitename`). */
export const SITE_CODE_LIST = 'SITE';

export interface ServerList {
  key: string;
  /** Route under /index the list is shown on. */
  page: string;
  searchColumns: Readonly<Record<string, SearchColumn>>;
  sortKeys: Readonly<Record<string, SortKeySql>>;
}

export const SERVER_LISTS: Readonly<Record<string, ServerList>> = {
  [SUBJECT_LIST_KEY]: {
    key: SUBJECT_LIST_KEY,
    page: SUBJECTS_PAGE,
    searchColumns: SUBJECT_SEARCH_COLUMNS,
    sortKeys: SUBJECT_SORT_KEYS,
  },
};

export function serverList(key: string): ServerList | undefined {
  return Object.hasOwn(SERVER_LISTS, key) ? SERVER_LISTS[key] : undefined;
}
