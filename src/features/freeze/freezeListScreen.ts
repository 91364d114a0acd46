/**
 * The freeze requests (`/index/freezeRequests`) as configuration: the server sends the search fields, columns and rows
 * (listKey `freezeRequests`, freezeList.do) — pending, approved, rejected and withdrawn requests at the chosen site, with who
 * applied, who decided and why; the approver selects pending ones and approves or rejects them with a reason. A row
 * opens the form page of its page or item (a subject freeze: the subject's page). No JSX.
 */
import { FREEZE_LIST_KEY, freezeList } from '../../../engine/api/freeze';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import type { GridRow } from '../../../engine/grid/types';
import type { ListScreenConfig } from '../../../renderers/list/types';
import { formPath } from '../../routing/formPaths';
import { PATHS, subjectPath } from '../../routing/paths';
import type { ListRouteScreen } from '../lists/ListRoutePage';
import { ApproveFreezeDialog, RejectFreezeDialog } from './FreezeDecisionDialog';
import { WithdrawFreezeDialog } from './FreezeWithdraw';

/** The page a request is about: its form page (page and item requests) or its subject's page. */
export function freezeRequestPath(row: GridRow): string {
  const subjectid = String(row.subjectid);
  if (row.level === 'subject' || typeof row.visitnum !== 'string' || typeof row.tid !== 'string') {
    return subjectPath(PATHS.subjects, subjectid);
  }
  return formPath(PATHS.subjects, subjectid, {
    visitnum: row.visitnum,
    cycnum: Number(row.cycnum ?? 1),
    svnum: Number(row.svnum ?? 1),
    tid: row.tid,
  });
}

export function freezeListScreen(open: (row: GridRow) => void): ListScreenConfig {
  return {
    id: 'freezeRequests',
    titleId: 'freeze.requestsTitle',
    search: {
      fieldsPath: listDefinitionsUrl(selectSearchFields, FREEZE_LIST_KEY),
      listKey: FREEZE_LIST_KEY,
    },
    grid: {
      columnsPath: listDefinitionsUrl(selectColumns, FREEZE_LIST_KEY),
      dataPath: freezeList.path,
      method: freezeList.method,
      rowKey: 'requestid',
      selectable: 'actions',
    },
    // the server refuses roles that may not approve and the approver's own requests, with its message
    actions: [
      {
        id: 'approve',
        labelId: 'freeze.decision.approve',
        permission: 'freeze.approve',
        needsSelection: true,
        Dialog: ApproveFreezeDialog,
      },
      {
        id: 'reject',
        labelId: 'freeze.decision.reject',
        permission: 'freeze.approve',
        needsSelection: true,
        Dialog: RejectFreezeDialog,
      },
      // the applicant's own pending requests (the server refuses anyone else's, and decided ones)
      {
        id: 'withdraw',
        labelId: 'freeze.withdraw',
        permission: 'freeze.apply',
        needsSelection: true,
        Dialog: WithdrawFreezeDialog,
      },
    ],
    onRowClick: open,
  };
}

export const freezeListRoute: ListRouteScreen = ({ navigate }) =>
  freezeListScreen((row) => navigate(freezeRequestPath(row)));
