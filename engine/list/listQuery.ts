/**
 * The list query model: search values + page + size + sort ⇄ flat request params. The client sends
 * toRequestParams; the server (and a reload or a shared URL) reads them back with fromRequestParams, which gives the
 * same query — one rule, one implementation. A search, size or sort change goes back to page 1.
 */
import { paramText } from '../fieldTypes/params';
import { searchBehaviour } from '../fieldTypes/registry';
import type { FieldTypeRegistry, IncomingParams, RequestParams, ValueProblem } from '../fieldTypes/types';
import { sortParams } from '../grid/columnToColDef';
import type { SearchFieldDef, SearchValue } from '../metadata/types';
import { isPageSize } from './pageSize';

export { isPageSize, readStoredPageSize, storePageSize } from './pageSize';
import { LIST_PARAMS, type ListQuery, type PageSize, type SortState } from './types';

/** Empty in every field type's sense: null, blank text, an empty list, a range without ends. */
export function isEmptySearchValue(value: SearchValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  const range = value as { start: string | null; end: string | null };
  return !range.start && !range.end;
}

function withoutEmpty(search: Readonly<Record<string, SearchValue>>): Record<string, SearchValue> {
  const out: Record<string, SearchValue> = {};
  for (const [prop, value] of Object.entries(search)) if (!isEmptySearchValue(value)) out[prop] = value;
  return out;
}

/** The values of `fields` that their field types do not call empty (what a search sends), by prop. */
export function nonEmptySearch(
  fields: readonly SearchFieldDef[],
  values: Readonly<Record<string, SearchValue | undefined>>,
  registry: FieldTypeRegistry,
): Record<string, SearchValue> {
  const search: Record<string, SearchValue> = {};
  for (const field of fields) {
    const value = values[field.prop];
    const behaviour = searchBehaviour(registry, field.fieldtype);
    if (value !== undefined && behaviour && !behaviour.isEmpty(value)) search[field.prop] = value;
  }
  return search;
}

/** The fields' initial values (what Reset goes back to). */
export function initialSearch(
  fields: readonly SearchFieldDef[],
  registry: FieldTypeRegistry,
): Record<string, SearchValue> {
  return nonEmptySearch(fields, Object.fromEntries(fields.map((f) => [f.prop, f.initial])), registry);
}

/** The first query of a list: the fields' initial values, page 1, no sort. */
export function initialQuery(
  fields: readonly SearchFieldDef[],
  registry: FieldTypeRegistry,
  size: PageSize,
): ListQuery {
  return { search: initialSearch(fields, registry), page: 1, size, sort: null };
}

/** page, size, sort params, then each field's non-empty value by its type's toParams (in definition order). */
export function toRequestParams(
  query: ListQuery,
  fields: readonly SearchFieldDef[],
  registry: FieldTypeRegistry,
): RequestParams {
  const params: RequestParams = {
    [LIST_PARAMS.page]: query.page,
    [LIST_PARAMS.size]: query.size,
    ...sortParams(query.sort),
  };
  for (const field of fields) {
    const behaviour = searchBehaviour(registry, field.fieldtype);
    const value = query.search[field.prop];
    if (!behaviour || value === undefined || behaviour.isEmpty(value)) continue;
    Object.assign(params, behaviour.toParams(field, value));
  }
  return params;
}

function readPage(params: IncomingParams): number {
  const text = paramText(params, LIST_PARAMS.page);
  if (text === null || !/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function readSize(params: IncomingParams, fallbackSize: PageSize): PageSize {
  const size = Number(paramText(params, LIST_PARAMS.size));
  return isPageSize(size) ? size : fallbackSize;
}

function readSort(params: IncomingParams): SortState | null {
  const orderByField = paramText(params, LIST_PARAMS.orderByField);
  if (!orderByField) return null;
  const asc = paramText(params, LIST_PARAMS.asc);
  const sort: SortState = { orderByField, asc: asc === null || asc.toLowerCase() !== 'false' };
  const sorttid = paramText(params, LIST_PARAMS.sorttid);
  const innerid = paramText(params, LIST_PARAMS.innerid);
  if (sorttid) sort.sorttid = sorttid;
  if (innerid) sort.innerid = innerid;
  return sort;
}

/**
 * The query behind request params (a URL query, a JSON body): page < 1 or not a number → 1; a size not in
 * PAGE_SIZES → fallbackSize; `asc` 'false'/false → descending (anything else ascending); malformed search values
 * are left out. Params of no field are ignored.
 */
export function fromRequestParams(
  params: IncomingParams,
  fields: readonly SearchFieldDef[],
  registry: FieldTypeRegistry,
  fallbackSize: PageSize,
): ListQuery {
  const search: Record<string, SearchValue> = {};
  for (const field of fields) {
    const behaviour = searchBehaviour(registry, field.fieldtype);
    if (!behaviour) continue;
    const value = behaviour.fromParams(field, params);
    if (!behaviour.isEmpty(value)) search[field.prop] = value;
  }
  return { search, page: readPage(params), size: readSize(params, fallbackSize), sort: readSort(params) };
}

/** Params for a URL query: every value as text, lists as repeated keys. */
export function toUrlParams(
  query: ListQuery,
  fields: readonly SearchFieldDef[],
  registry: FieldTypeRegistry,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(toRequestParams(query, fields, registry))) {
    out[key] = Array.isArray(value) ? [...(value as readonly string[])] : String(value);
  }
  return out;
}

/** The query behind a URL's params (the same reading as fromRequestParams). */
export const fromUrlParams = fromRequestParams;

/** A URL query string (without '?') of url params; lists as repeated keys. */
export function urlSearchOf(params: Readonly<Record<string, string | readonly string[]>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of typeof value === 'string' ? [value] : value) search.append(key, item);
  }
  return search.toString();
}

/** Params of a URL query string ('?a=1&l=x&l=y' → {a:'1', l:['x','y']}). */
export function paramsOfUrlSearch(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** New search values (empty ones dropped), back to page 1. */
export function withSearch(query: ListQuery, search: Readonly<Record<string, SearchValue>>): ListQuery {
  return { ...query, search: withoutEmpty(search), page: 1 };
}

export function withSize(query: ListQuery, size: PageSize): ListQuery {
  return { ...query, size, page: 1 };
}

export function withSort(query: ListQuery, sort: SortState | null): ListQuery {
  return { ...query, sort, page: 1 };
}

/** Another page (1 at least). */
export function withPage(query: ListQuery, page: number): ListQuery {
  return { ...query, page: Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1 };
}

/** Problems of the search values by field `prop` (only fields with problems appear). */
export function validateSearch(
  fields: readonly SearchFieldDef[],
  search: Readonly<Record<string, SearchValue>>,
  registry: FieldTypeRegistry,
): Record<string, ValueProblem[]> {
  const out: Record<string, ValueProblem[]> = {};
  for (const field of fields) {
    const behaviour = searchBehaviour(registry, field.fieldtype);
    const value = search[field.prop];
    if (!behaviour || value === undefined || value === null) continue;
    const problems = behaviour.validate(field, value);
    if (problems.length > 0) out[field.prop] = [...problems];
  }
  return out;
}

/** Whether any problem blocks the search (warnings do not). */
export function hasErrors(problems: Readonly<Record<string, readonly ValueProblem[]>>): boolean {
  return Object.values(problems).some((list) => list.some((p) => p.level === 'error'));
}
