/**
 * The query adornment: the item's query state as the server keeps it (datainfo.do `items[variable].query`: open,
 * answered, closed, closed-modified) drawn as a button that opens the item's query thread beside it. An item without
 * queries shows the greyed "queries" icon (a monitor raises one from there). Drawn for roles granted `query.view`.
 */
import type { ItemQuery } from '../../../engine/api/queries';
import { QUERY_CAPABILITIES } from '../../../engine/api/queryCapabilities';
import type { ItemAdornment, ItemState } from '../../../renderers/actions/itemAdornments';
import { lazyDialog } from '../../../renderers/actions/lazyDialog';

// a speech bubble with a question mark
const QUERY_PATH =
  'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-7 14h-2v-2h2zm1.07-5.25-.9.92C12.45 12.4 12 13 12 14.5h-2V14c0-1.1.45-2.1 1.17-2.83l1.24-1.26c.37-.36.59-.86.59-1.41 0-1.1-.9-2-2-2s-2 .9-2 2H7c0-2.21 1.79-4 4-4s4 1.79 4 4c0 .88-.36 1.68-.93 2.25';
// a bubble with a check mark
const CLOSED_PATH =
  'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-10 12.4-3.7-3.7 1.4-1.4 2.3 2.3 5.3-5.3 1.4 1.4z';
// a bubble with an exclamation mark
const MODIFIED_PATH =
  'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-7 12h-2v-2h2zm0-4h-2V6h2z';
// a bubble with dots
const ANSWERED_PATH =
  'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M9 11H7V9h2zm4 0h-2V9h2zm4 0h-2V9h2z';

/** The item's query state, when the server sent one. */
export function itemQueryState(state: ItemState | undefined): ItemQuery | null {
  const q = state?.query as Partial<ItemQuery> | undefined;
  return q && typeof q.state === 'string' && typeof q.count === 'number' ? (q as ItemQuery) : null;
}

export const queryAdornment: ItemAdornment = {
  id: 'query',
  order: 30,
  capability: QUERY_CAPABILITIES.view,
  icons: {
    none: { path: QUERY_PATH, labelId: 'queries.icon.none' },
    open: { path: QUERY_PATH, labelId: 'queries.icon.open' },
    answered: { path: ANSWERED_PATH, labelId: 'queries.icon.answered' },
    closed: { path: CLOSED_PATH, labelId: 'queries.icon.closed' },
    closedModified: { path: MODIFIED_PATH, labelId: 'queries.icon.closedModified' },
  },
  icon(state) {
    return itemQueryState(state)?.state ?? 'none';
  },
  Dialog: lazyDialog(() => import('./QueryThreadDialog').then((m) => m.ItemQueryDialog)),
};
