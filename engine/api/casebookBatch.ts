/**
 * Casebook batch operations (spec §2 "batch operations in 3 steps (type and version, visit and CRF, site and
 * subject)", §5 "Date, type, version, form/variable required in batch operations") and the event types of the study
 * (spec §7 `dataevent/eventtype`): docs/casebook-batch-operations.md.
 *
 * A batch operation marks one form of one visit in many subjects' casebooks at once — not collected, not occurred
 * (pages without data) or invalid (pages with data) — with a reason, for the subjects of the chosen site on one eCRF
 * version, in visits dated on or before a date. The preview answers exactly what the run would touch; the run is one
 * transaction (every page or none) and answers 'Batch job successfully'.
 */
import * as yup from 'yup';
import { bool, endpoint, num, str } from './endpoint';
import { metaTextSchema } from './lists';
import { VISIT_KINDS } from './visits';

// ---------------------------------------------------------------------------------------------------------------
// Event types (spec §7 dataevent/eventtype)

const eventFormSchema = yup.object({ tid: str().required(), name: metaTextSchema.required() });

const eventSchema = yup.object({
  visitnum: str().required(),
  name: metaTextSchema.required(),
  /** The forms of the visit: the scheduled ones, then the optional ones (added on demand). */
  forms: yup.array(eventFormSchema).required(),
});

const eventTypeSchema = yup.object({
  /** A visit kind: scheduled, hidden, unscheduled, repeating (docs/casebook-visits.md). */
  type: str()
    .oneOf([...VISIT_KINDS])
    .required(),
  events: yup.array(eventSchema).required(),
});
export type EventType = yup.InferType<typeof eventTypeSchema>;

export const eventType = endpoint({
  name: 'eventType',
  path: '/edc/dataevent/eventtype.do',
  description:
    "The study's event types — the visit kinds of its schedule (scheduled, hidden, unscheduled, repeating), each with its visits in schedule order and each visit's forms — for the visit and page searches and the batch operations' visit and CRF step. Optional `type` answers one kind. Needs the subject page.",
  params: yup.object({
    type: str()
      .oneOf([...VISIT_KINDS])
      .optional(),
  }),
  data: yup.array(eventTypeSchema).required(),
});

// ---------------------------------------------------------------------------------------------------------------
// Batch operations

/** What a batch operation does to each page it reaches (activedata.do's actions, minus activate). */
export const BATCH_TYPES = ['uncollected', 'unoccurred', 'deactivate'] as const;
export type BatchType = (typeof BATCH_TYPES)[number];

/** At most this many pages per run (a larger batch is narrowed by date or subjects). */
export const MAX_BATCH_PAGES = 2000;

const batchParamsSchema = yup.object({
  /** Step 1: the type and the eCRF version (only subjects on it). */
  type: str()
    .oneOf([...BATCH_TYPES])
    .required(),
  crfver: str().required().max(64),
  /** Step 2: the visit and the CRF (form), and the date: visits dated on or before it. */
  visitnum: str().required().max(32),
  tid: str().required().max(64),
  date: str()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/, '${path} must be yyyy-MM-dd'),
  reasoncode: str().required().max(64),
  reasontext: str().max(500).optional(),
  /** Step 3: the site is the chosen one; the subjects (ids) — empty: every subject of the site on that version. */
  subjectids: yup.array(str().required().max(100)).max(2000).default([]),
});
export type BatchParams = yup.InferType<typeof batchParamsSchema>;

const batchPageSchema = yup.object({
  subjectid: str().required(),
  subjid: str().required(),
  visitnum: str().required(),
  cycnum: num().integer().min(1).required(),
  svnum: num().integer().min(1).required(),
  tid: str().required(),
  /** The visit's date (yyyy-MM-dd). */
  visitdate: str().required(),
});
export type BatchPage = yup.InferType<typeof batchPageSchema>;

const skippedSchema = batchPageSchema.shape({
  /** Why the page is left as it is, in the request's locale. */
  reason: str().required(),
});
export type BatchSkipped = yup.InferType<typeof skippedSchema>;

const previewSchema = yup.object({
  /** The pages the run would mark (at most MAX_BATCH_PAGES + 1 listed: more is refused). */
  pages: yup.array(batchPageSchema).required(),
  /** Pages of the chosen visits left as they are, with why (first 200). */
  skipped: yup.array(skippedSchema).required(),
  counts: yup
    .object({
      subjects: num().integer().min(0).required(),
      visits: num().integer().min(0).required(),
      pages: num().integer().min(0).required(),
      skipped: num().integer().min(0).required(),
    })
    .required(),
  /** A digest of the pages: the run is refused when what it would touch is no longer what was previewed. */
  token: str().required(),
});
export type BatchPreview = yup.InferType<typeof previewSchema>;

export const batchPreview = endpoint({
  name: 'batchPreview',
  path: '/edc/visit/batchpreview.do',
  method: 'POST',
  description:
    'What a batch operation would change, before it runs: the pages it would mark (subject, visit, form, visit date), those it would leave and why, counts, and a token naming exactly those pages. Writes nothing. Needs page.mark.',
  params: batchParamsSchema,
  data: previewSchema,
});

export const batchRun = endpoint({
  name: 'batchRun',
  path: '/edc/visit/batchrun.do',
  method: 'POST',
  description:
    "Runs a previewed batch operation: the same parameters and the preview's token; refused (nothing written) when the pages it would touch changed since the preview. Marks every page and writes each one's visit audit row in one transaction, all or nothing; answers 'Batch job successfully' with the counts. Needs page.mark.",
  params: batchParamsSchema.shape({ token: str().required().max(128) }),
  data: yup.object({
    done: bool().required(),
    message: str().required(),
    counts: yup
      .object({
        subjects: num().integer().min(0).required(),
        visits: num().integer().min(0).required(),
        pages: num().integer().min(0).required(),
      })
      .required(),
  }),
});

export const casebookBatchEndpoints = { eventType, batchPreview, batchRun } as const;
