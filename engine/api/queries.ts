/**
 * Queries (spec §1, §3, §4, §7 `query/…`, `querydetail/…`; docs/queries.md): questions about the data raised by the
 * server (system queries: a soft edit check the user confirmed) or by monitors and data managers (manual item, page
 * and table queries), answered by the site, closed by the monitor. Every action writes the query's history.
 *
 * States (spec §4) and their CDISC ODM v2 names: `candidate` (Candidate: a system query not yet released),
 * `created` (Open), `answered` (Answered), `closed` (Closed), `cancelled` (Cancelled: withdrawn before an answer).
 * Where the spec names no parameter, the names are ours (docs/queries.md).
 */
import * as cs from '../schema';
import { isMetaText } from '../metadata/metaText';
import type { MetaText } from '../metadata/types';
import { bool, endpoint, noParams, num, str } from './endpoint';
import { listPageSchema, listParamsSchema, metaTextSchema } from './lists';
import { downloadFileSchema } from './subjectManagement';

/** Route of the query overview (spec §2 /index/queryManage). */
export const QUERY_MANAGE_PAGE = '/index/queryManage';
/** `listKey` of the query overview's search fields and columns. */
export const QUERY_LIST_KEY = 'queries';

export const QUERY_STATUSES = ['candidate', 'created', 'answered', 'closed', 'cancelled'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

/** The CDISC ODM v2 query state of each spec state (docs/queries.md). */
export const ODM_QUERY_STATE: Readonly<Record<QueryStatus, string>> = {
  candidate: 'Candidate',
  created: 'Open',
  answered: 'Answered',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** system; manual item query; manual page query; manual table query (a log-line row, or a column of it). */
export const QUERY_KINDS = ['system', 'item', 'page', 'table'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** The kinds a user raises (system queries are the server's). */
export const MANUAL_QUERY_KINDS = ['item', 'page', 'table'] as const;

export const QUERY_ACTIONS = [
  'create',
  'reply',
  'forward',
  'review',
  'close',
  'requery',
  'autoclose',
  'valueChanged',
  'detail',
] as const;
export type QueryAction = (typeof QUERY_ACTIONS)[number];

// the record capabilities live in a module of their own: the form page's registrations need them, not this contract
export { QUERY_CAPABILITIES } from './queryCapabilities';

/** An item's query state as item adornments read it (datainfo.do `items[variable].query`). */
export const ITEM_QUERY_STATES = ['open', 'answered', 'closed', 'closedModified'] as const;
export type ItemQueryState = (typeof ITEM_QUERY_STATES)[number];
export interface ItemQuery {
  state: ItemQueryState;
  /** Queries on the item not yet closed (0 when all are closed). */
  count: number;
}

/** The adornment's state of an item from its queries' states (the server's and, after an action, the client's). */
export function itemQueryOf(queries: readonly { querystatus: QueryStatus; modified: boolean }[]): ItemQuery {
  const open: readonly QueryStatus[] = ['candidate', 'created', 'answered'];
  const count = queries.filter((q) => open.includes(q.querystatus)).length;
  let state: ItemQueryState;
  if (queries.some((q) => q.querystatus === 'created' || q.querystatus === 'candidate')) state = 'open';
  else if (queries.some((q) => q.querystatus === 'answered')) state = 'answered';
  else if (queries.some((q) => q.modified)) state = 'closedModified';
  else state = 'closed';
  return { state, count };
}

/** Longest query, reply and note text. */
export const QUERY_TEXT_MAX = 2000;

/** A label or null. */
const nullableMetaText = () =>
  cs
    .mixed<MetaText>()
    .nullable()
    .test(
      'meta-text-or-null',
      '${path} must be null, a string or { zh_CN, en }',
      (v) => v === null || v === undefined || isMetaText(v),
    )
    .defined();

const idText = () => str().required().max(40);
const queryText = () =>
  str()
    .required()
    .max(QUERY_TEXT_MAX)
    .test('not-blank', '${path} must not be blank', (v) => typeof v !== 'string' || v.trim() !== '');

export const queryRowSchema = cs.object({
  queryid: str().required(),
  kind: str()
    .oneOf([...QUERY_KINDS])
    .required(),
  /** Spec list column: the state. */
  querystatus: str()
    .oneOf([...QUERY_STATUSES])
    .required(),
  /** The value changed after the query was closed (closed-modified). */
  modified: bool().required(),
  subjectid: str().required(),
  subjid: str().required(),
  sitecode: str().required(),
  recordid: str().required(),
  visitnum: str().required(),
  cycnum: num().integer().required(),
  svnum: num().integer().required(),
  tid: str().required(),
  lineno: num().integer().required(),
  /** Spec list column: visit and form name. */
  visitTname: metaTextSchema.required(),
  /** The item; null for a page query or a log-line row. */
  variable: str().nullable().defined(),
  /** Spec list column: the value when the query was raised. */
  value: str().nullable().defined(),
  /** Spec list column: the query text (a system query: the check's message in both locales). */
  note: metaTextSchema.required(),
  issuetype: str().nullable().defined(),
  closereason: str().nullable().defined(),
  pdtype: str().nullable().defined(),
  pdsubtype: str().nullable().defined(),
  /** Forwarded to this role (code). */
  torole: str().nullable().defined(),
  /** Spec list column: who raised it (user name; "system" for a system query). */
  initiator: str().required(),
  /** ISO 8601 UTC. */
  ctime: str().required(),
  /** ISO 8601 UTC of the last action (optimistic check of every action). */
  updatedat: str().required(),
});
export type QueryRow = cs.InferType<typeof queryRowSchema> & {
  kind: QueryKind;
  querystatus: QueryStatus;
  visitTname: MetaText;
  note: MetaText;
};

export const queryHistoryRowSchema = cs.object({
  id: str().required(),
  action: str()
    .oneOf([...QUERY_ACTIONS])
    .required(),
  fromstatus: str().nullable().defined(),
  tostatus: str().required(),
  note: nullableMetaText(),
  /** A close or review reason's code, or an issue type. */
  reason: str().nullable().defined(),
  torole: str().nullable().defined(),
  username: str().required(),
  realname: str().required(),
  role: metaTextSchema.required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type QueryHistoryRow = cs.InferType<typeof queryHistoryRowSchema> & {
  action: QueryAction;
  role: MetaText;
  note: MetaText | null;
};

export const queryThreadSchema = queryRowSchema.shape({
  history: cs.array(queryHistoryRowSchema).required(),
});
export type QueryThread = QueryRow & { history: QueryHistoryRow[] };

export const dictEntrySchema = cs.object({
  code: str().required(),
  text: metaTextSchema.required(),
});
export type QueryDictEntry = { code: string; text: MetaText };

export const pdTypeSchema = dictEntrySchema.shape({
  subtypes: cs.array(dictEntrySchema).required(),
});
export type PdType = QueryDictEntry & { subtypes: QueryDictEntry[] };

export const queryDictList = endpoint({
  name: 'queryDictList',
  path: '/edc/query/queryDictList.do',
  description:
    "The study's query dictionaries: close reasons (`closeReasons`), add reasons / issue types (`addReasons`) and protocol-deviation types with their subcategories (`pdTypes`). A close reason `WITHDRAWN` on an unanswered query cancels it.",
  params: noParams,
  data: cs.object({
    closeReasons: cs.array(dictEntrySchema).required(),
    addReasons: cs.array(dictEntrySchema).required(),
    pdTypes: cs.array(pdTypeSchema).required(),
  }) as unknown as cs.Schema<{
    closeReasons: QueryDictEntry[];
    addReasons: QueryDictEntry[];
    pdTypes: PdType[];
  }>,
});

export const queryListHistory = endpoint({
  name: 'queryListHistory',
  path: '/edc/query/queryListHistory.do',
  description:
    'The queries of a record (`recordid`; with `variable` only those on that item, with `page` only page queries and log-line row queries), or one query (`queryid`), each with its whole history, oldest first: the thread beside an item.',
  params: cs.object({
    recordid: str().max(40).optional(),
    variable: str().max(64).optional(),
    page: cs.boolean().optional(),
    queryid: str().max(40).optional(),
  }),
  data: cs.array(queryThreadSchema).required() as unknown as cs.Schema<QueryThread[]>,
});

export const saveQuery = endpoint({
  name: 'saveQuery',
  path: '/edc/query/saveQuery.do',
  method: 'POST',
  description:
    'Raises a manual query (monitor, data manager): `kind` item (on `variable`), page (no variable), table (a log-line row: no variable; a column of it: `variable`). `issuetype` is an add reason of queryDictList. Answers the new query with its history.',
  params: cs.object({
    recordid: idText(),
    kind: str()
      .oneOf([...MANUAL_QUERY_KINDS])
      .required(),
    variable: str().max(64).nullable().default(null),
    issuetype: str().max(32).nullable().default(null),
    note: queryText(),
  }),
  data: queryThreadSchema as unknown as cs.Schema<QueryThread>,
});

export const REPLY_ACTIONS = ['reply', 'forward', 'review'] as const;
export type ReplyAction = (typeof REPLY_ACTIONS)[number];

export const replyQuery = endpoint({
  name: 'replyQuery',
  path: '/edc/query/replyQuery.do',
  method: 'POST',
  description:
    'An answer to a query and its relatives (docs/queries.md): `reply` (site: created → answered), `forward` (monitor, data manager: to `torole`, with a note; the state stays), `review` (monitor, data manager: an answered query reviewed and sent back to the site, reason required: answered → created). `updatedat` is the query as read: a query changed since is refused.',
  params: cs.object({
    queryid: idText(),
    action: str()
      .oneOf([...REPLY_ACTIONS])
      .default('reply'),
    note: queryText(),
    torole: str().max(32).nullable().default(null),
    updatedat: str().required().max(40),
  }),
  data: queryThreadSchema as unknown as cs.Schema<QueryThread>,
});

export const closeQuery = endpoint({
  name: 'closeQuery',
  path: '/edc/query/closeQuery.do',
  method: 'POST',
  description:
    "Closes queries (monitor, data manager), one or many (the overview's bulk close): all or none. `reason` (a close reason of queryDictList) is required ('关闭原因不能为空'). `updatedat` (closing one query from its thread) is the query as read: a query answered or changed since is refused, so nobody closes an answer they have not seen. Answers the queries as they are now.",
  params: cs.object({
    queryids: cs.array(idText()).required().min(1).max(500),
    reason: str().max(32).optional(),
    note: str().max(QUERY_TEXT_MAX).nullable().default(null),
    updatedat: str().max(40).optional(),
  }),
  data: cs.array(queryThreadSchema).required() as unknown as cs.Schema<QueryThread[]>,
});

export const forwardQueries = endpoint({
  name: 'forwardQueries',
  path: '/edc/query/forwardQueries.do',
  method: 'POST',
  description:
    "Forwards queries (the overview's bulk forward; monitor, data manager) to `torole` with a note, one or many: all or none, like closeQuery.do's bulk close. The states stay; each query's history gets its forward. Answers the queries as they are now.",
  params: cs.object({
    queryids: cs.array(idText()).required().min(1).max(500),
    torole: str().max(32).nullable().default(null),
    note: queryText(),
  }),
  data: cs.array(queryThreadSchema).required() as unknown as cs.Schema<QueryThread[]>,
});

export const closeAndSaveQuery = endpoint({
  name: 'closeAndSaveQuery',
  path: '/edc/query/closeAndSaveQuery.do',
  method: 'POST',
  description:
    'Close and requery in one transaction (monitor, data manager): closes `queryid` with `reason` (required) and raises a follow-up manual query on the same target with `note`. Answers both: the closed one first.',
  params: cs.object({
    queryid: idText(),
    reason: str().max(32).optional(),
    issuetype: str().max(32).nullable().default(null),
    note: queryText(),
    updatedat: str().required().max(40),
  }),
  data: cs.array(queryThreadSchema).required() as unknown as cs.Schema<QueryThread[]>,
});

export const queryStatusCountSchema = cs.object({
  visitnum: str().required(),
  cycnum: num().integer().required(),
  svnum: num().integer().required(),
  tid: str().required(),
  open: num().integer().min(0).required(),
  answered: num().integer().min(0).required(),
});

export const selectNoCHQueryStatus = endpoint({
  name: 'selectNoCHQueryStatus',
  path: '/edc/query/selectNoCHQueryStatus.do',
  description:
    "Queries not closed, counted: per form of a subject (`subjectid`) for the visit navigation, or, without one, the role's to-dos at the chosen site: queries to answer (site roles) and answers to review (monitors, data managers).",
  params: cs.object({ subjectid: str().max(100).optional() }),
  data: cs.object({
    forms: cs.array(queryStatusCountSchema).required(),
    toAnswer: num().integer().min(0).required(),
    toReview: num().integer().min(0).required(),
  }),
});

export const queryModelList = endpoint({
  name: 'queryModelList',
  path: '/edc/query/queryModelList.do',
  method: 'POST',
  openParams: true,
  description:
    'One page of the query overview (/index/queryManage) at the site chosen at /checkRole, filtered by the search params (names from selectSearchFields.do, listKey `queries`) and sorted by `orderByField`/`asc`.',
  params: listParamsSchema,
  data: listPageSchema(queryRowSchema),
});

/** The most rows an export of the overview holds; a search matching more is refused (narrow it). */
export const QUERY_EXPORT_MAX_ROWS = 10_000;

export const queryExport = endpoint({
  name: 'queryExport',
  path: '/edc/query/queryExport.do',
  method: 'POST',
  openParams: true,
  description:
    "The query overview as an xlsx file: every row the search params select (the same as queryModelList.do's, all pages, in its sort) at the chosen site, the study's overview columns headed in the request's locale. At most 10,000 rows: a search matching more is refused with a message to narrow it.",
  params: listParamsSchema,
  data: downloadFileSchema.shape({ rows: num().integer().min(0).required() }),
});

export const roleOptionSchema = cs.object({
  rolecode: str().required(),
  name: metaTextSchema.required(),
});

export const queryHistoryRoleList = endpoint({
  name: 'queryHistoryRoleList',
  path: '/edc/query/queryHistoryRoleList.do',
  description:
    'The roles a query may be forwarded to (the roles that act on queries, other than the asking one), and the roles that took part in its history.',
  params: cs.object({ queryid: idText() }),
  data: cs.object({
    forwardTo: cs.array(roleOptionSchema).required(),
    inHistory: cs.array(roleOptionSchema).required(),
  }) as unknown as cs.Schema<{
    forwardTo: { rolecode: string; name: MetaText }[];
    inHistory: { rolecode: string; name: MetaText }[];
  }>,
});

export const saveQueryDetail = endpoint({
  name: 'saveQueryDetail',
  path: '/edc/querydetail/saveQueryDetail.do',
  method: 'POST',
  description:
    "Classifies a query as a protocol deviation (monitor, data manager): PD type and subcategory of queryDictList's `pdTypes`; null clears them.",
  params: cs.object({
    queryid: idText(),
    pdtype: str().max(32).nullable().default(null),
    pdsubtype: str().max(32).nullable().default(null),
  }),
  data: queryThreadSchema as unknown as cs.Schema<QueryThread>,
});

export const findDefaultQueryPd = endpoint({
  name: 'findDefaultQueryPd',
  path: '/edc/querydetail/findDefaultQueryPd.do',
  description:
    'The PD classification a query starts from: its own when set, otherwise the default of its issue type (null when none).',
  params: cs.object({ queryid: idText() }),
  data: cs.object({
    pdtype: str().nullable().defined(),
    pdsubtype: str().nullable().defined(),
  }),
});

export const queryEndpoints = {
  queryDictList,
  queryListHistory,
  saveQuery,
  replyQuery,
  closeQuery,
  forwardQueries,
  closeAndSaveQuery,
  selectNoCHQueryStatus,
  queryModelList,
  queryExport,
  queryHistoryRoleList,
  saveQueryDetail,
  findDefaultQueryPd,
} as const;
