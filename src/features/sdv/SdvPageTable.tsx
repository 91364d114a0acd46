/**
 * The saved items of a page with their SDV state, each with a check box: the monitor selects what was verified
 * against the source. Items the plan requires and not verified (or reset) start selected; verified ones cannot be
 * selected. Presentational (stories, tests); SdvPageDialog reads and verifies.
 */
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { FormattedMessage, useIntl } from '../../../renderers/intl';
import type { SdvState } from '../../../engine/api/sdv';

export interface SdvPageItem {
  variable: string;
  label: string;
  sdv: SdvState;
}

/** Items selected at first: required or reset, i.e. what the plan asks to verify. */
export function initiallySelected(items: readonly SdvPageItem[]): Set<string> {
  return new Set(items.filter((i) => i.sdv === 'required' || i.sdv === 'reset').map((i) => i.variable));
}

export interface SdvPageTableProps {
  items: readonly SdvPageItem[];
  selected: ReadonlySet<string>;
  onToggle(variable: string): void;
}

export function SdvPageTable({ items, selected, onToggle }: SdvPageTableProps) {
  const intl = useIntl();
  return (
    <Table size="small" data-testid="sdv-page-table">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>
            <FormattedMessage id="sdv.column.item" />
          </TableCell>
          <TableCell>
            <FormattedMessage id="sdv.column.state" />
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.variable} data-testid="sdv-page-row" data-variable={item.variable}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={selected.has(item.variable)}
                disabled={item.sdv === 'verified'}
                onChange={() => onToggle(item.variable)}
                slotProps={{
                  input: {
                    'aria-label': intl.formatMessage({ id: 'sdv.select' }, { item: item.label }),
                  },
                }}
              />
            </TableCell>
            <TableCell>
              {item.label} <small>({item.variable})</small>
            </TableCell>
            <TableCell data-testid="sdv-page-state">
              <FormattedMessage id={`sdv.state.${item.sdv}`} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
