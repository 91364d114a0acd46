/**
 * Subjects (spec §7 `subject/…`): the subject list and one subject, scoped by the server to the site chosen at
 * /checkRole.
 */
import * as cs from '../schema';
import type { MetaText } from '../metadata/types';
import { bool, endpoint, num, str } from './endpoint';
import { listPageSchema, listParamsSchema, metaTextSchema } from './lists';

/** Subject status codes (code list SUBJSTATUS). */
export const SUBJECT_STATUSES = ['1', '2', '3', '4', '5'] as const;

export const subjectRowSchema = cs.object({
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
export type SubjectRow = cs.InferType<typeof subjectRowSchema>;

/** Page of /index/subjects (and the standalone /subjects): the server refuses roles that may not open it. */
export const SUBJECTS_PAGE = '/index/subjects';
/** listKey of the subject list (its search fields, column set and the user's shown search items). */
export const SUBJECT_LIST_KEY = 'subjects';

export const subjectList = endpoint({
  name: 'subjectList',
  path: '/edc/subject/subjectlist.do',
  method: 'POST',
  openParams: true,
  description:
    'One page of the subjects at the site chosen at /checkRole, filtered by the search params (names from selectSearchFields.do, listKey `subjects`) and sorted by `orderByField`/`asc`.',
  params: listParamsSchema,
  data: listPageSchema(subjectRowSchema),
});

export const subjectInfo = endpoint({
  name: 'subjectInfo',
  path: '/edc/subject/subjectinfo.do',
  description:
    'One subject, when it is at the site chosen at /checkRole (otherwise success:false, as for an unknown id).',
  params: cs.object({ subjectid: str().required().max(100) }),
  data: subjectRowSchema,
});

// ---------------------------------------------------------------------------------------------------------------
// Casebook: adding a subject, its base info, its workflow state (issue 12; docs/casebook.md)

/** Subject status codes by name (code list SUBJSTATUS). */
export const SUBJECT_STATUS = {
  screening: '1',
  enrolled: '2',
  completed: '3',
  withdrawn: '4',
  screenFailure: '5',
} as const;
export type SubjectStatus = (typeof SUBJECT_STATUSES)[number];

/** A reason for change: required (non-blank) on every change of a subject, checked by the server. */
const reason = () => str().defined().max(500);
const subjectIdParam = () => str().required().max(100);
/** yyyy-MM-dd or null. */
const dateParam = () =>
  str()
    .nullable()
    .defined()
    .matches(/^\d{4}-\d{2}-\d{2}$/, '${path} must be yyyy-MM-dd');

export const addSiteSchema = cs.object({
  siteid: str().required(),
  sitecode: str().required(),
  sitename: str().required(),
  /** The study's subject-number pattern (engine/subjects/subjectIdPattern.ts), e.g. `{sitecode}-{seq:4}`. */
  pattern: str().required(),
  /** The next free subject number the server proposes, e.g. `BJ01-0031`. */
  nextsubjid: str().required(),
});
export type AddSite = cs.InferType<typeof addSiteSchema>;

export const sitecodeList = endpoint({
  name: 'sitecodeList',
  path: '/edc/subject/sitecodeList.do',
  description:
    'The sites where the session may add subjects: the site chosen at /checkRole when the role has the permission subject.add, else none (the client offers no Add button).',
  params: cs.object({}),
  data: cs.array(addSiteSchema).required(),
});

export const studyVersionSchema = cs.object({
  id: str().required(),
  name: str().required(),
  /** The version new subjects get by default. */
  current: bool().required(),
});
export type StudyVersion = cs.InferType<typeof studyVersionSchema>;

export const getProtover = endpoint({
  name: 'getProtover',
  path: '/edc/subject/getProtover.do',
  description: "The study's protocol versions, oldest first (the current one marked).",
  params: cs.object({}),
  data: cs.array(studyVersionSchema).required(),
});

export const getCrfVer = endpoint({
  name: 'getCrfVer',
  path: '/edc/subject/getcrfver.do',
  description: "The study's eCRF (database) versions, oldest first (the current one marked).",
  params: cs.object({}),
  data: cs.array(studyVersionSchema).required(),
});

/** Whether a subject number may be used: `ok`, `duplicate` (taken in the study) or `pattern` (does not match). */
export const SUBJID_CHECKS = ['ok', 'duplicate', 'pattern'] as const;

export const checkSubject = endpoint({
  name: 'checkSubject',
  path: '/edc/subject/checkSubject.do',
  description:
    "Whether a subject number is free in the study and follows the study's pattern at the site (asked as the user types, debounced). `subjectid`: the subject being renumbered (its own number is free for it).",
  params: cs.object({
    siteid: str().required().max(100),
    subjid: str().required().max(100),
    subjectid: str().optional().max(100),
  }),
  data: cs.object({
    subjid: str().required(),
    result: str()
      .oneOf([...SUBJID_CHECKS])
      .required(),
    /** What to tell the user (null when `ok`), in the request's locale. */
    message: str().nullable().defined(),
  }),
});

export const saveSubject = endpoint({
  name: 'saveSubject',
  path: '/edc/subject/savesubject.do',
  method: 'POST',
  description:
    'Adds a subject (status screening) at the chosen site: number free and matching the pattern, protocol and eCRF versions of the study; audited (create) in the same transaction. Needs the permission subject.add.',
  params: cs.object({
    siteid: str().required().max(100),
    subjid: str().required().max(100),
    protover: str().required().max(100),
    crfver: str().required().max(100),
    initials: str().defined().max(10).default(''),
    /** Code list SEX or empty. */
    sex: str().oneOf(['', 'M', 'F']).default(''),
    birthdate: dateParam().default(null),
  }),
  data: subjectRowSchema,
});

export const subjectAuditRowSchema = cs.object({
  id: str().required(),
  /** create: the subject added; update: a base-info or subject-level field changed; status: a workflow change. */
  action: str().oneOf(['create', 'update', 'status']).required(),
  /** The field (subjid, siteid, protover, crfver, initials, sex, birthdate, age, status, enrolldate). */
  field: str().required(),
  originalvalue: str().nullable().defined(),
  currentvalue: str().nullable().defined(),
  /** The reason for change (null for the creation). */
  reason: str().nullable().defined(),
  username: str().required(),
  realname: str().required(),
  role: metaTextSchema.required(),
  sitecode: str().required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type SubjectAuditRow = cs.InferType<typeof subjectAuditRowSchema> & { role: MetaText };

/** What the session may do to the subject (granted by the server from the role's permissions). */
export const SUBJECT_CAPABILITIES = [
  'editInfo',
  'editSubject',
  'changeStatus',
  'abandon',
  'sdvSubject',
] as const;
export type SubjectCapability = (typeof SUBJECT_CAPABILITIES)[number];

export const subjectBaseSchema = cs.object({
  subject: subjectRowSchema.required(),
  protover: studyVersionSchema.required(),
  crfver: studyVersionSchema.required(),
  capabilities: cs
    .array(
      str()
        .oneOf([...SUBJECT_CAPABILITIES])
        .required(),
    )
    .required(),
  /** The statuses the session may move the subject to from its current one. */
  transitions: cs
    .array(
      str()
        .oneOf([...SUBJECT_STATUSES])
        .required(),
    )
    .required(),
  /** The subject's audit trail, oldest first. */
  audit: cs.array(subjectAuditRowSchema).required(),
});
export type SubjectBase = cs.InferType<typeof subjectBaseSchema> & { audit: SubjectAuditRow[] };

export const subjectBase = endpoint({
  name: 'subjectBase',
  path: '/edc/subject/subjectbase.do',
  description:
    'A subject at the chosen site with its base info, protocol and eCRF versions, what the session may do to it (capabilities, workflow transitions) and its audit trail.',
  params: cs.object({ subjectid: subjectIdParam() }),
  data: subjectBaseSchema,
});

/** Optimistic locking: the subject's `updatedat` as read; a newer one refuses the change (nothing written). */
const updatedAtParam = () => str().required().max(40);

export const updateInfo = endpoint({
  name: 'updateInfo',
  path: '/edc/subject/updateinfo.do',
  method: 'POST',
  description:
    "Changes a subject's base info (initials, sex, birth date, age) with a reason; one audit row per changed field in the same transaction. Needs subject.edit.",
  params: cs.object({
    subjectid: subjectIdParam(),
    updatedat: updatedAtParam(),
    initials: str().defined().max(10),
    sex: str().oneOf(['', 'M', 'F']).defined(),
    birthdate: dateParam(),
    age: num().integer().min(0).max(150).nullable().defined(),
    reason: reason(),
  }),
  data: subjectRowSchema,
});

export const updateSubject = endpoint({
  name: 'updateSubject',
  path: '/edc/subject/updatesubject.do',
  method: 'POST',
  description:
    "Changes a subject's registration: its number (free, matching the pattern), protocol and eCRF versions, with a reason; audited in the same transaction. Needs subject.edit.",
  params: cs.object({
    subjectid: subjectIdParam(),
    updatedat: updatedAtParam(),
    subjid: str().required().max(100),
    protover: str().required().max(100),
    crfver: str().required().max(100),
    reason: reason(),
  }),
  data: subjectRowSchema,
});

export const changeWorkflow = endpoint({
  name: 'changeWorkflow',
  path: '/edc/subject/changewkflow.do',
  method: 'POST',
  description:
    "Moves a subject to another workflow state (screening → enrolled → completed / withdrawn; screening → screen failure) when the role holds that transition's permission, with a reason; audited in the same transaction.",
  params: cs.object({
    subjectid: subjectIdParam(),
    updatedat: updatedAtParam(),
    status: str()
      .oneOf([...SUBJECT_STATUSES])
      .required(),
    reason: reason(),
  }),
  data: subjectRowSchema,
});

/** The subject endpoints, by name. */
export const subjectEndpoints = {
  subjectList,
  subjectInfo,
  sitecodeList,
  getProtover,
  getCrfVer,
  checkSubject,
  saveSubject,
  subjectBase,
  updateInfo,
  updateSubject,
  changeWorkflow,
} as const;
