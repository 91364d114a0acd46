/**
 * One page of a declared list, within the target of p95 ≤ 20 ms at 100,000 rows:
 * - the page's row keys come from the index of the sort column (scope checked in the index), and only the rows
 *   shown are read from the table;
 * - totals are cached in-process by (study, scope, search conditions) and page bookmarks (the sort key of every
 *   BOOKMARK_STRIDE-th row) by the same plus the sort, both only while the list's data version (data_versions,
 *   bumped by a trigger on every write to its table, by any process) is the one they were computed at; a list
 *   without a data version caches nothing;
 * - a page at offset ≥ BOOKMARK_STRIDE starts after the nearest bookmark, so that page 2,500 reads about as many
 *   index entries as page 1 instead of 50,000.
 * The first request of a new search (or sort, for deep pages) pays for the count (and the bookmarks) once.
 */
import type { ListPage } from '../../../../engine/list/types';
import type { SearchFieldDef, SearchValue } from '../../../../engine/metadata/types';
import type { Db } from '../../../core/db/db';
import type { ListDeclaration, SortKeySql } from './declaration';
import { searchConditions } from './searchSql';
import {
  countRows,
  listBookmarks,
  listPage,
  listScope,
  listWhere,
  type Bookmark,
  type ListSort,
  type ListState,
} from './sql';
import { createVersionedCache, type VersionedCache } from './versionedCache';

/** Rows between two bookmarks: a deep page reads at most this many index entries more than page 1. */
export const BOOKMARK_STRIDE = 1000;
/** Cached totals and bookmark lists kept at most (least recently used go first). */
export const LIST_CACHE_ENTRIES = 500;

export interface ListPageRequest {
  /** Whose rows: the session's study and chosen site, when the user still holds the role there (never from the request). */
  scope: { userId: string; roleId: string; studyId: string; siteId: string };
  fields: readonly SearchFieldDef[];
  search: Readonly<Record<string, SearchValue>>;
  sort: { prop: string; key: SortKeySql; asc: boolean };
  page: number;
  size: number;
  /** What `state` answered for this scope in the same request (else the page reads it). */
  state?: ListState;
  /** Notes the end of a phase of the request (Server-Timing: count, page). */
  mark?: (phase: string) => void;
}

export interface ListPager<Row> {
  /** A page; the scope's state is the one read in the request's session statement, or read here (sql.ts listScope). */
  page(req: ListPageRequest): Promise<ListPage<Row> & { list: Row[] }>;
}

/** Cached while the list's data version stays the same; computed every time when it has none. */
function cachedIn<T>(
  cache: VersionedCache<T>,
  version: string | null,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return version === null ? compute() : cache.get(version, key, compute);
}

export function createListPager<Row extends object>(
  db: Db,
  list: ListDeclaration<Row>,
  opts: { stride?: number; maxEntries?: number } = {},
): ListPager<Row> {
  const stride = opts.stride ?? BOOKMARK_STRIDE;
  const totals = createVersionedCache<number>(opts.maxEntries ?? LIST_CACHE_ENTRIES);
  const bookmarks = createVersionedCache<Bookmark[]>(opts.maxEntries ?? LIST_CACHE_ENTRIES);
  const declared = list as ListDeclaration<object>;

  return {
    async page(req) {
      const mark = req.mark ?? (() => undefined);
      const { siteIds, version } = req.state ?? (await listScope(db, declared, req.scope));
      if (list.siteColumn && siteIds.length === 0)
        return { list: [], total: 0, page: req.page, size: req.size };
      const where = listWhere(declared, { studyId: req.scope.studyId, siteIds }, (params) =>
        searchConditions(req.fields, req.search, list.searchColumns, params),
      );
      const sort: ListSort = { key: req.sort.key, asc: req.sort.asc };
      const total = await cachedIn(totals, version, where.key, () => countRows(db, declared, where));
      mark('count');
      const offset = (req.page - 1) * req.size;
      if (offset >= total) return { list: [], total, page: req.page, size: req.size };

      let after: Bookmark | null = null;
      let skip = offset;
      const block = Math.floor(offset / stride);
      if (block > 0) {
        const sortKey = `${where.key}|${req.sort.prop}|${req.sort.asc ? 'asc' : 'desc'}`;
        const marks = await cachedIn(bookmarks, version, sortKey, () =>
          listBookmarks(db, declared, where, sort, stride),
        );
        const mark = marks[block - 1];
        if (mark) {
          after = mark;
          skip = offset - block * stride;
        }
      }
      const rows = await listPage<Row>(db, declared, where, sort, { offset: skip, limit: req.size, after });
      mark('page');
      return { list: rows, total, page: req.page, size: req.size };
    },
  };
}
