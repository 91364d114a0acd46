/**
 * The list query model: what a list screen asks the server for (search values, page, size, sort), convertible to
 * request params and back, so that a reload or a shared URL restores the same list.
 */
import type { SortKey } from '../grid/types';
import type { SearchValue } from '../metadata/types';

export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;

/** Paging and sort parameter names (spec §3). */
export const LIST_PARAMS = {
  page: 'page',
  size: 'size',
  asc: 'asc',
  orderByField: 'orderByField',
  sorttid: 'sorttid',
  innerid: 'innerid',
} as const;

export interface SortState extends SortKey {
  asc: boolean;
}

export interface ListQuery {
  /** By search field `prop`; empty values are left out. */
  search: Readonly<Record<string, SearchValue>>;
  /** 1-based. */
  page: number;
  size: PageSize;
  sort: SortState | null;
}

/** One page of rows as every paged list endpoint answers it (`data`). */
export interface ListPage<Row> {
  list: readonly Row[];
  total: number;
  page: number;
  size: number;
}
