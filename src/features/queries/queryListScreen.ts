/**
 * The query overview (`/index/queryManage`) as configuration: the server sends its search fields, columns (spec:
 * querystatus, visitTname, value, note, initiator, ctime; with site, subject, item, kind, age) and rows (listKey
 * `queries`, queryModelList.do); a row opens the form page of its item. No JSX.
 */
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { QUERY_LIST_KEY, queryModelList } from '../../../engine/api/queries';
import type { GridRow } from '../../../engine/grid/types';
import { metaText } from '../../../engine/metadata/metaText';
import type { MetaText } from '../../../engine/metadata/types';
import type { ListScreenConfig } from '../../../renderers/list/types';
import { formPath } from '../../routing/formPaths';
import { PATHS } from '../../routing/paths';
import type { ListRouteScreen } from '../lists/ListRoutePage';
import { BulkCloseDialog } from './BulkCloseDialog';
import { BulkForwardDialog } from './BulkForwardDialog';
import { ExportQueriesDialog } from './ExportQueriesDialog';
import { QueryAgeCell } from './QueryAgeCell';

/** The form page of a query's row (its item's record; a log-line row by its number). */
export function queryFormPath(row: GridRow): string {
  const keys = {
    visitnum: String(row.visitnum),
    cycnum: Number(row.cycnum),
    svnum: Number(row.svnum),
    tid: String(row.tid),
  };
  const lineno = typeof row.lineno === 'number' && row.lineno > 1 ? row.lineno : undefined;
  return formPath(PATHS.subjects, String(row.subjectid), keys, lineno);
}

export function queryListScreen(open: (row: GridRow) => void): ListScreenConfig {
  return {
    id: 'queries',
    titleId: 'queries.title',
    search: {
      fieldsPath: listDefinitionsUrl(selectSearchFields, QUERY_LIST_KEY),
      listKey: QUERY_LIST_KEY,
    },
    grid: {
      columnsPath: listDefinitionsUrl(selectColumns, QUERY_LIST_KEY),
      dataPath: queryModelList.path,
      method: queryModelList.method,
      rowKey: 'queryid',
      // checkboxes only for roles offered a bulk action
      selectable: 'actions',
      cellRenderers: { queryAge: QueryAgeCell },
      formatters: {
        metaText: (value, _arg, ctx) =>
          value === null || value === undefined ? '' : metaText(value as MetaText, ctx.locale),
      },
    },
    // bulk close of the selected rows: offered to roles holding query.close (the server checks it again)
    actions: [
      {
        id: 'bulkClose',
        labelId: 'queries.bulkClose',
        permission: 'query.close',
        needsSelection: true,
        Dialog: BulkCloseDialog,
      },
      // bulk forward to a role with a note (all or none): roles holding query.forward
      {
        id: 'bulkForward',
        labelId: 'queries.bulkForward',
        permission: 'query.forward',
        needsSelection: true,
        Dialog: BulkForwardDialog,
      },
      // the filtered list as xlsx (all pages, in the shown sort; queryExport.do)
      { id: 'export', labelId: 'queries.export', Dialog: ExportQueriesDialog },
    ],
    onRowClick: open,
  };
}

/** The overview route: a row opens its item's form page. */
export const queryListRoute: ListRouteScreen = ({ navigate }) =>
  queryListScreen((row) => navigate(queryFormPath(row)));
