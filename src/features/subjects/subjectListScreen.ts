import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { SUBJECT_LIST_KEY, subjectList } from '../../../engine/api/subjects';
import type { GridRow } from '../../../engine/grid/types';
import type { ListRowAction, ListScreenConfig } from '../../../renderers/list/types';
import { subjectInfoPath, subjectPath } from '../../routing/paths';
import type { ListRouteScreen } from '../lists/ListRoutePage';
import { addSubjectAction } from './add/addSubjectAction';
import { batchUploadAction } from './batch/batchUploadAction';
import { batchOperationsAction } from './batchOps/batchOperationsAction';
import { batchRunsAction } from './batchOps/batchRunsAction';
import { signSubjectsAction } from '../signatures/signSubjectsAction';

export interface SubjectListScreenOptions {
  /** Opens a subject (row click, and the `link` / `openButton` cells of the server's column set). */
  openSubject(subjectid: string): void;
  /** Opens a subject's overview (/index/subjectInfo): the row action Overview. */
  openOverview?(subjectid: string): void;
}

/** The row action Overview: the subject's overview page (base info, visit timeline, marks, open tasks). */
export function subjectOverviewAction(open: (subjectid: string) => void): ListRowAction {
  return { id: 'overview', labelId: 'subject.overview', run: (row) => open(String(row.subjectid)) };
}

/**
 * The subject list (`/index/subjects`, `/subjects`) as pure configuration: the server sends its search fields,
 * columns and rows (by the list key `subjects`); this names the endpoints, the row key, its actions and what opening
 * a row does. No JSX.
 */
export function subjectListScreen({ openSubject, openOverview }: SubjectListScreenOptions): ListScreenConfig {
  return {
    id: 'subjects',
    titleId: 'subjects.title',
    search: {
      fieldsPath: listDefinitionsUrl(selectSearchFields, SUBJECT_LIST_KEY),
      listKey: SUBJECT_LIST_KEY,
    },
    grid: {
      columnsPath: listDefinitionsUrl(selectColumns, SUBJECT_LIST_KEY),
      dataPath: subjectList.path,
      method: subjectList.method,
      rowKey: 'subjectid',
      // a page change refreshes the drawn rows in place (issue 11: page change ≤ 50 ms; docs/perf-list-page-change.md)
      rowSlots: true,
      // batch signing of the selected subjects (issue 14: the PI's Sign action): checkboxes only for roles offered it
      selectable: 'actions',
    },
    // Add subject and Batch upload (issue 12): offered when the server answers a site to add at
    // Batch operations (issue 12): roles holding page.mark, on the selected subjects or the whole site
    // Batch runs: the user's batch runs (jobs), found again after the dialog was left
    actions: [
      addSubjectAction,
      batchUploadAction,
      batchOperationsAction,
      batchRunsAction,
      signSubjectsAction,
    ],
    rowActions: openOverview ? [subjectOverviewAction(openOverview)] : [],
    onRowClick: (row: GridRow) => openSubject(String(row.subjectid)),
  };
}

/** The subject list route: a subject opens below the list's own route; its overview at /index/subjectInfo. */
export const subjectListRoute: ListRouteScreen = ({ base, navigate }) =>
  subjectListScreen({
    openSubject: (id) => navigate(subjectPath(base, id)),
    openOverview: (id) => navigate(subjectInfoPath(id)),
  });
