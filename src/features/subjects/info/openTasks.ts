/**
 * A subject's open tasks, derived from what the overview already reads (docs/subject-info.md): the open and answered
 * queries of selectNoCHQueryStatus.do (per form, summed) and the pages not entered of the visits that took place
 * (visitlist.do: a dated visit without a mark, its forms less its entered forms). No server endpoint of its own.
 */
import type { VisitRow } from '../../../../engine/api/visits';

export interface QueryCounts {
  forms: ReadonlyArray<{ open: number; answered: number }>;
}

export interface VisitToEnter {
  visit: VisitRow;
  missing: number;
}

export interface OpenTasks {
  openQueries: number;
  answeredQueries: number;
  /** Dated, unmarked visits with forms not entered yet, in schedule order. */
  toEnter: VisitToEnter[];
  pagesToEnter: number;
}

export function openTasksOf(visits: readonly VisitRow[], queries: QueryCounts | null): OpenTasks {
  const toEnter = visits
    .filter((v) => v.visitdate !== null && v.mark === null)
    .map((visit) => ({ visit, missing: Math.max(0, visit.formCount - visit.enteredCount) }))
    .filter((v) => v.missing > 0);
  return {
    openQueries: queries ? queries.forms.reduce((n, f) => n + f.open, 0) : 0,
    answeredQueries: queries ? queries.forms.reduce((n, f) => n + f.answered, 0) : 0,
    toEnter,
    pagesToEnter: toEnter.reduce((n, v) => n + v.missing, 0),
  };
}
