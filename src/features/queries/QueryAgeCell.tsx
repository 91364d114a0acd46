/** The overview's age column: whole days since the query was raised (its `ctime`), counted in the browser. */
import { FormattedMessage } from '../../../renderers/intl';
import type { CellRendererProps } from '../../../renderers/grid/cellRenderers';

const DAY_MS = 24 * 60 * 60 * 1000;

export function queryAgeDays(ctime: unknown, now: number): number | null {
  if (typeof ctime !== 'string') return null;
  const at = Date.parse(ctime);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / DAY_MS));
}

export function QueryAgeCell({ row }: CellRendererProps) {
  const days = queryAgeDays(row.ctime, Date.now());
  return days === null ? null : <FormattedMessage id="queries.ageDays" values={{ days }} />;
}
