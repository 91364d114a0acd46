/**
 * Casebook batch operations (spec §2 "batch operations in 3 steps (type and version, visit and CRF, site and
 * subject)", §5 "Date, type, version, form/variable required in batch operations") and the event types of the study
 * (spec §7 `dataevent/eventtype`): docs/casebook-batch-operations.md.
 *
 * A batch operation marks one form of one visit in many subjects' casebooks at once — not collected, not occurred
 * (pages without data) or invalid (pages with data) — with a reason, for the subjects of the chosen site on one eCRF
 * version, in visits dated on or before a date. The preview answers exactly what the run would touch; the run is a
 * job on the server (progress, can be left and found again) that writes in one transaction (every page or none) and
 * ends with 'Batch job successfully'.
 */
import * as cs from '../schema';
import { endpoint, num, str } from './endpoint';
import { metaTextSchema } from './lists';
import { VISIT_KINDS } from './visits';

// ---------------------------------------------------------------------------------------------------------------
// Event types (spec §7 dataevent/eventtype)

const eventFormSchema = cs.object({ tid: str().required(), name: metaTextSchema.required() });

const eventSchema = cs.object({
  visitnum: str().required(),
  name: metaTextSchema.required(),
  /** The forms of the visit: the scheduled ones, then the optional ones (added on demand). */
  forms: cs.array(eventFormSchema).required(),
});

const eventTypeSchema = cs.object({
  /** A visit kind: scheduled, hidden, unscheduled, repeating (docs/casebook-visits.md). */
  type: str()
    .oneOf([...VISIT_KINDS])
    .required(),
  events: cs.array(eventSchema).required(),
});
export type EventType = cs.InferType<typeof eventTypeSchema>;

export const eventType = endpoint({
  name: 'eventType',
  path: '/edc/dataevent/eventtype.do',
  description:
    "The study's event types — the visit kinds of its schedule (scheduled, hidden, unscheduled, repeating), each with its visits in schedule order and each visit's forms — for the visit and page searches and the batch operations' visit and CRF step. Optional `type` answers one kind. Needs the subject page.",
  params: cs.object({
    type: str()
      .oneOf([...VISIT_KINDS])
      .optional(),
  }),
  data: cs.array(eventTypeSchema).required(),
});

// ---------------------------------------------------------------------------------------------------------------
// Batch operations

/** What a batch operation does to each page it reaches (activedata.do's actions, minus activate). */
export const BATCH_TYPES = ['uncollected', 'unoccurred', 'deactivate'] as const;
export type BatchType = (typeof BATCH_TYPES)[number];

/** At most this many pages per run (a larger batch is narrowed by date or subjects). */
export const MAX_BATCH_PAGES = 2000;

const batchParamsSchema = cs.object({
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
  subjectids: cs.array(str().required().max(100)).max(2000).default([]),
});
export type BatchParams = cs.InferType<typeof batchParamsSchema>;

const batchPageSchema = cs.object({
  subjectid: str().required(),
  subjid: str().required(),
  visitnum: str().required(),
  cycnum: num().integer().min(1).required(),
  svnum: num().integer().min(1).required(),
  tid: str().required(),
  /** The visit's date (yyyy-MM-dd). */
  visitdate: str().required(),
});
export type BatchPage = cs.InferType<typeof batchPageSchema>;

const skippedSchema = batchPageSchema.shape({
  /** Why the page is left as it is, in the request's locale. */
  reason: str().required(),
});
export type BatchSkipped = cs.InferType<typeof skippedSchema>;

const previewSchema = cs.object({
  /** The pages the run would mark (at most MAX_BATCH_PAGES + 1 listed: more is refused). */
  pages: cs.array(batchPageSchema).required(),
  /** Pages of the chosen visits left as they are, with why (first 200). */
  skipped: cs.array(skippedSchema).required(),
  counts: cs
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
export type BatchPreview = cs.InferType<typeof previewSchema>;

export const batchPreview = endpoint({
  name: 'batchPreview',
  path: '/edc/visit/batchpreview.do',
  method: 'POST',
  description:
    'What a batch operation would change, before it runs: the pages it would mark (subject, visit, form, visit date), those it would leave and why, counts, and a token naming exactly those pages. Writes nothing. Needs page.mark.',
  params: batchParamsSchema,
  data: previewSchema,
});

/** A batch run's states (a job on the server: docs/casebook-batch-jobs.md). */
export const BATCH_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type BatchJobState = (typeof BATCH_JOB_STATES)[number];

const batchCountsSchema = cs.object({
  subjects: num().integer().min(0).required(),
  visits: num().integer().min(0).required(),
  pages: num().integer().min(0).required(),
});

/** One batch run: what it marks, its state and progress, and its answer ('Batch job successfully') or refusal. */
export const batchJobSchema = cs.object({
  jobid: str().required(),
  state: str()
    .oneOf([...BATCH_JOB_STATES])
    .required(),
  /** Progress: pages written of the pages to mark. */
  done: num().integer().min(0).required(),
  total: num().integer().min(0).required(),
  type: str()
    .oneOf([...BATCH_TYPES])
    .required(),
  crfver: str().required(),
  visitnum: str().required(),
  tid: str().required(),
  /** What the preview counted (the run marks exactly these, or nothing). */
  counts: batchCountsSchema.required(),
  /** Done: 'Batch job successfully …' in the request's locale; else null. */
  message: str().nullable().defined(),
  /** Failed: why (nothing was written), in the request's locale; else null. */
  error: str().nullable().defined(),
  /** ISO 8601 UTC. */
  createdat: str().required(),
  finishedat: str().nullable().defined(),
});
export type BatchJob = cs.InferType<typeof batchJobSchema> & { state: BatchJobState; type: BatchType };

const jobId = () => str().required().max(20).matches(/^\d+$/, '${path} must be a number');

export const batchRun = endpoint({
  name: 'batchRun',
  path: '/edc/visit/batchrun.do',
  method: 'POST',
  description:
    "Starts a previewed batch operation as a job: the same parameters and the preview's token; refused (nothing written, no job) when the pages it would touch changed since the preview. Answers the queued job (batchjob.do follows it): the job marks every page, writes each one's visit audit row and runs the mark hooks (a signed page's signature breaks) in one transaction, all or nothing, reporting progress; done, it says 'Batch job successfully'. Needs page.mark.",
  params: batchParamsSchema.shape({ token: str().required().max(128) }),
  data: batchJobSchema as unknown as cs.Schema<BatchJob>,
});

export const batchJobs = endpoint({
  name: 'batchJobs',
  path: '/edc/visit/batchjobs.do',
  description:
    "The current user's batch runs in the study, newest first (state, progress, answer): a run left while it works is found again here. Needs page.mark.",
  params: cs.object({}),
  data: cs.object({ list: cs.array(batchJobSchema).required() }) as unknown as cs.Schema<{
    list: BatchJob[];
  }>,
});

export const batchJob = endpoint({
  name: 'batchJob',
  path: '/edc/visit/batchjob.do',
  description: "One of the current user's batch runs (polled for its progress). Needs page.mark.",
  params: cs.object({ jobid: jobId() }),
  data: batchJobSchema as unknown as cs.Schema<BatchJob>,
});

export const casebookBatchEndpoints = { eventType, batchPreview, batchRun, batchJobs, batchJob } as const;
