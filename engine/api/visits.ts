/**
 * Visits (spec §7 `visit/…`): a subject's visits and the forms of one visit, with their entry status, and the visit
 * navigation keys (spec §3: visitnum, cycnum, svnum, tid, defvalue) every data endpoint is addressed by.
 */
import * as cs from '../schema';
import type { MetaText } from '../metadata/types';
import { bool, endpoint, int, nullData, num, str } from './endpoint';
import { metaTextSchema } from './lists';

/** A server text or null. */
const nullableMetaText = () =>
  cs
    .mixed<MetaText>()
    .nullable()
    .test(
      'meta-text-or-null',
      '${path} must be null, a string or { zh_CN, en }',
      (v) => v === null || metaTextSchema.isValidSync(v),
    )
    .defined();

/** A subject's visit, as visit navigation names it. */
export const visitKeysSchema = cs.object({
  subjectid: str().required().max(100),
  visitnum: str().required().max(32),
  cycnum: int().min(1).default(1),
  svnum: int().min(1).default(1),
});
export type VisitKeys = cs.InferType<typeof visitKeysSchema>;

/** One form of a visit. */
export const formKeysSchema = visitKeysSchema.shape({
  tid: str().required().max(64),
  defvalue: str().max(200).optional(),
});
export type FormKeys = cs.InferType<typeof formKeysSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Visit kinds, marks and what may be done (issue 12, visits and pages; docs/casebook-visits.md)

/**
 * scheduled: every subject has it; hidden: in the casebook only once added (savevisit); unscheduled: added any
 * number of times, each a new sub-visit (`svnum`); repeating: cycles added one after the other (addNextVisit,
 * `cycnum`).
 */
export const VISIT_KINDS = ['scheduled', 'hidden', 'unscheduled', 'repeating'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];
const visitKind = () =>
  str()
    .oneOf([...VISIT_KINDS])
    .required();

/** Marks of a page or visit (spec §4): not collected, not occurred, invalid (deactivated). */
export const CASEBOOK_MARKS = ['uncollected', 'unoccurred', 'invalid'] as const;
export type CasebookMarkKind = (typeof CASEBOOK_MARKS)[number];

/** What activedata.do does: set one of the marks, or lift the mark (activate: valid again). */
export const MARK_ACTIONS = ['uncollected', 'unoccurred', 'deactivate', 'activate'] as const;
export type MarkAction = (typeof MARK_ACTIONS)[number];
/** The mark each setting action sets. */
export const MARK_OF_ACTION = {
  uncollected: 'uncollected',
  unoccurred: 'unoccurred',
  deactivate: 'invalid',
} as const satisfies Record<Exclude<MarkAction, 'activate'>, CasebookMarkKind>;

export const markSchema = cs.object({
  mark: str()
    .oneOf([...CASEBOOK_MARKS])
    .required(),
  reasoncode: str().required(),
  /** The reason of the dictionary (invalidationreason.do). */
  reason: metaTextSchema.required(),
  /** The free text given with it, or null. */
  reasontext: str().nullable().defined(),
  realname: str().required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type CasebookMark = cs.InferType<typeof markSchema> & { reason: MetaText };

/** What the session may do to a visit (visitlist.do `actions`). */
export const VISIT_ACTIONS = [
  'addNextVisit',
  'deleteVisit',
  'delCurrentVisit',
  'addForm',
  'uncollected',
  'unoccurred',
  'deactivate',
  'activate',
] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];

/** What the session may do to a page (tablelist.do `actions`). */
export const PAGE_ACTIONS = ['removeForm', 'uncollected', 'unoccurred', 'deactivate', 'activate'] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** Entry status of a form (and, aggregated, of a visit): not entered, entered (with errors or warnings), complete. */
export const ENTRY_STATUSES = ['0', '1', '2'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const entryStatus = () =>
  str()
    .oneOf([...ENTRY_STATUSES])
    .required();

export const visitRowSchema = cs.object({
  visitnum: str().required(),
  cycnum: num().integer().min(1).required(),
  svnum: num().integer().min(1).required(),
  name: metaTextSchema.required(),
  /** yyyy-MM-dd, or null when the visit has no date yet. */
  visitdate: str().nullable().defined(),
  status: entryStatus(),
  formCount: num().integer().min(0).required(),
  enteredCount: num().integer().min(0).required(),
  /** How the schedule holds the visit (docs/casebook-visits.md). */
  kind: visitKind(),
  /** Whether a user added it (savevisit, addNextVisit): only such a visit may be deleted, and only while empty. */
  added: bool().required(),
  /** The visit's own mark (not the marks of its pages), or null. */
  mark: markSchema.nullable().defined(),
  /** What the session may do to the visit now (role permission, subject state, the visit's data and marks). */
  actions: cs
    .array(
      str()
        .oneOf([...VISIT_ACTIONS])
        .required(),
    )
    .required(),
});
export type VisitRow = cs.InferType<typeof visitRowSchema> & {
  name: MetaText;
  mark: CasebookMark | null;
  actions: VisitAction[];
};

export const visitList = endpoint({
  name: 'visitList',
  path: '/edc/visit/visitlist.do',
  description:
    "A subject's visits in schedule order with their entry status (subject at a site the role covers).",
  params: cs.object({ subjectid: str().required().max(100) }),
  data: cs.array(visitRowSchema).required(),
});

export const tableRowSchema = cs.object({
  tid: str().required(),
  formid: str().required(),
  name: metaTextSchema.required(),
  reftype: str().required(),
  logline: cs.boolean().strict().required(),
  status: entryStatus(),
  /** Log-line forms: rows entered; other forms: 0 or 1. */
  lines: num().integer().min(0).required(),
  /** An optional form added to this visit on demand (updateVisitTable): it may be removed while empty. */
  optional: bool().required(),
  /** The page's own mark, or null (a mark of the whole visit is the visit's). */
  mark: markSchema.nullable().defined(),
  actions: cs
    .array(
      str()
        .oneOf([...PAGE_ACTIONS])
        .required(),
    )
    .required(),
});
export type TableRow = cs.InferType<typeof tableRowSchema> & {
  name: MetaText;
  mark: CasebookMark | null;
  actions: PageAction[];
};

export const tableList = endpoint({
  name: 'tableList',
  path: '/edc/visit/tablelist.do',
  description: 'The forms of one visit of a subject, in order, with their entry status.',
  params: visitKeysSchema,
  data: cs.array(tableRowSchema).required(),
});

// ---------------------------------------------------------------------------------------------------------------
// Adding and deleting visits and forms (issue 12; docs/casebook-visits.md)

const subjectIdParam = () => str().required().max(100);
const visitnumParam = () => str().required().max(32);
/** yyyy-MM-dd or null. */
const dateParam = () =>
  str()
    .nullable()
    .defined()
    .matches(/^\d{4}-\d{2}-\d{2}$/, '${path} must be yyyy-MM-dd');

export const selectableVisitSchema = cs.object({
  visitnum: str().required(),
  name: metaTextSchema.required(),
  kind: visitKind(),
});
export type SelectableVisit = cs.InferType<typeof selectableVisitSchema> & { name: MetaText };

export const hideVisitList = endpoint({
  name: 'hideVisitList',
  path: '/edc/visit/hidevisitlist.do',
  description:
    "The visits of the schedule the subject's casebook does not show and that may be added now (hidden visits not added yet, unscheduled visits), and whether the session may add visits to the subject at all (permission visit.add, subject state).",
  params: cs.object({ subjectid: subjectIdParam() }),
  data: cs.object({
    allowed: bool().required(),
    visits: cs.array(selectableVisitSchema).required(),
  }),
});

export const saveVisit = endpoint({
  name: 'saveVisit',
  path: '/edc/visit/savevisit.do',
  method: 'POST',
  description:
    "Adds a hidden visit, or a new sub-visit (svnum) of an unscheduled visit, to the subject's casebook, optionally dated; audited in the same transaction. 'no selectable visit name, cannot add visit' when none is left. Needs visit.add.",
  params: cs.object({
    subjectid: subjectIdParam(),
    visitnum: visitnumParam(),
    /** yyyy-MM-dd; absent or null: no date yet. */
    visitdate: dateParam().optional(),
  }),
  data: visitRowSchema,
});

export const addNextVisit = endpoint({
  name: 'addNextVisit',
  path: '/edc/visit/addNextVisit.do',
  method: 'POST',
  description:
    "Adds the next cycle (cycnum) of a repeating visit after the subject's last one; audited. Needs visit.add.",
  params: cs.object({ subjectid: subjectIdParam(), visitnum: visitnumParam() }),
  data: visitRowSchema,
});

export const deleteVisit = endpoint({
  name: 'deleteVisit',
  path: '/edc/visit/deletevisit.do',
  method: 'POST',
  description:
    'Deletes a visit a user added (hidden, unscheduled, or the only cycle of a repeating one) while it holds no data and no mark; audited. Later cycles of a repeating visit are deleted with delCurrentVisit. Needs visit.delete.',
  params: visitKeysSchema,
  data: nullData,
});

export const delCurrentVisit = endpoint({
  name: 'delCurrentVisit',
  path: '/edc/visit/delCurrentVisit.do',
  method: 'POST',
  description:
    'Deletes the last cycle of a repeating visit (never one in the middle: spec §5), while it holds no data and no mark; audited. Needs visit.delete.',
  params: cs.object({ subjectid: subjectIdParam(), visitnum: visitnumParam() }),
  data: nullData,
});

export const hideTableList = endpoint({
  name: 'hideTableList',
  path: '/edc/visit/hidetablelist.do',
  description:
    "The optional forms of a subject's visit not added yet (add eCRF), and whether the session may add forms to it.",
  params: visitKeysSchema,
  data: cs.object({
    allowed: bool().required(),
    forms: cs.array(cs.object({ tid: str().required(), name: metaTextSchema.required() })).required(),
  }),
});

export const VISIT_TABLE_ACTIONS = ['add', 'remove'] as const;

export const updateVisitTable = endpoint({
  name: 'updateVisitTable',
  path: '/edc/visit/updateVisitTable.do',
  method: 'POST',
  description:
    "Adds an optional form to a subject's visit (add eCRF; visit.add), or removes one that was added while it holds no data and no mark (visit.delete); audited. Answers the visit's forms.",
  params: visitKeysSchema.shape({
    tid: str().required().max(64),
    action: str()
      .oneOf([...VISIT_TABLE_ACTIONS])
      .required(),
  }),
  data: cs.array(tableRowSchema).required(),
});

// ---------------------------------------------------------------------------------------------------------------
// Marks: not collected, not occurred, invalid / valid again (spec §4, §5; endpoints of spec §7 `data:`)

/** A page (tid) or, with `tid` empty, the whole visit. */
const markTargetSchema = visitKeysSchema.shape({ tid: str().max(64).optional() });

export const invalidationReasonSchema = cs.object({
  code: str().required(),
  text: metaTextSchema.required(),
  /** The reason asks for a free text as well. */
  needsText: bool().required(),
});
export type InvalidationReason = cs.InferType<typeof invalidationReasonSchema> & { text: MetaText };

export const invalidationReason = endpoint({
  name: 'invalidationReason',
  path: '/edc/data/invalidationreason.do',
  description:
    "The study's reasons for marking a page or visit not collected, not occurred, invalid or valid again, in order.",
  params: cs.object({}),
  data: cs.array(invalidationReasonSchema).required(),
});

const checkAnswerSchema = cs.object({
  allowed: bool().required(),
  /** Why not (null when allowed), in the request's locale. */
  message: str().nullable().defined(),
  /** Pages the mark reaches (1 for a page; the visit's forms for a visit). */
  pages: num().integer().min(0).required(),
  /** Of those, pages with entered data. */
  entered: num().integer().min(0).required(),
  /** The target's current mark, or null. */
  mark: markSchema.nullable().defined(),
});
export type MarkCheck = cs.InferType<typeof checkAnswerSchema> & { mark: CasebookMark | null };

export const checkDataCaseBook = endpoint({
  name: 'checkDataCaseBook',
  path: '/edc/data/checkDataCaseBook.do',
  description:
    'Whether a page or visit may be marked not collected, not occurred or invalid now (asked before the reason): not collected and not occurred only without entered data; never over a mark.',
  params: markTargetSchema.shape({
    action: str().oneOf(['uncollected', 'unoccurred', 'deactivate']).required(),
  }),
  data: checkAnswerSchema,
});

export const checkActiveByCaseBook = endpoint({
  name: 'checkActiveByCaseBook',
  path: '/edc/data/checkActiveByCaseBook.do',
  description:
    'Whether a marked page or visit may be made valid again (activated) now, with its current mark.',
  params: markTargetSchema,
  data: checkAnswerSchema,
});

/** The free text of the reason (required when the reason asks one); absent: none. */
const reasonTextParam = () => str().max(500).optional();

export const activeData = endpoint({
  name: 'activeData',
  path: '/edc/data/activedata.do',
  method: 'POST',
  description:
    'Marks a page or visit not collected, not occurred or invalid (deactivate), or lifts its mark (activate), with a reason of the invalidationreason dictionary (and its text when the reason asks one); checked again as checkDataCaseBook / checkActiveByCaseBook do; audited in the same transaction. Needs page.mark.',
  params: markTargetSchema.shape({
    action: str()
      .oneOf([...MARK_ACTIONS])
      .required(),
    reasoncode: str().required().max(64),
    reasontext: reasonTextParam(),
  }),
  data: cs.object({ mark: markSchema.nullable().defined() }),
});

export const markedPageSchema = cs.object({
  visitnum: str().required(),
  cycnum: num().integer().min(1).required(),
  svnum: num().integer().min(1).required(),
  visitname: metaTextSchema.required(),
  /** '' for a whole visit. */
  tid: str().defined(),
  formname: nullableMetaText(),
  mark: markSchema.required(),
});
export type MarkedPage = cs.InferType<typeof markedPageSchema> & {
  visitname: MetaText;
  formname: MetaText | null;
  mark: CasebookMark;
};

export const disUnCollected = endpoint({
  name: 'disUnCollected',
  path: '/edc/data/disUnCollected.do',
  description:
    "The subject's pages and visits marked not collected, in schedule order, with reason, who and when.",
  params: cs.object({ subjectid: subjectIdParam() }),
  data: cs.array(markedPageSchema).required(),
});

export const disUnHappen = endpoint({
  name: 'disUnHappen',
  path: '/edc/data/disUnHappen.do',
  description:
    "The subject's pages and visits marked not occurred, in schedule order, with reason, who and when.",
  params: cs.object({ subjectid: subjectIdParam() }),
  data: cs.array(markedPageSchema).required(),
});

export const VISIT_AUDIT_ACTIONS = [
  'addVisit',
  'deleteVisit',
  'addForm',
  'removeForm',
  'mark',
  'unmark',
] as const;

export const visitAuditRowSchema = cs.object({
  id: str().required(),
  action: str()
    .oneOf([...VISIT_AUDIT_ACTIONS])
    .required(),
  visitnum: str().required(),
  cycnum: num().integer().min(1).required(),
  svnum: num().integer().min(1).required(),
  visitname: metaTextSchema.required(),
  tid: str().defined(),
  formname: nullableMetaText(),
  /** mark/unmark: the mark set or lifted; addVisit: the visit date given. */
  originalvalue: str().nullable().defined(),
  currentvalue: str().nullable().defined(),
  reason: nullableMetaText(),
  reasontext: str().nullable().defined(),
  username: str().required(),
  realname: str().required(),
  role: metaTextSchema.required(),
  sitecode: str().required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type VisitAuditRow = cs.InferType<typeof visitAuditRowSchema> & {
  visitname: MetaText;
  formname: MetaText | null;
  reason: MetaText | null;
  role: MetaText;
};

export const visitAudit = endpoint({
  name: 'visitAudit',
  path: '/edc/visit/visitaudit.do',
  description:
    "The subject's visit audit trail, oldest first: visits added and deleted, forms added and removed, marks set and lifted, with reason, who, role, site and when.",
  params: cs.object({ subjectid: subjectIdParam() }),
  data: cs.array(visitAuditRowSchema).required(),
});

/** The visit endpoints, by name. */
export const visitEndpoints = {
  visitList,
  tableList,
  hideVisitList,
  saveVisit,
  addNextVisit,
  deleteVisit,
  delCurrentVisit,
  hideTableList,
  updateVisitTable,
  invalidationReason,
  checkDataCaseBook,
  checkActiveByCaseBook,
  activeData,
  disUnCollected,
  disUnHappen,
  visitAudit,
} as const;
