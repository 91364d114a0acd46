/**
 * The home page's figures (spec §1 "site statistics, project overview, my to-dos"): the session's to-dos
 * (`visit/myTaskInfo`, spec §7) — one count per kind of work the role can act on, each with the app path that lists
 * them — and the statistics of the sites the user holds the role at (`statistics/siteStatistics`: the spec names no
 * endpoint for it; the name follows its pattern, docs/statistics.md). Workflows add their to-dos on the server
 * (registrations), so the list of kinds is open: the client labels each kind by its id.
 */
import * as cs from '../schema';
import { endpoint, num, str } from './endpoint';

/** One kind of work waiting for the session's role. */
export const taskRowSchema = cs.object({
  /** The kind, e.g. `pagesToEnter`, `queriesToAnswer`; the client's label is the message `tasks.<id>`. */
  id: str().required().max(64),
  count: num().integer().min(0).required(),
  /** The app path that lists them (with its filter), or null when no page lists them. */
  link: str().nullable().defined(),
});
export type TaskRow = cs.InferType<typeof taskRowSchema>;

export const myTaskInfo = endpoint({
  name: 'myTaskInfo',
  path: '/edc/visit/myTaskInfo.do',
  description:
    "The session's to-dos at the chosen site: one count per kind of work the role may act on (registered by the workflows), with the page that lists them.",
  params: cs.object({}),
  data: cs.array(taskRowSchema.required()).required(),
});

/** Subjects of one site by workflow state (code list SUBJSTATUS). */
export const siteSubjectsSchema = cs.object({
  siteid: str().required(),
  sitecode: str().required(),
  sitename: str().required(),
  screening: num().integer().min(0).required(),
  enrolled: num().integer().min(0).required(),
  completed: num().integer().min(0).required(),
  withdrawn: num().integer().min(0).required(),
  screenFailure: num().integer().min(0).required(),
  total: num().integer().min(0).required(),
});
export type SiteSubjects = cs.InferType<typeof siteSubjectsSchema>;

/** Subjects enrolled in one month at one site. */
export const enrolmentRowSchema = cs.object({
  /** yyyy-MM */
  month: str().required(),
  sitecode: str().required(),
  count: num().integer().min(0).required(),
});
export type EnrolmentRow = cs.InferType<typeof enrolmentRowSchema>;

/** The pages of one visit (across the subjects of the sites) by entry status. */
export const visitPagesSchema = cs.object({
  visitnum: str().required(),
  name: cs.mixed<{ zh_CN: string; en: string }>().defined(),
  notEntered: num().integer().min(0).required(),
  entered: num().integer().min(0).required(),
  complete: num().integer().min(0).required(),
  /** Marked not collected, not occurred or invalid (and holding no data). */
  marked: num().integer().min(0).required(),
});
export type VisitPages = cs.InferType<typeof visitPagesSchema>;

export const siteStatistics = endpoint({
  name: 'siteStatistics',
  path: '/edc/statistics/siteStatistics.do',
  description:
    'Statistics of the sites the user holds the session role at: subjects by state per site, enrolment by month and site, and the pages of each visit by entry status (visits with a date).',
  params: cs.object({}),
  data: cs
    .object({
      sites: cs.array(siteSubjectsSchema.required()).required(),
      enrolment: cs.array(enrolmentRowSchema.required()).required(),
      pages: cs.array(visitPagesSchema.required()).required(),
    })
    .required(),
});

/** The statistics endpoints, by name. */
export const statisticsEndpoints = { myTaskInfo, siteStatistics } as const;
