/**
 * Subjects (spec §7 `subject/…`): the subject list and one subject, scoped by the server to the site chosen at
 * /checkRole.
 */
import * as yup from 'yup';
import { endpoint, num, str } from './endpoint';
import { listPageSchema, listParamsSchema } from './lists';

/** Subject status codes (code list SUBJSTATUS). */
export const SUBJECT_STATUSES = ['1', '2', '3', '4', '5'] as const;

export const subjectRowSchema = yup.object({
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
export type SubjectRow = yup.InferType<typeof subjectRowSchema>;

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
  params: yup.object({ subjectid: str().required().max(100) }),
  data: subjectRowSchema,
});

/** The subject endpoints, by name. */
export const subjectEndpoints = { subjectList, subjectInfo } as const;
