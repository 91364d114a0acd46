/** The signature icons by state, and an item's signature state read from its item state. */
import type { SignatureState } from '../../../engine/api/signatures';
import type { AdornmentIcon, ItemState } from '../../../renderers/actions/itemAdornments';

export type ItemSignatureState = Exclude<SignatureState, 'unsigned'>;

export const SIGNATURE_ICONS: Readonly<Record<ItemSignatureState, AdornmentIcon>> = {
  signed: {
    labelId: 'signature.state.signed',
    // draw (pen)
    path: 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a.996.996 0 0 0 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
  },
  broken: {
    labelId: 'signature.state.broken',
    // edit off
    path: 'm14.06 9.02.92.92-3.11 3.11 1.41 1.41 3.11-3.11.92.92L21 6.59 17.41 3zM2.81 2.81 1.39 4.22l7.07 7.07L3 16.76V21h4.24l5.46-5.46 7.07 7.07 1.41-1.41z',
  },
};

export function signatureStateOf(state: ItemState | undefined): ItemSignatureState | null {
  const sign = state?.sign;
  return typeof sign === 'string' && sign in SIGNATURE_ICONS ? (sign as ItemSignatureState) : null;
}
