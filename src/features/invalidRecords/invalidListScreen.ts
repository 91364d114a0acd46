/**
 * The invalid-record table (`/index/invalidTable`, a management page) as configuration: the server sends its search
 * fields, columns (spec §3: reason, ecrfVersionName, unActvieVersionName, operaUserName, operaTime; with site,
 * subject, visit and form) and rows (listKey `invalidRecords`, invalidtablelist.do); a row opens its page (or the
 * subject, for a whole visit). No JSX.
 */
import { INVALID_LIST_KEY, invalidTableList } from '../../../engine/api/invalidRecords';
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import type { GridRow } from '../../../engine/grid/types';
import { metaText } from '../../../engine/metadata/metaText';
import type { MetaText } from '../../../engine/metadata/types';
import type { ListScreenConfig } from '../../../renderers/list/types';
import { formPath } from '../../routing/formPaths';
import { PATHS, subjectPath } from '../../routing/paths';
import type { ListRouteScreen } from '../lists/ListRoutePage';

/** The page of an invalid record's row; the subject's page for a visit made invalid as a whole. */
export function invalidRecordPath(row: GridRow): string {
  const subjectid = String(row.subjectid);
  if (typeof row.tid !== 'string' || row.tid === '') return subjectPath(PATHS.subjects, subjectid);
  return formPath(PATHS.subjects, subjectid, {
    visitnum: String(row.visitnum),
    cycnum: Number(row.cycnum),
    svnum: Number(row.svnum),
    tid: row.tid,
  });
}

export function invalidListScreen(open: (row: GridRow) => void): ListScreenConfig {
  return {
    id: 'invalidRecords',
    titleId: 'invalidRecords.title',
    search: {
      fieldsPath: listDefinitionsUrl(selectSearchFields, INVALID_LIST_KEY),
      listKey: INVALID_LIST_KEY,
    },
    grid: {
      columnsPath: listDefinitionsUrl(selectColumns, INVALID_LIST_KEY),
      dataPath: invalidTableList.path,
      method: invalidTableList.method,
      rowKey: 'markid',
      formatters: {
        metaText: (value, _arg, ctx) =>
          value === null || value === undefined ? '' : metaText(value as MetaText, ctx.locale),
      },
    },
    onRowClick: open,
  };
}

/** The table's route: a row opens its page. */
export const invalidListRoute: ListRouteScreen = ({ navigate }) =>
  invalidListScreen((row) => navigate(invalidRecordPath(row)));
