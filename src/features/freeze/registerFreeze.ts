/**
 * Freeze and unfreeze as registrations (issue 14; docs/freeze.md): the Freeze / unfreeze record action for the roles
 * the server grants `freeze.apply` (CRA, DM), the frozen notice — no button, a status saying why the page is read
 * only — when the server grants `frozen` (a frozen subject or page), and the frozen icon of each frozen item. The form
 * page knows none of it: the server withholds `enter` and `change` of frozen data, so the form is read only.
 */
import { FREEZE_CAPABILITIES } from '../../../engine/api/freeze';
import { lazyDialog } from '../../../renderers/actions/lazyDialog';
import type { ItemAdornment } from '../../../renderers/actions/itemAdornments';
import type { RecordAction } from '../../../renderers/actions/recordActions';
import type { RecordRegistries } from '../../../renderers/actions/recordRegistries';
import { FrozenNotice } from './FrozenNotice';
import { FROZEN_ICONS, frozenOf } from './frozenState';

export const freezeAction: RecordAction = {
  id: 'freeze',
  order: 60,
  scope: 'form',
  capability: FREEZE_CAPABILITIES.apply,
  labelId: 'freeze.pageAction',
  icon: FROZEN_ICONS.frozen.path,
  testId: 'form-freeze',
  Dialog: lazyDialog(() => import('./FreezeApplyDialog').then((m) => m.FreezeApplyDialog)),
};

export const frozenNotice: RecordAction = {
  id: 'frozen',
  order: 5,
  scope: 'form',
  capability: FREEZE_CAPABILITIES.frozen,
  labelId: 'freeze.readOnly',
  Status: FrozenNotice,
};

export const frozenAdornment: ItemAdornment = {
  id: 'frozen',
  order: 40,
  icons: FROZEN_ICONS,
  icon: (state) => (frozenOf(state) ? 'frozen' : null),
  Dialog: lazyDialog(() => import('./FrozenItemDialog').then((m) => m.FrozenItemDialog)),
};

export function registerFreeze(registries: RecordRegistries): void {
  registries.actions.register(frozenNotice);
  registries.actions.register(freezeAction);
  registries.adornments.register(frozenAdornment);
}
