/**
 * The list part of the API contract (spec §3): search-field definitions, column sets, code lists and paged rows,
 * and the subject list built on them. Kept apart from contract.ts so that the login front's chunks do not carry
 * these schemas (yup schemas are built at module load and cannot be tree-shaken).
 */
import * as yup from 'yup';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../list/types';
import { isMetaText } from '../metadata/metaText';
import type { MetaText } from '../metadata/types';
import { endpoint, noParams, nullData, num, str, type EndpointDef, type HttpMethod } from './contract';

// ---------------------------------------------------------------------------------------------------------------
// Lists (spec §3): search-field definitions, column sets, code lists and paged rows

/** A label the server sends as one text for every locale or one per locale (see metadata/types.ts MetaText). */
export const metaTextSchema = yup
  .mixed<MetaText>()
  .test('meta-text', '${path} must be a string or { zh_CN, en }', (v) => v === undefined || isMetaText(v));

/**
 * Raw definitions (search fields or columns): a list whose items the engine parses one by one
 * (parseSearchFields, parseColumns), so that one malformed definition does not reject the others.
 */
export const rawDefinitionsSchema = yup.array(yup.mixed().defined()).required() as unknown as yup.Schema<
  unknown[]
>;

/** Paging and sort parameters of every paged list (`page` is 1-based; `size` one of PAGE_SIZES). */
export const listParamsSchema = yup.object({
  page: yup.number().integer().min(1).default(1),
  size: yup
    .number()
    .oneOf([...PAGE_SIZES])
    .default(DEFAULT_PAGE_SIZE),
  orderByField: yup.string().max(100).optional(),
  asc: yup.boolean().optional(),
  sorttid: yup.string().max(100).optional(),
  innerid: yup.string().max(100).optional(),
});
export type ListParams = yup.InferType<typeof listParamsSchema>;

/** `data` of a paged list: one page of rows and the total over all pages. */
export function listPageSchema<R extends yup.AnyObject>(row: yup.ObjectSchema<R>) {
  return yup.object({
    list: yup.array(row.required()).required(),
    total: num().integer().min(0).required(),
    page: num().integer().min(1).required(),
    size: num().integer().min(1).required(),
  });
}

/** A row of a list whose columns come from metadata: any JSON object. */
export const anyRowSchema = yup.object({}) as unknown as yup.ObjectSchema<Record<string, unknown>>;

/** GET endpoint answering raw definitions, for a SearchBar or MetaGrid configured with a URL. */
export function definitionsEndpoint(path: string): EndpointDef<Record<string, never>, unknown[]> {
  return {
    name: `definitions:${path}`,
    path,
    method: 'GET',
    auth: 'token',
    host: 'api',
    needsRole: true,
    description: `Search-field definitions or a column set (${path}).`,
    params: noParams as unknown as yup.ObjectSchema<Record<string, never>>,
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
    host: 'api',
    needsRole: true,
    openParams: true,
    description: `Paged rows (${method} ${path}).`,
    params: listParamsSchema,
    data: listPageSchema(anyRowSchema) as unknown as yup.Schema<RowsPage>,
  };
}

export const codeOptionSchema = yup.object({
  codevalue: str().required(),
  codedesp: metaTextSchema.required(),
});
export type CodeOptionWire = yup.InferType<typeof codeOptionSchema>;

export const codeList = endpoint({
  name: 'codeList',
  path: 'codelist.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: true,
  description:
    'Options of a code list (`codelisttype`), in their order; `SITE` answers the sites the current role covers.',
  params: yup.object({ codelisttype: str().required().max(64) }),
  data: yup.array(codeOptionSchema).required(),
});

export const searchFieldShown = endpoint({
  name: 'searchFieldShown',
  path: 'searchField/shown.do',
  method: 'POST',
  auth: 'token',
  host: 'api',
  needsRole: true,
  description:
    "Remembers which search items (by `innerid`) the user shows in a list's search bar; the definitions endpoint then answers `show` accordingly for custom items.",
  params: yup.object({
    listKey: str().required().max(64),
    shown: yup.array(str().required().max(100)).required().max(200),
  }),
  data: nullData,
});

/** Subject status codes (code list SUBJSTATUS). */
export const SUBJECT_STATUSES = ['1', '2', '3', '4', '5'] as const;

export const subjectRowSchema = yup.object({
  subjectid: str().required(),
  /** Subject number shown to users, e.g. `BJ01-0001`. */
  subjid: str().required(),
  siteid: str().required(),
  sitecode: str().required(),
  sitename: str().required(),
  initials: str().defined(),
  /** Code list SEX: M, F. */
  sex: str().defined(),
  /** yyyy-MM-dd */
  birthdate: str().nullable().defined(),
  age: num().nullable().defined(),
  /** Code list SUBJSTATUS: 1 screening, 2 enrolled, 3 completed, 4 withdrawn, 5 screen failure. */
  status: str()
    .oneOf([...SUBJECT_STATUSES])
    .required(),
  /** yyyy-MM-dd */
  enrolldate: str().nullable().defined(),
  visitcount: num().integer().min(0).required(),
  /** yyyy-MM-dd */
  lastvisitdate: str().nullable().defined(),
  /** ISO 8601 UTC date-time of the last change. */
  updatedat: str().required(),
});
export type SubjectRow = yup.InferType<typeof subjectRowSchema>;

/** Page of /index/subjects (and the standalone /subjects): the server refuses roles that may not open it. */
export const SUBJECTS_PAGE = '/index/subjects';
/** listKey of the subject list's search bar (searchField/shown.do). */
export const SUBJECT_LIST_KEY = 'subjects';

export const subjectSearchFields = endpoint({
  ...definitionsEndpoint('subject/searchFields.do'),
  name: 'subjectSearchFields',
  description: 'Search-field definitions of the subject list (with `show` as the user last chose).',
});

export const subjectColumns = endpoint({
  ...definitionsEndpoint('subject/columns.do'),
  name: 'subjectColumns',
  description: 'Column set of the subject list.',
});

export const subjectList = endpoint({
  name: 'subjectList',
  path: 'subject/list.do',
  method: 'POST',
  auth: 'token',
  host: 'api',
  needsRole: true,
  openParams: true,
  description:
    'One page of the subjects at the sites the current role covers, filtered by the search params (names from subject/searchFields.do) and sorted by `orderByField`/`asc`.',
  params: listParamsSchema,
  data: listPageSchema(subjectRowSchema),
});

export const subjectInfo = endpoint({
  name: 'subjectInfo',
  path: 'subject/info.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: true,
  description:
    'One subject, when it is at a site the current role covers (otherwise success:false, as for an unknown id).',
  params: yup.object({ subjectid: str().required().max(100) }),
  data: subjectRowSchema,
});

/** The list endpoints, by name. */
export const listEndpoints = {
  codeList,
  searchFieldShown,
  subjectSearchFields,
  subjectColumns,
  subjectList,
  subjectInfo,
} as const;
export type ListEndpoints = typeof listEndpoints;
