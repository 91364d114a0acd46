import type { AppTierPart } from '../i18n/tiers';
/** Router paths of the app (without the `/edcweb` base). */
export const PATHS = {
  root: '/',
  entrance: '/entrance',
  loginFront: '/loginfront',
  checkRole: '/checkRole',
  index: '/index',
  statistics: '/index/statistics',
  subjects: '/index/subjects',
  /** One subject's overview: base info, visit timeline, marks, open tasks (issue 12; docs/subject-info.md). */
  subjectInfo: '/index/subjectInfo',
  /** The monitor's SDV worklist (issue 14). */
  sdvWorklist: '/index/sdv',
  /** The query overview (issue 13). */
  queryManage: '/index/queryManage',
  /** The invalid-record table, a management page (issue 12). */
  invalidTable: '/index/invalidTable',
  /** The coder's worklist (issue 14, medical coding). */
  medCoding: '/index/medCoding',
  /** The query import (issue 13; docs/query-import.md). */
  queryImport: '/index/queryImport',
  /** Study definition import and publish (issue 17; docs/interchange.md). */
  studyImport: '/index/studyImport',
  /** Study data exports as jobs (issue 17; docs/interchange.md). */
  studyExport: '/index/studyExport',
  /** Freeze and unfreeze requests (issue 14). */
  freezeRequests: '/index/freezeRequests',
  /** The subject list without the home shell (for embedding). */
  standaloneSubjects: '/subjects',
  indexRefresh: '/index/indexRefresh',
  refresh: '/refresh',
  unauthorized: '/401',
  forcedLogout: '/402',
  notFound: '/404',
  serverError: '/500',
} as const;

/** The page of one subject, inside the shell or standalone (`base` is PATHS.subjects or PATHS.standaloneSubjects). */
export function subjectPath(base: string, subjectid: string): string {
  return `${base}/${encodeURIComponent(subjectid)}`;
}

/** Query parameter of /index/subjectInfo naming the subject (its `subjectid`). */
export const SUBJECT_INFO_PARAM = 'subjectid';

/** The overview of one subject. */
export function subjectInfoPath(subjectid: string): string {
  return `${PATHS.subjectInfo}?${SUBJECT_INFO_PARAM}=${encodeURIComponent(subjectid)}`;
}

/** Query parameter of /refresh and /index/indexRefresh naming the route to open again. */
export const REFRESH_TARGET_PARAM = 'path';

/** An in-app path only: starts with one slash (never `//host` or a scheme). */
export function isInAppPath(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The address that reloads `target`: outside the shell through /refresh, inside it through /index/indexRefresh. */
export function refreshPath(target: string): string {
  const inShell = target === PATHS.index || target.startsWith(`${PATHS.index}/`);
  const via = inShell ? PATHS.indexRefresh : PATHS.refresh;
  return `${via}?${REFRESH_TARGET_PARAM}=${encodeURIComponent(target)}`;
}

/** Paths never remembered as "the previous path" (they only pass the user on). */
export const TRANSIENT_PATHS: ReadonlySet<string> = new Set([
  PATHS.entrance,
  PATHS.refresh,
  PATHS.indexRefresh,
]);

/** Route handle: the catch-all routes say so; a page of the shell may say which parts of the app catalogue it needs. */
export interface RouteHandle {
  unknownPath?: boolean;
  /** the parts of the app tier of the catalogue the page needs (src/i18n/tiers.ts); all of them when not said */
  appTierParts?: readonly AppTierPart[];
}
