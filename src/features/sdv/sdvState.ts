/** The SDV icons by state, and an item's SDV state read from its item state. */
import type { SdvState } from '../../../engine/api/sdv';
import type { AdornmentIcon, ItemState } from '../../../renderers/actions/itemAdornments';

export const SDV_ICONS: Readonly<Record<SdvState, AdornmentIcon>> = {
  verified: {
    labelId: 'sdv.state.verified',
    // check circle
    path: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
  },
  required: {
    labelId: 'sdv.state.required',
    // circle outline
    path: 'M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  },
  reset: {
    labelId: 'sdv.state.reset',
    // sync problem
    path: 'M3 12c0 2.21.91 4.2 2.36 5.64L3 20h6v-6l-2.24 2.24C5.68 15.15 5 13.66 5 12c0-2.61 1.67-4.83 4-5.65V4.26C5.55 5.15 3 8.27 3 12m8 5h2v-2h-2zM21 4h-6v6l2.24-2.24C18.32 8.85 19 10.34 19 12c0 2.61-1.67 4.83-4 5.65v2.09c3.45-.89 6-4.01 6-7.74 0-2.21-.91-4.2-2.36-5.64zm-10 9h2V7h-2z',
  },
  notRequired: {
    labelId: 'sdv.state.notRequired',
    // remove circle outline
    path: 'M7 11v2h10v-2zm5-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  },
};

export function sdvStateOf(state: ItemState | undefined): SdvState | null {
  const sdv = state?.sdv;
  return typeof sdv === 'string' && sdv in SDV_ICONS ? (sdv as SdvState) : null;
}
