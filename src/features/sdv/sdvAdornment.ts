/**
 * The SDV icon of an item (issue 14): verified, to verify (required by the plan), reset (verified, then the value
 * changed: verify again) or not required by the plan; nothing for an item without SDV state (not saved). Shown to
 * every role that reads the data; its dialog says who verified and why it was reset, and lets a monitor verify.
 */
import { lazyDialog } from '../../../renderers/actions/lazyDialog';
import type { ItemAdornment } from '../../../renderers/actions/itemAdornments';
import { SDV_ICONS, sdvStateOf } from './sdvState';

export const sdvAdornment: ItemAdornment = {
  id: 'sdv',
  order: 30,
  icons: SDV_ICONS,
  icon: sdvStateOf,
  Dialog: lazyDialog(() => import('./SdvItemDialog').then((m) => m.SdvItemDialog)),
};
