/**
 * One page of the subject list, within the target of p95 ≤ 20 ms at 100,000 subjects:
 * - the page's subject numbers come from the index of the sort column (site scope checked in the index), and only
 *   the rows shown are read from the table;
 * - totals are cached in-process by (study, site scope, search conditions) and page bookmarks (the sort key of every
 *   BOOKMARK_STRIDE-th row) by the same plus the sort, both only while the subjects' data version (data_versions,
 *   bumped by a trigger on every write to subjects, by any process) is the one they were computed at;
 * - a page at offset ≥ BOOKMARK_STRIDE starts after the nearest bookmark, so that page 2,500 reads about as many
 *   index entries as page 1 instead of 50,000.
 * The first request of a new search (or sort, for deep pages) pays for the count (and the bookmarks) once.
 */
import type { SubjectRow } from '../../engine/api/subjects';
import type { ListPage } from '../../engine/list/types';
import type { SearchFieldDef, SearchValue } from '../../engine/metadata/types';
import type { Db } from '../db/db';
import { searchConditions } from '../lists/searchSql';
import { SUBJECT_SEARCH_COLUMNS, type SortKeySql } from '../lists/subjectSql';
import { createVersionedCache } from '../lists/versionedCache';
import {
  countSubjects,
  subjectBookmarks,
  subjectPage,
  subjectScope,
  subjectWhere,
  type Bookmark,
  type SubjectSort,
} from '../repo/subjects';

/** Rows between two bookmarks: a deep page reads at most this many index entries more than page 1. */
export const BOOKMARK_STRIDE = 1000;
/** Cached totals and bookmark lists kept at most (least recently used go first). */
export const LIST_CACHE_ENTRIES = 500;

export interface SubjectPageRequest {
  /** Whose subjects: the session's chosen site, when the user still holds the role there (never from the request). */
  scope: { userId: string; roleId: string; studyId: string; siteId: string };
  fields: readonly SearchFieldDef[];
  search: Readonly<Record<string, SearchValue>>;
  sort: { prop: string; key: SortKeySql; asc: boolean };
  page: number;
  size: number;
}

export interface SubjectListService {
  page(req: SubjectPageRequest): Promise<ListPage<SubjectRow> & { list: SubjectRow[] }>;
}

export function createSubjectListService(
  db: Db,
  opts: { stride?: number; maxEntries?: number } = {},
): SubjectListService {
  const stride = opts.stride ?? BOOKMARK_STRIDE;
  const totals = createVersionedCache<number>(opts.maxEntries ?? LIST_CACHE_ENTRIES);
  const bookmarks = createVersionedCache<Bookmark[]>(opts.maxEntries ?? LIST_CACHE_ENTRIES);

  return {
    async page(req) {
      const { siteIds, version } = await subjectScope(db, req.scope);
      if (siteIds.length === 0) return { list: [], total: 0, page: req.page, size: req.size };
      const where = subjectWhere(req.scope.studyId, siteIds, (params) =>
        searchConditions(req.fields, req.search, SUBJECT_SEARCH_COLUMNS, params),
      );
      const sort: SubjectSort = { key: req.sort.key, asc: req.sort.asc };
      const total = await totals.get(version, where.key, () => countSubjects(db, where));
      const offset = (req.page - 1) * req.size;
      if (offset >= total) return { list: [], total, page: req.page, size: req.size };

      let after: Bookmark | null = null;
      let skip = offset;
      const block = Math.floor(offset / stride);
      if (block > 0) {
        const sortKey = `${where.key}|${req.sort.prop}|${req.sort.asc ? 'asc' : 'desc'}`;
        const marks = await bookmarks.get(version, sortKey, () => subjectBookmarks(db, where, sort, stride));
        const mark = marks[block - 1];
        if (mark) {
          after = mark;
          skip = offset - block * stride;
        }
      }
      const list = await subjectPage(db, where, sort, { offset: skip, limit: req.size, after });
      return { list, total, page: req.page, size: req.size };
    },
  };
}
