/**
 * The invalid-record table (`/index/invalidTable`, a management page; spec §3 "Invalid record: reason,
 * ecrfVersionName, unActvieVersionName, operaUserName, operaTime"): the pages and visits made invalid (deactivated,
 * activedata.do with a reason) at the chosen site, with who did it, when, why, the subject's eCRF version and the
 * form version the page's data was entered in. Served by the generic list engine (listKey `invalidRecords`). The spec
 * names no endpoint for it: the path follows its `data/…` pattern (docs/casebook-visits.md).
 */
import * as cs from '../schema';
import { endpoint, num, str } from './endpoint';
import { listPageSchema, listParamsSchema, metaTextSchema } from './lists';

export const INVALID_TABLE_PAGE = '/index/invalidTable';
export const INVALID_LIST_KEY = 'invalidRecords';

export const invalidRecordRowSchema = cs.object({
  /** The mark's key: subject, visit, cycle, unscheduled number and form ('' for a whole visit). */
  markid: str().required(),
  subjectid: str().required(),
  subjid: str().required(),
  sitecode: str().required(),
  visitnum: str().required(),
  cycnum: num().integer().required(),
  svnum: num().integer().required(),
  /** The form; '' when the whole visit was made invalid. */
  tid: str().defined(),
  /** The visit and form (or the visit alone) by name. */
  visitTname: metaTextSchema.required(),
  /** Spec column: the reason (the study's invalidation reason, with its free text when it asks for one). */
  reason: metaTextSchema.required(),
  reasontext: str().nullable().defined(),
  /** Spec column: the subject's eCRF version. */
  ecrfVersionName: str().nullable().defined(),
  /** Spec column: the form version the page's data was entered in (null: no data on the page). */
  unActvieVersionName: str().nullable().defined(),
  /** Spec column: who made it invalid. */
  operaUserName: str().required(),
  /** Spec column: when (ISO 8601). */
  operaTime: str().required(),
});
export type InvalidRecordRow = cs.InferType<typeof invalidRecordRowSchema>;

export const invalidTableList = endpoint({
  name: 'invalidTableList',
  path: '/edc/data/invalidtablelist.do',
  method: 'POST',
  openParams: true,
  description:
    'One page of the invalid-record table (/index/invalidTable) at the site chosen at /checkRole: pages and visits made invalid, filtered by the search params (names from selectSearchFields.do, listKey `invalidRecords`) and sorted by `orderByField`/`asc`.',
  params: listParamsSchema,
  data: listPageSchema(invalidRecordRowSchema),
});

export const invalidRecordEndpoints = { invalidTableList } as const;
