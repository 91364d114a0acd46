/**
 * Query import (issue 13, `/index/queryImport`; docs/query-import.md): an xlsx of queries (for example from an external
 * data review) is uploaded and assessed row by row, then sent: each good row is raised as a manual query exactly as
 * saveQuery.do raises one. Each row's state is spec §4's "Query import status": unsent, sent, send failed (with the
 * reason). The spec names no endpoint for it: the paths follow its style, `/edc/queryImport/<name>.do`.
 */
import * as cs from '../schema';
import { endpoint, int, num, str } from './endpoint';
import { downloadFileSchema } from './subjectManagement';

/** Route of the query import page. */
export const QUERY_IMPORT_PAGE = '/index/queryImport';

/** Spec §5 / §9: xlsx files, at most 30M, one at a time (as the subject batch upload). */
export const QUERY_IMPORT_MAX_BYTES = 30 * 1024 * 1024;

/** The columns of a query import file, in the template's order. Required: subjid, visitnum, tid, note. */
export const QUERY_IMPORT_COLUMNS = [
  'subjid',
  'visitnum',
  'cycnum',
  'tid',
  'lineno',
  'variable',
  'issuetype',
  'note',
] as const;
export type QueryImportColumn = (typeof QUERY_IMPORT_COLUMNS)[number];

/** Spec §4 "Query import status": unsent, sent, send failed. */
export const QUERY_IMPORT_STATES = ['unsent', 'sent', 'failed'] as const;
export type QueryImportState = (typeof QUERY_IMPORT_STATES)[number];

export const queryImportProblemSchema = cs.object({
  /** The column the problem is about (null: the whole row). */
  column: str().nullable().defined(),
  /** The cell's value as read (null when empty). */
  value: str().nullable().defined(),
  /** What is wrong, in the request's locale. */
  message: str().required(),
});
export type QueryImportProblem = cs.InferType<typeof queryImportProblemSchema>;

const cell = () => str().nullable().defined();

export const queryImportRowSchema = cs.object({
  /** The sheet's row number (1 is the header row). */
  row: num().integer().min(2).required(),
  subjid: cell(),
  visitnum: cell(),
  cycnum: cell(),
  tid: cell(),
  lineno: cell(),
  variable: cell(),
  issuetype: cell(),
  note: cell(),
  /** The problems the assessment found: a row with any is never sent. */
  problems: cs.array(queryImportProblemSchema).required(),
  state: str()
    .oneOf([...QUERY_IMPORT_STATES])
    .required(),
  /** Why the send failed (state `failed`), in the request's locale. */
  reason: str().nullable().defined(),
  /** The query raised (state `sent`). */
  queryid: str().nullable().defined(),
  /** ISO 8601 UTC of the last send attempt. */
  sentat: str().nullable().defined(),
});
export type QueryImportRow = cs.InferType<typeof queryImportRowSchema> & { state: QueryImportState };

export const queryImportBatchSchema = cs.object({
  batchid: str().required(),
  filename: str().required(),
  username: str().required(),
  realname: str().required(),
  /** ISO 8601 UTC. */
  createdat: str().required(),
  /** Rows read (blank rows skipped). */
  rows: num().integer().min(0).required(),
  /** Rows with an assessment problem (never sent). */
  invalid: num().integer().min(0).required(),
  unsent: num().integer().min(0).required(),
  sent: num().integer().min(0).required(),
  failed: num().integer().min(0).required(),
  /** Whether the current user may send it (their own batch, with good rows not yet sent). */
  cansend: cs.boolean().required(),
});
export type QueryImportBatch = cs.InferType<typeof queryImportBatchSchema>;

export const queryImportDetailSchema = cs.object({
  batch: queryImportBatchSchema.required(),
  rows: cs.array(queryImportRowSchema).required(),
});
export type QueryImportDetail = { batch: QueryImportBatch; rows: QueryImportRow[] };

const batchId = () => str().required().max(20);

export const queryImportTemplate = endpoint({
  name: 'queryImportTemplate',
  path: '/edc/queryImport/template.do',
  description:
    "The query import template (xlsx, in the request's locale): the columns, and what each takes with a sample row on a second sheet. Needs query.create.",
  params: cs.object({}),
  data: downloadFileSchema,
});

export const queryImportAssess = endpoint({
  name: 'queryImportAssess',
  path: '/edc/queryImport/assess.do',
  method: 'POST',
  upload: { field: 'file', maxBytes: QUERY_IMPORT_MAX_BYTES, kind: 'xlsx' },
  description:
    'Assesses a query import file (multipart part `file`: one xlsx, at most 30M, checked by content) at the chosen site, row by row (subject, visit, form, record, item, issue type, text); stores the batch and its rows (all unsent). Needs query.create. No query is raised.',
  params: cs.object({}),
  data: queryImportDetailSchema as unknown as cs.Schema<QueryImportDetail>,
});

export const queryImportReport = endpoint({
  name: 'queryImportReport',
  path: '/edc/queryImport/report.do',
  description:
    "A batch's assessment report (xlsx): every problem with its row, column and value, and every failed send with its reason.",
  params: cs.object({ batchid: batchId() }),
  data: downloadFileSchema,
});

export const queryImportSend = endpoint({
  name: 'queryImportSend',
  path: '/edc/queryImport/send.do',
  method: 'POST',
  description:
    'Sends a batch (its uploader only): each good row not yet sent is raised as a manual query as saveQuery.do raises one (permission, site scope, history), each in its own transaction; a row refused is `failed` with the reason and the others go on. Sending again retries the failed rows.',
  params: cs.object({ batchid: batchId() }),
  data: queryImportDetailSchema as unknown as cs.Schema<QueryImportDetail>,
});

export const queryImportList = endpoint({
  name: 'queryImportList',
  path: '/edc/queryImport/importList.do',
  description: 'The query import batches at the chosen site, newest first, with their row counts per state.',
  params: cs.object({ page: int().min(1).default(1), size: int().min(1).max(100).default(20) }),
  data: cs.object({
    list: cs.array(queryImportBatchSchema).required(),
    total: num().integer().min(0).required(),
  }),
});

export const queryImportRows = endpoint({
  name: 'queryImportRows',
  path: '/edc/queryImport/importRows.do',
  description: 'One batch at the chosen site with its rows: cells, problems, state, reason, query raised.',
  params: cs.object({ batchid: batchId() }),
  data: queryImportDetailSchema as unknown as cs.Schema<QueryImportDetail>,
});

export const queryImportEndpoints = {
  queryImportTemplate,
  queryImportAssess,
  queryImportReport,
  queryImportSend,
  queryImportList,
  queryImportRows,
} as const;
