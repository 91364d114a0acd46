/** The frozen icon (spec §4 status icons: a lock) and an item's freeze read from its item state (datainfo `items`). */
import type { FrozenItemFields } from '../../../engine/api/freeze';
import type { AdornmentIcon, ItemState } from '../../../renderers/actions/itemAdornments';

export const FROZEN_ICONS: Readonly<Record<'frozen', AdornmentIcon>> = {
  frozen: {
    labelId: 'freeze.state.frozen',
    // lock
    path: 'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z',
  },
};

export type ItemFreeze = FrozenItemFields['frozen'];

export function frozenOf(state: ItemState | undefined): ItemFreeze | null {
  const frozen = state?.frozen;
  if (typeof frozen !== 'object' || frozen === null) return null;
  const f = frozen as Partial<ItemFreeze>;
  return typeof f.level === 'string' && typeof f.reason === 'string' ? (frozen as ItemFreeze) : null;
}
