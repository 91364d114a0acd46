/**
 * SDV as registrations (issue 14): the SDV icon of every saved item (its dialog verifies one item), and the Verify
 * (SDV) record action on a saved page for the roles the server grants `sdv` (monitors).
 */
import { lazyDialog } from '../../../renderers/actions/lazyDialog';
import type { RecordAction } from '../../../renderers/actions/recordActions';
import type { RecordRegistries } from '../../../renderers/actions/recordRegistries';
import { sdvAdornment } from './sdvAdornment';

const VERIFY_ICON =
  'M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm-2 16-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9z';

export const sdvPageAction: RecordAction = {
  id: 'sdv',
  order: 50,
  scope: 'form',
  capability: 'sdv',
  labelId: 'sdv.pageAction',
  icon: VERIFY_ICON,
  testId: 'form-sdv',
  appliesTo: ({ record }) => record !== null,
  Dialog: lazyDialog(() => import('./SdvPageDialog').then((m) => m.SdvPageDialog)),
};

export function registerSdv(registries: RecordRegistries): void {
  registries.adornments.register(sdvAdornment);
  registries.actions.register(sdvPageAction);
}
