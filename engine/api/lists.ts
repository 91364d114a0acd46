/**
 * Generic lists (spec §3, §7 "Generic table and search"): search-field definitions, column sets, code lists and
 * paged rows. Every list screen is declared once by its key: its search fields and column set come from the two
 * shared definition endpoints (`listKey`), its rows from its own paged endpoint (subjects.ts: subjectlist.do).
 * Kept apart from session.ts so that the login front's chunks do not carry these schemas (schemas are built at
 * module load and cannot be tree-shaken).
 */
import * as cs from '../schema';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../list/types';
import { isMetaText } from '../metadata/metaText';
import type { MetaText } from '../metadata/types';
import { endpoint, hostOf, int, nullData, num, str, type EndpointDef, type HttpMethod } from './endpoint';

// ---------------------------------------------------------------------------------------------------------------
// Lists (spec §3): search-field definitions, column sets, code lists and paged rows

/** A label the server sends as one text for every locale or one per locale (see metadata/types.ts MetaText). */
export const metaTextSchema = cs
  .mixed<MetaText>()
  .test('meta-text', '${path} must be a string or { zh_CN, en }', (v) => v === undefined || isMetaText(v));

/**
 * Raw definitions (search fields or columns): a list whose items the engine parses one by one
 * (parseSearchFields, parseColumns), so that one malformed definition does not reject the others.
 */
export const rawDefinitionsSchema = cs.array(cs.mixed().defined()).required() as unknown as cs.Schema<
  unknown[]
>;

/** Paging and sort parameters of every paged list (`page` is 1-based; `size` one of PAGE_SIZES). */
export const listParamsSchema = cs.object({
  page: int().min(1).default(1),
  size: cs
    .number()
    .oneOf([...PAGE_SIZES])
    .default(DEFAULT_PAGE_SIZE),
  orderByField: str().max(100).optional(),
  asc: cs.boolean().optional(),
  sorttid: str().max(100).optional(),
  innerid: str().max(100).optional(),
});
export type ListParams = cs.InferType<typeof listParamsSchema>;

/** `data` of a paged list: one page of rows and the total over all pages. */
export function listPageSchema<R extends cs.AnyObject>(row: cs.ObjectSchema<R>) {
  return cs.object({
    list: cs.array(row.required()).required(),
    total: num().integer().min(0).required(),
    page: num().integer().min(1).required(),
    size: num().integer().min(1).required(),
  });
}

/** A row of a list whose columns come from metadata: any JSON object. */
export const anyRowSchema = cs.object({}) as unknown as cs.ObjectSchema<Record<string, unknown>>;

/** GET endpoint answering raw definitions, for a SearchBar or MetaGrid configured with a URL (listDefinitionsUrl). */
export function definitionsEndpoint(path: string): EndpointDef<Record<string, never>, unknown[]> {
  return {
    name: `definitions:${path}`,
    path,
    method: 'GET',
    auth: 'token',
    host: hostOf(path),
    needsRole: true,
    description: `Search-field definitions or a column set (${path}).`,
    params: cs.object({}) as unknown as cs.ObjectSchema<Record<string, never>>,
    data: rawDefinitionsSchema,
  };
}

export type RowsPage = { list: Record<string, unknown>[]; total: number; page: number; size: number };

/** A paged list endpoint configured by URL and method (MetaGrid): list params plus open search params. */
export function rowsEndpoint(path: string, method: HttpMethod): EndpointDef<ListParams, RowsPage> {
  return {
    name: `rows:${method}:${path}`,
    path,
    method,
    auth: 'token',
    host: hostOf(path),
    needsRole: true,
    openParams: true,
    description: `Paged rows (${method} ${path}).`,
    params: listParamsSchema,
    data: listPageSchema(anyRowSchema) as unknown as cs.Schema<RowsPage>,
  };
}

export const codeOptionSchema = cs.object({
  codevalue: str().required(),
  codedesp: metaTextSchema.required(),
});
export type CodeOptionWire = cs.InferType<typeof codeOptionSchema>;

export const codeList = endpoint({
  name: 'codeList',
  path: '/edc/dataevent/codelist.do',
  description:
    'Options of a code list (`codelisttype`), in their order; `SITE` answers the sites the current role covers.',
  params: cs.object({ codelisttype: str().required().max(64) }),
  data: cs.array(codeOptionSchema).required(),
});

export const searchFieldShown = endpoint({
  name: 'searchFieldShown',
  path: '/edc/dataevent/unCHSearch.do',
  method: 'POST',
  description:
    "Remembers which search items (by `innerid`) the user shows in a list's search bar; selectSearchFields.do then answers `show` accordingly for custom items.",
  params: cs.object({
    listKey: str().required().max(64),
    shown: cs.array(str().required().max(100)).required().max(200),
  }),
  data: nullData,
});

export const selectSearchFields = endpoint({
  name: 'selectSearchFields',
  path: '/edc/dataevent/selectSearchFields.do',
  description:
    'Search-field definitions of a list (`listKey`), with `show` of the custom items as the user last chose (docs/list-metadata.md).',
  params: cs.object({ listKey: str().required().max(64) }),
  data: rawDefinitionsSchema,
});

export const selectColumns = endpoint({
  name: 'selectColumns',
  path: '/edc/dataevent/selectColumns.do',
  description: 'Column set of a list (`listKey`, docs/list-metadata.md).',
  params: cs.object({ listKey: str().required().max(64) }),
  data: rawDefinitionsSchema,
});

/**
 * The URL a SearchBar or grid is configured with for a list's definitions (spec §7: "GET to a configurable URL with
 * params"): the shared definitions endpoint with the list's key in its query.
 */
export function listDefinitionsUrl(def: { path: string }, listKey: string): string {
  return `${def.path}?listKey=${encodeURIComponent(listKey)}`;
}

/** The generic list endpoints, by name. */
export const listEndpoints = { codeList, searchFieldShown, selectSearchFields, selectColumns } as const;
