/**
 * The casebook's subject management (issue 12, docs/casebook-batch.md): batch upload of subjects from an xlsx file
 * (template, assessment with its downloadable report, import), abandoning a subject, and moving a subject to
 * another site. The spec names none of these paths (§7 lists `subject:` endpoints without them); they follow its
 * pattern `/edc/subject/<name>.do`.
 */
import * as cs from '../schema';
import { bool, endpoint, int, num, str } from './endpoint';
import { subjectRowSchema } from './subjects';

/** Spec §5 / §9: batch files are xlsx, at most 30M, one at a time. */
export const BATCH_FILE_MAX_BYTES = 30 * 1024 * 1024;
/** Spec §9: a downloaded assessment result is valid 90 s (its report, and the import of the assessed file). */
export const BATCH_ASSESSMENT_VALID_MS = 90_000;
/** At most this many problems are listed in the answer (the downloadable report has all of them). */
export const BATCH_PROBLEMS_SHOWN = 200;

/** The columns of a batch file, in the template's order; `subjid` is required, the rest optional. */
export const BATCH_COLUMNS = ['subjid', 'initials', 'sex', 'birthdate', 'protover', 'crfver'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** A file the server sends for download: its name, content type and bytes (base64). */
export const downloadFileSchema = cs.object({
  filename: str().required(),
  mimetype: str().required(),
  base64: str().required(),
});
export type DownloadFile = cs.InferType<typeof downloadFileSchema>;

export const batchProblemSchema = cs.object({
  /** The sheet's row number (1 is the header row). */
  row: num().integer().min(1).required(),
  /** The column the problem is about (null: the whole row). */
  column: str().nullable().defined(),
  /** The cell's value as read (null when empty). */
  value: str().nullable().defined(),
  /** What is wrong, in the request's locale. */
  message: str().required(),
});
export type BatchProblem = cs.InferType<typeof batchProblemSchema>;

export const batchAssessmentSchema = cs.object({
  assessmentid: str().required(),
  filename: str().required(),
  /** Rows read (blank rows are skipped). */
  rows: num().integer().min(0).required(),
  /** Rows without a problem. */
  valid: num().integer().min(0).required(),
  /** Every problem found (the first BATCH_PROBLEMS_SHOWN; `problemcount` counts all). */
  problems: cs.array(batchProblemSchema).required(),
  problemcount: num().integer().min(0).required(),
  /** Whether the file may be imported: rows to import and no problem (nothing is ever half-imported). */
  canimport: bool().required(),
  /** ISO 8601 UTC: until then the report may be downloaded and the file imported. */
  expiresat: str().required(),
});
export type BatchAssessment = cs.InferType<typeof batchAssessmentSchema>;

export const subjectBatchTemplate = endpoint({
  name: 'subjectBatchTemplate',
  path: '/edc/subject/batchtemplate.do',
  description:
    "The batch upload template (xlsx): the columns with the study's pattern, versions and codes, and a sample row (in the request's locale). Needs subject.batchUpload.",
  params: cs.object({}),
  data: downloadFileSchema,
});

export const subjectBatchAssess = endpoint({
  name: 'subjectBatchAssess',
  path: '/edc/subject/batchassess.do',
  method: 'POST',
  upload: { field: 'file', maxBytes: BATCH_FILE_MAX_BYTES, kind: 'xlsx' },
  description:
    'Assesses a batch file of subjects for the chosen site (multipart part `file`: one xlsx, at most 30M, checked by content): every row checked as savesubject.do would, the problems per row; valid 90 s. Needs subject.batchUpload. Nothing is added.',
  params: cs.object({}),
  data: batchAssessmentSchema,
});

export const subjectBatchReport = endpoint({
  name: 'subjectBatchReport',
  path: '/edc/subject/batchreport.do',
  description:
    "An assessment's report (xlsx: every problem with its row, column and value), while the assessment is valid (90 s), to the user who made it.",
  params: cs.object({ assessmentid: str().required().max(100) }),
  data: downloadFileSchema,
});

export const subjectBatchImport = endpoint({
  name: 'subjectBatchImport',
  path: '/edc/subject/batchimport.do',
  method: 'POST',
  description:
    'Imports an assessed batch file without problems, while the assessment is valid (90 s), once: every row checked again and added in one transaction (each subject audited), or nothing at all.',
  params: cs.object({ assessmentid: str().required().max(100) }),
  data: cs.object({
    imported: num().integer().min(0).required(),
    subjids: cs.array(str().required()).required(),
  }),
});

export const abandonSubject = endpoint({
  name: 'abandonSubject',
  path: '/edc/subject/abandonsubject.do',
  method: 'POST',
  description:
    "Abandons a subject (spec §4: irreversible): its info and CRF data leave the casebook, its audit trail keeps every value. A reason and the user's password (re-authentication, counted and limited like validationSignUser.do). Needs subject.abandon.",
  params: cs.object({
    subjectid: str().required().max(100),
    updatedat: str().required().max(40),
    reason: str().defined().max(500),
    password: str().required().max(200),
  }),
  data: cs.object({ subjectid: str().required(), subjid: str().required(), abandonedat: str().required() }),
});

export const transferSiteSchema = cs.object({
  siteid: str().required(),
  sitecode: str().required(),
  sitename: str().required(),
});
export type TransferSite = cs.InferType<typeof transferSiteSchema>;

/** Page of the subject transfer (a management page, spec §2). */
export const SUBJECT_TRANSFER_PAGE = '/index/subjectTransfer';

export const transferSites = endpoint({
  name: 'transferSites',
  path: '/edc/subject/transfersites.do',
  description:
    "The subjects of the chosen site that may be moved, and the study's other sites they may move to. Needs subject.transfer.",
  params: cs.object({}),
  data: cs.object({
    subjects: cs.array(subjectRowSchema).required(),
    sites: cs.array(transferSiteSchema).required(),
  }),
});

export const transferRowSchema = cs.object({
  id: str().required(),
  subjid: str().required(),
  fromsite: str().required(),
  tosite: str().required(),
  reason: str().required(),
  username: str().required(),
  realname: str().required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type TransferRow = cs.InferType<typeof transferRowSchema>;

export const transferList = endpoint({
  name: 'transferList',
  path: '/edc/subject/transferlist.do',
  description:
    'The transfers into or out of the chosen site, newest first (both sites see a move). Needs the subject transfer page.',
  params: cs.object({ page: int().min(1).default(1), size: int().min(1).max(100).default(20) }),
  data: cs.object({
    list: cs.array(transferRowSchema).required(),
    total: num().integer().min(0).required(),
  }),
});

export const transferSubject = endpoint({
  name: 'transferSubject',
  path: '/edc/subject/transfersubject.do',
  method: 'POST',
  description:
    'Moves a subject of the chosen site to another site of the study with a reason; it keeps its data and audit trail; the move is audited and logged for both sites in the same transaction. Needs subject.transfer.',
  params: cs.object({
    subjectid: str().required().max(100),
    updatedat: str().required().max(40),
    tositeid: str().required().max(100),
    reason: str().defined().max(500),
  }),
  data: subjectRowSchema,
});

/** The subject management endpoints, by name. */
export const subjectManagementEndpoints = {
  subjectBatchTemplate,
  subjectBatchAssess,
  subjectBatchReport,
  subjectBatchImport,
  abandonSubject,
  transferSites,
  transferList,
  transferSubject,
} as const;
