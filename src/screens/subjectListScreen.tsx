import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import {
  SUBJECT_LIST_KEY,
  subjectColumns,
  subjectList,
  subjectSearchFields,
} from '../../engine/api/listContract';
import type { GridRow } from '../../engine/grid/types';
import type { ListScreenConfig } from '../../renderers/list/types';

export interface SubjectListScreenOptions {
  /** Opens a subject (row click, the `link` cells and the `open` slot of the server's column set). */
  openSubject(subjectid: string): void;
}

/**
 * The subject list (`/index/subjects`, `/subjects`) as pure configuration: the server sends its search fields,
 * columns and rows; this names the endpoints, the row key and what a click does. No JSX per field or column.
 */
export function subjectListScreen({ openSubject }: SubjectListScreenOptions): ListScreenConfig {
  const open = (row: GridRow) => openSubject(String(row.subjectid));
  return {
    id: 'subjects',
    titleId: 'subjects.title',
    search: { fieldsPath: subjectSearchFields.path, listKey: SUBJECT_LIST_KEY },
    grid: {
      columnsPath: subjectColumns.path,
      dataPath: subjectList.path,
      method: subjectList.method,
      rowKey: 'subjectid',
      slots: {
        open: (row) => (
          <Button size="small" onClick={() => open(row)} data-testid="subject-open">
            <FormattedMessage id="subjects.open" />
          </Button>
        ),
      },
    },
    onRowClick: open,
  };
}
