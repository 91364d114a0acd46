/**
 * A server list, declared once: which page it serves (the role check), its rows endpoint (from the contract), its
 * SQL source, scope, search columns, sort keys, default order and row columns. The list engine (registry.ts) turns
 * a declaration into the list's entry for the shared definition endpoints (selectSearchFields.do, selectColumns.do,
 * unCHSearch.do by `listKey`) and its paged, sorted, filtered rows route (pager.ts, sql.ts). The search fields and
 * column sets themselves are the study's stored metadata (list_definitions): the declaration binds their props to SQL.
 */
import type { EndpointDef } from '../../../../engine/api/endpoint';
import type { ListParams } from '../../../../engine/api/lists';
import type { ListPage } from '../../../../engine/list/types';
import type { ListMetadata } from './metadata';
import { unboundSearchFields, type SearchColumn } from './searchSql';

export type { SearchColumn } from './searchSql';

/** SQL type of a sort key or row key, to read a bookmark's key back from its text. */
export type SqlType = 'text' | 'int' | 'date' | 'timestamptz';

/** The order of a sortable column: `expr`, then the row key — both ascending or both descending. */
export interface SortKeySql {
  /** null: the column is the row key itself. */
  expr: string | null;
  type: SqlType;
}

export interface ListDeclaration<Row extends object = Record<string, unknown>> {
  /** The `listKey` of the definition endpoints and of the stored metadata. */
  key: string;
  /** Route under /index the list is shown on: roles that may not open it get 403. */
  page: string;
  /** The contract endpoint answering one page of rows (list params + open search params). */
  endpoint: EndpointDef<ListParams, ListPage<Row> & { list: Row[] }>;
  /**
   * Where the rows come from. Search columns, sort keys and the scope are on `table alias` (so that a page is read
   * from its indexes); `joins` only add columns to the rows shown.
   */
  source: {
    table: string;
    alias: string;
    joins?: string;
    /** A fixed condition on `table alias` (e.g. abandoned subjects left out), added to every request's. */
    where?: string;
  };
  /** Unique within the study (or the table when there is no study column): the last sort key of every order. */
  rowKey: { sql: string; type: SqlType };
  /** Column holding the study: rows of the session's study only. */
  studyColumn?: string;
  /** Column holding the site: rows of the site chosen at /checkRole only (while the user holds the role there). */
  siteColumn?: string;
  /** Search prop → column. A stored search field without one is a configuration error (seed check, 500). */
  searchColumns: Readonly<Record<string, SearchColumn>>;
  /** Sortable column prop → order (the same expressions as the table's indexes). */
  sortKeys: Readonly<Record<string, SortKeySql>>;
  defaultSort: { prop: string; asc: boolean };
  /** The select list of a row, as the endpoint's row schema describes it. */
  select: string;
  /**
   * The `data_versions` row bumped (by a trigger) on every write to the source: totals and deep-page bookmarks are
   * then cached while it stays the same. Without one, nothing is cached.
   */
  dataVersion?: string;
}

/** What the study's stored metadata asks of a declaration that it does not bind (empty when nothing). */
export function bindingProblems(list: ListDeclaration<object>, meta: ListMetadata): string[] {
  const problems = unboundSearchFields(meta.fields, list.searchColumns).map(
    (unbound) => `${list.key}: search field ${unbound} has no SQL binding`,
  );
  for (const prop of meta.sortable) {
    if (!Object.hasOwn(list.sortKeys, prop))
      problems.push(`${list.key}: sortable column ${prop} has no sort key`);
  }
  return problems;
}

/**
 * Where a declaration's filtering SQL reaches past its table: search columns, sort keys, the row key and the scope
 * columns are evaluated on `table alias` alone (the page's keys are read without the joins), so a column of a joined
 * table there fails at request time. Aliases a sub-select introduces itself (`(select … from subjects s0 …)`) are
 * allowed. Empty when the declaration is sound; `register` refuses it otherwise.
 */
export function declarationProblems(list: ListDeclaration<object>): string[] {
  const base = list.source.alias;
  const exprs: [string, string][] = [
    ['rowKey', list.rowKey.sql],
    ...(list.studyColumn ? [['studyColumn', list.studyColumn] as [string, string]] : []),
    ...(list.siteColumn ? [['siteColumn', list.siteColumn] as [string, string]] : []),
    ...(list.source.where ? [['where', list.source.where] as [string, string]] : []),
    ...Object.entries(list.searchColumns).map(([k, c]): [string, string] => [`search ${k}`, c.sql]),
    ...Object.entries(list.sortKeys)
      .filter(([, k]) => k.expr !== null)
      .map(([k, s]): [string, string] => [`sort ${k}`, s.expr ?? '']),
  ];
  const problems: string[] = [];
  for (const [what, sql] of exprs) {
    const own = new Set(
      [...sql.matchAll(/\b(?:from|join)\s+[a-z_][a-z0-9_]*\s+(?:as\s+)?([a-z_][a-z0-9_]*)/gi)].map(
        (m) => m[1]!,
      ),
    );
    for (const m of sql.matchAll(/\b([a-z_][a-z0-9_]*)\.[a-z_"]/gi)) {
      const alias = m[1]!;
      if (alias !== base && !own.has(alias)) {
        problems.push(`${list.key}: ${what} uses ${alias}., not on ${list.source.table} ${base}`);
        break;
      }
    }
  }
  return problems;
}
