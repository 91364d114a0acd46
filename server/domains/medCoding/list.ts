/**
 * The coder's worklist (page /index/medCoding), declared for the list engine: the verbatim terms of codable items
 * (`coding_terms`, alias `c`) at the session's chosen site, with their status and code; the column each search prop
 * filters, the sort keys (terms to code first by default) and the columns of a row (contract codingTermSchema).
 */
import { CODING_LIST_KEY, MED_CODING_PAGE, codingList, type CodingTerm } from '../../../engine/api/medCoding';
import type { ListDeclaration } from '../lists/engine/declaration';
import { TERM_COLUMNS, TERM_JOINS } from './repository';

/** The subject number, read on `coding_terms c` alone (search and sort run without the joins: declaration.ts). */
const SUBJID_OF_TERM = '(select s0.subjid from subjects s0 where s0.id = c.subject_id)';

export const codingListDeclaration: ListDeclaration<CodingTerm> = {
  key: CODING_LIST_KEY,
  page: MED_CODING_PAGE,
  endpoint: codingList,
  // abandoned subjects have left the casebook (their terms stay, with their history)
  source: {
    table: 'coding_terms',
    alias: 'c',
    joins: TERM_JOINS,
    where: `c.verbatim <> '' and not exists (select 1 from subjects a where a.id = c.subject_id and a.abandoned_at is not null)`,
  },
  rowKey: { sql: 'c.id', type: 'int' },
  studyColumn: 'c.study_id',
  siteColumn: 'c.site_id',
  searchColumns: {
    status: { sql: 'c.status', type: 'text' },
    dictionary: { sql: 'c.dictionary', type: 'text' },
    verbatim: { sql: 'c.verbatim', type: 'text' },
    subjid: { sql: SUBJID_OF_TERM, type: 'text' },
  },
  sortKeys: {
    status: { expr: 'c.status', type: 'text' },
    verbatim: { expr: 'c.verbatim', type: 'text' },
    subjid: { expr: SUBJID_OF_TERM, type: 'text' },
  },
  defaultSort: { prop: 'status', asc: false },
  select: TERM_COLUMNS,
};
