/**
 * Study interchange (issue 17; docs/interchange.md): a study definition file (CDISC ODM 1.3.2 or a REDCap data
 * dictionary) is uploaded and imported as a draft with its report, previewed, then published as a new definition
 * version of the study; the study's definition and data leave as export jobs (ODM metadata, ODM ClinicalData, flat
 * CSV or xlsx per form) whose result downloads for 90 s (spec §9). The spec names no endpoint for this: the paths
 * follow its style, `/edc/interchange/<name>.do`.
 */
import * as cs from '../schema';
import { bool, endpoint, int, num, str } from './endpoint';
import { localizedTextSchema } from './localized';
import { fileAnswerSchema } from './fileAnswer';

/** Route of the import page (data managers). */
export const STUDY_IMPORT_PAGE = '/index/studyImport';
/** Route of the export page. */
export const STUDY_EXPORT_PAGE = '/index/studyExport';

/** A study definition file is text (XML or CSV): a few MB at most. */
export const STUDY_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Spec §9: a finished export downloads for 90 s, then a new export is needed. */
export const EXPORT_DOWNLOAD_VALID_MS = 90_000;

/** At most this many export jobs of one user may be queued or running at once; a further one is refused (429). */
export const MAX_ACTIVE_EXPORTS_PER_USER = 3;

/** The permissions of the interchange (role_permissions, fixtures/seed/interchange.json). */
export const INTERCHANGE_PERMISSIONS = {
  import: 'study.import',
  publish: 'study.publish',
  export: 'study.export',
} as const;

export const IMPORT_STATES = ['draft', 'published', 'discarded'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** What an export job writes. */
export const EXPORT_KINDS = ['odmMetadata', 'odmData', 'csv', 'xlsx'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type JobState = (typeof JOB_STATES)[number];

const values = () =>
  cs
    .object()
    .test('values', '${path} must map names to texts or numbers', (v: unknown) => {
      if (v === null || typeof v !== 'object') return false;
      return Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');
    })
    .required() as unknown as cs.Schema<Record<string, string | number>>;

export const importIssueSchema = cs.object({
  severity: str().oneOf(['error', 'warning', 'info']).required(),
  /** Where in the file (a CSV line and column, an ODM element path) or in a form (`form DM: sections[0]…`). */
  at: str().defined(),
  /** Catalogue id (`interchange.issue.*`), translated by the client. */
  messageId: str().required(),
  values: values(),
  /** The same, translated by the server in the request's locale (the client's fallback for an unknown id). */
  message: str().required(),
});
export type ImportIssueRow = cs.InferType<typeof importIssueSchema> & {
  severity: 'error' | 'warning' | 'info';
  values: Record<string, string | number>;
};

export const importedFormSchema = cs.object({
  tid: str().required(),
  formid: str().required(),
  name: localizedTextSchema.required(),
  /** The form schema as imported (RawFormSchema, docs/form-schema.md): the client previews it with the eCRF renderer. */
  schema: cs.object().required(),
  /** Whether it compiles with the imported code lists (a form that does not is an error of the report). */
  compiles: bool().required(),
  items: num().integer().min(0).required(),
});

export const importedVisitSchema = cs.object({
  visitnum: str().required(),
  name: localizedTextSchema.required(),
  kind: str().required(),
  tids: cs.array(str().required()).required(),
});

export const importedCodeListSchema = cs.object({
  name: str().required(),
  items: cs
    .array(cs.object({ codevalue: str().required(), codedesp: localizedTextSchema.required() }))
    .required(),
});

export const importSummarySchema = cs.object({
  importid: str().required(),
  filename: str().required(),
  /** `odm` | `redcap` | `unknown`. */
  format: str().required(),
  state: str()
    .oneOf([...IMPORT_STATES])
    .required(),
  username: str().required(),
  realname: str().required(),
  /** ISO 8601 UTC. */
  createdat: str().required(),
  errors: num().integer().min(0).required(),
  warnings: num().integer().min(0).required(),
  forms: num().integer().min(0).required(),
  /** The CRF version the publish made, or null. */
  crfver: str().nullable().defined(),
});
export type ImportSummary = cs.InferType<typeof importSummarySchema> & { state: ImportState };

export const importReportSchema = cs.object({
  summary: importSummarySchema.required(),
  /** What was read, by kind (forms, items, codeLists, visits, rules). */
  counts: cs
    .array(cs.object({ kind: str().required(), count: num().integer().min(0).required() }))
    .required(),
  /**
   * The report in three words (engine/interchange/outcomes.ts): imported items no finding names (faithful), findings
   * that changed something (approximated), findings that left something out (not supported), and notes.
   */
  outcomes: cs
    .object({
      items: num().integer().min(0).required(),
      faithfulItems: num().integer().min(0).required(),
      approximated: num().integer().min(0).required(),
      unsupported: num().integer().min(0).required(),
      notes: num().integer().min(0).required(),
    })
    .required(),
  issues: cs.array(importIssueSchema).required(),
  forms: cs.array(importedFormSchema).required(),
  visits: cs.array(importedVisitSchema).required(),
  codeLists: cs.array(importedCodeListSchema).required(),
  /** Whether the current user may publish it now (a draft without errors, permission study.publish). */
  canpublish: bool().required(),
});
export type ImportReport = Omit<cs.InferType<typeof importReportSchema>, 'summary' | 'issues'> & {
  summary: ImportSummary;
  issues: ImportIssueRow[];
};

export const jobSchema = cs.object({
  jobid: str().required(),
  kind: str().required(),
  state: str()
    .oneOf([...JOB_STATES])
    .required(),
  done: num().integer().min(0).required(),
  total: num().integer().min(0).required(),
  /** ISO 8601 UTC. */
  createdat: str().required(),
  finishedat: str().nullable().defined(),
  /** Until when the result downloads (ISO 8601 UTC), or null. */
  expiresat: str().nullable().defined(),
  filename: str().nullable().defined(),
  bytes: num().integer().min(0).nullable().defined(),
  /** Why it failed, in the request's locale, or null. */
  error: str().nullable().defined(),
  /** The site it is scoped to (null: all sites of the role). */
  sitecode: str().nullable().defined(),
});
export type JobRow = cs.InferType<typeof jobSchema> & { state: JobState };

const id = () => str().required().max(20).matches(/^\d+$/, '${path} must be a number');

export const interchangeAssess = endpoint({
  name: 'interchangeAssess',
  path: '/edc/interchange/assess.do',
  method: 'POST',
  upload: { field: 'file', maxBytes: STUDY_IMPORT_MAX_BYTES, kind: 'text' },
  description:
    'Imports a study definition file (multipart part `file`: one ODM 1.3.2 XML or REDCap data dictionary CSV, at most 5M, UTF-8 text, the format detected by content) as a draft: the report (counts, issues, the forms with their schemas, visits, code lists). Forms that do not compile are errors. Needs study.import. Nothing of the study changes.',
  params: cs.object({}),
  data: importReportSchema as unknown as cs.Schema<ImportReport>,
});

export const interchangeImports = endpoint({
  name: 'interchangeImports',
  path: '/edc/interchange/imports.do',
  description: "The study's imports, newest first. Needs study.import.",
  params: cs.object({ page: int().min(1).default(1), size: int().min(1).max(100).default(20) }),
  data: cs.object({
    list: cs.array(importSummarySchema).required(),
    total: num().integer().min(0).required(),
  }),
});

export const interchangeImport = endpoint({
  name: 'interchangeImport',
  path: '/edc/interchange/import.do',
  description: "One import's report. Needs study.import.",
  params: cs.object({ importid: id() }),
  data: importReportSchema as unknown as cs.Schema<ImportReport>,
});

export const interchangePublish = endpoint({
  name: 'interchangePublish',
  path: '/edc/interchange/publish.do',
  method: 'POST',
  description:
    'Publishes a draft import without errors as a new definition version of the study, in one transaction with its audit row: new form schema versions, visits added to the schedule, code lists added, a new current CRF version. Needs study.publish.',
  params: cs.object({ importid: id() }),
  data: importReportSchema as unknown as cs.Schema<ImportReport>,
});

export const interchangeDiscard = endpoint({
  name: 'interchangeDiscard',
  path: '/edc/interchange/discard.do',
  method: 'POST',
  description: 'Discards a draft import (it stays listed, as discarded). Needs study.import.',
  params: cs.object({ importid: id() }),
  data: importReportSchema as unknown as cs.Schema<ImportReport>,
});

export const interchangeExport = endpoint({
  name: 'interchangeExport',
  path: '/edc/interchange/export.do',
  method: 'POST',
  description:
    'Starts an export job of the study (`kind`: odmMetadata, odmData, csv, xlsx), scoped to the chosen site unless the role covers all sites. Needs study.export. Answers the job; it runs on the server and can be left and found again (jobs.do).',
  params: cs.object({
    kind: str()
      .oneOf([...EXPORT_KINDS])
      .required(),
    /** csv: the form exported (one CSV per form; default: the study's first form). */
    tid: str().max(64).nullable().default(null),
  }),
  data: jobSchema as unknown as cs.Schema<JobRow>,
});

export const interchangeJobs = endpoint({
  name: 'interchangeJobs',
  path: '/edc/interchange/jobs.do',
  description: "The current user's jobs in the study, newest first (state, progress, download validity).",
  params: cs.object({}),
  data: cs.object({ list: cs.array(jobSchema).required() }),
});

export const interchangeJob = endpoint({
  name: 'interchangeJob',
  path: '/edc/interchange/job.do',
  description: "One of the current user's jobs (polled for its progress).",
  params: cs.object({ jobid: id() }),
  data: jobSchema as unknown as cs.Schema<JobRow>,
});

export const interchangeDownload = endpoint({
  name: 'interchangeDownload',
  path: '/edc/interchange/download.do',
  description:
    "A finished job's file, streamed as binary (Content-Type, Content-Disposition with an RFC 6266 file name, Content-Length), for its owner in the role and site the job was started with, within 90 s of its finishing (spec §9); after that: expired, export again. A refusal is an envelope.",
  params: cs.object({ jobid: id() }),
  file: true,
  data: fileAnswerSchema,
});

export const exportFormSchema = cs.object({
  tid: str().required(),
  name: localizedTextSchema.required(),
});
export type ExportForm = cs.InferType<typeof exportFormSchema>;

export const interchangeForms = endpoint({
  name: 'interchangeForms',
  path: '/edc/interchange/forms.do',
  description:
    "The forms (eCRFs) of the study's current definition, in schedule order (tid and name of the newest version): what a CSV export may choose. Needs study.export.",
  params: cs.object({}),
  data: cs.object({ list: cs.array(exportFormSchema).required() }),
});

export const interchangeEndpoints = {
  interchangeAssess,
  interchangeImports,
  interchangeImport,
  interchangePublish,
  interchangeDiscard,
  interchangeExport,
  interchangeJobs,
  interchangeJob,
  interchangeDownload,
  interchangeForms,
} as const;
