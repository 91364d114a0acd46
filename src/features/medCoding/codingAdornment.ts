/**
 * The coding icon of a codable item (issue 14): coded, or to code (never coded, or reset by a changed verbatim term);
 * nothing for an item that is not codable or has no term. Shown to every role that reads the data; its dialog shows
 * the code with its hierarchy and the coding history, and lets a role holding `coding` code or recode.
 */
import { lazyDialog } from '../../../renderers/actions/lazyDialog';
import type { ItemAdornment } from '../../../renderers/actions/itemAdornments';
import { CODING_ICONS, codingStateOf } from './codingState';

export const codingAdornment: ItemAdornment = {
  id: 'coding',
  order: 40,
  icons: CODING_ICONS,
  icon: codingStateOf,
  Dialog: lazyDialog(() => import('./CodingItemDialog').then((m) => m.CodingItemDialog)),
};
