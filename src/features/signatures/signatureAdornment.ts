/**
 * The signature icon of an item (issue 14): signed (its page carries the investigator's signature) or broken (the
 * page was signed, then its data changed: to sign again); nothing for an item of an unsigned page. Shown to every
 * role that reads the data; its dialog shows the manifestation (printed name, date and time, meaning).
 */
import { lazyDialog } from '../../../renderers/actions/lazyDialog';
import type { ItemAdornment } from '../../../renderers/actions/itemAdornments';
import { SIGNATURE_ICONS, signatureStateOf } from './signatureState';

export const signatureAdornment: ItemAdornment = {
  id: 'signature',
  order: 40,
  icons: SIGNATURE_ICONS,
  icon: signatureStateOf,
  Dialog: lazyDialog(() => import('./SignatureItemDialog').then((m) => m.SignatureItemDialog)),
};
