import { FormattedMessage } from '../intl';
import type { FieldTypeRegistry } from '../../engine/fieldTypes/types';
import type { GridColDef, GridLeafColDef, GridRow } from '../../engine/grid/types';
import { DefinitionList, type DefinitionRow } from '../DefinitionList';
import { LoadFailed } from '../LoadFailed';
import { PageLoading } from '../PageLoading';
import { builtinCellRenderers } from '../grid/cellRenderers';
import { useColumnDefs } from '../grid/useColumnDefs';
import { sharedFieldTypes } from '../search/sharedFieldTypes';

export interface RecordViewProps {
  /** The column set of the row's list (GET): labels, field types, time zones and formatters come from it. */
  columnsPath: string;
  row: GridRow;
  userTimeZone: string;
  fieldTypes?: FieldTypeRegistry;
  testIdPrefix: string;
}

const RENDERER_NAMES = Object.keys(builtinCellRenderers);
/** Cells that act on the row (open it) say nothing about it. */
const ACTION_RENDERERS: ReadonlySet<string> = new Set(['openButton']);

/** Leaves in column order, group labels in front of their children's. */
function leaves(defs: readonly GridColDef[], prefix = ''): { def: GridLeafColDef; label: string }[] {
  return defs.flatMap((def) =>
    def.kind === 'group'
      ? leaves(def.children, `${prefix}${def.headerName} · `)
      : [{ def, label: `${prefix}${def.headerName}` }],
  );
}

/**
 * One row of a list shown as label–value pairs, from the same column metadata as its grid (one definition of how
 * each value is shown): formatted by field type, time zone and `filter`; bad column definitions show their issue.
 */
export function RecordView({
  columnsPath,
  row,
  userTimeZone,
  fieldTypes = sharedFieldTypes,
  testIdPrefix,
}: RecordViewProps) {
  const columns = useColumnDefs({
    columnsPath,
    fieldTypes,
    userTimeZone,
    cellRendererNames: RENDERER_NAMES,
    slotNames: [],
  });
  if (columns.status === 'loading') return <PageLoading />;
  if (columns.status === 'error') {
    return (
      <LoadFailed
        message={<FormattedMessage id="grid.columnsFailed" />}
        retryLabel={<FormattedMessage id="grid.retry" />}
        onRetry={columns.retry}
      />
    );
  }
  const rows: DefinitionRow[] = leaves(columns.defs)
    .filter(({ def }) => !(def.cell.kind === 'renderer' && ACTION_RENDERERS.has(def.cell.name)))
    .map(({ def, label }) => ({
      id: def.colId,
      label,
      value: def.issue ? '' : def.format(row[def.field], row),
    }));
  return <DefinitionList rows={rows} testIdPrefix={testIdPrefix} />;
}
