/**
 * The coder's worklist (`/index/medCoding`) as configuration: the server sends its search fields, columns and rows
 * (listKey `medCoding`, codingList.do: the verbatim terms at the chosen site, to code first); a row opens the term's
 * coding; the toolbar imports a licensed dictionary. No JSX.
 */
import { listDefinitionsUrl, selectColumns, selectSearchFields } from '../../../engine/api/lists';
import { CODING_LIST_KEY, codingList } from '../../../engine/api/medCoding';
import type { GridRow } from '../../../engine/grid/types';
import { metaText } from '../../../engine/metadata/metaText';
import type { MetaText } from '../../../engine/metadata/types';
import type { ListScreenConfig } from '../../../renderers/list/types';
import { ImportDictionaryDialog } from './ImportDictionaryDialog';

export function codingListScreen(open: (row: GridRow) => void): ListScreenConfig {
  return {
    id: 'medCoding',
    titleId: 'coding.title',
    search: {
      fieldsPath: listDefinitionsUrl(selectSearchFields, CODING_LIST_KEY),
      listKey: CODING_LIST_KEY,
    },
    grid: {
      columnsPath: listDefinitionsUrl(selectColumns, CODING_LIST_KEY),
      dataPath: codingList.path,
      method: codingList.method,
      rowKey: 'termid',
      formatters: {
        metaText: (value, _arg, ctx) =>
          value === null || value === undefined ? '' : metaText(value as MetaText, ctx.locale),
      },
    },
    // offered to roles holding coding.import (the server checks it again)
    actions: [
      {
        id: 'importDictionary',
        labelId: 'coding.import.action',
        permission: 'coding.import',
        Dialog: ImportDictionaryDialog,
      },
    ],
    onRowClick: open,
  };
}
