/**
 * Visits (spec §7 `visit/…`): a subject's visits and the forms of one visit, with their entry status, and the visit
 * navigation keys (spec §3: visitnum, cycnum, svnum, tid, defvalue) every data endpoint is addressed by.
 */
import * as yup from 'yup';
import type { MetaText } from '../metadata/types';
import { endpoint, int, num, str } from './endpoint';
import { metaTextSchema } from './lists';

/** A subject's visit, as visit navigation names it. */
export const visitKeysSchema = yup.object({
  subjectid: str().required().max(100),
  visitnum: str().required().max(32),
  cycnum: int().min(1).default(1),
  svnum: int().min(1).default(1),
});
export type VisitKeys = yup.InferType<typeof visitKeysSchema>;

/** One form of a visit. */
export const formKeysSchema = visitKeysSchema.shape({
  tid: str().required().max(64),
  defvalue: str().max(200).optional(),
});
export type FormKeys = yup.InferType<typeof formKeysSchema>;

/** Entry status of a form (and, aggregated, of a visit): not entered, entered (with errors or warnings), complete. */
export const ENTRY_STATUSES = ['0', '1', '2'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const entryStatus = () =>
  str()
    .oneOf([...ENTRY_STATUSES])
    .required();

export const visitRowSchema = yup.object({
  visitnum: str().required(),
  cycnum: num().integer().min(1).required(),
  svnum: num().integer().min(1).required(),
  name: metaTextSchema.required(),
  /** yyyy-MM-dd, or null when the visit has no date yet. */
  visitdate: str().nullable().defined(),
  status: entryStatus(),
  formCount: num().integer().min(0).required(),
  enteredCount: num().integer().min(0).required(),
});
export type VisitRow = yup.InferType<typeof visitRowSchema> & { name: MetaText };

export const visitList = endpoint({
  name: 'visitList',
  path: '/edc/visit/visitlist.do',
  description:
    "A subject's visits in schedule order with their entry status (subject at a site the role covers).",
  params: yup.object({ subjectid: str().required().max(100) }),
  data: yup.array(visitRowSchema).required(),
});

export const tableRowSchema = yup.object({
  tid: str().required(),
  formid: str().required(),
  name: metaTextSchema.required(),
  reftype: str().required(),
  logline: yup.boolean().strict().required(),
  status: entryStatus(),
  /** Log-line forms: rows entered; other forms: 0 or 1. */
  lines: num().integer().min(0).required(),
});
export type TableRow = yup.InferType<typeof tableRowSchema> & { name: MetaText };

export const tableList = endpoint({
  name: 'tableList',
  path: '/edc/visit/tablelist.do',
  description: 'The forms of one visit of a subject, in order, with their entry status.',
  params: visitKeysSchema,
  data: yup.array(tableRowSchema).required(),
});

/** The visit endpoints, by name. */
export const visitEndpoints = { visitList, tableList } as const;
