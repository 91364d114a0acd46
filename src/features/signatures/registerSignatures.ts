/**
 * The PI signature as registrations (issue 14): the signature icon of every item of a signed page (its dialog shows
 * the manifestation), and the Sign record action on a saved page for the roles the server grants `sign` (the PI).
 * Batch signing of subjects is the subject list's Sign action (signSubjectsAction.tsx).
 */
import { lazyDialog } from '../../../renderers/actions/lazyDialog';
import type { RecordAction } from '../../../renderers/actions/recordActions';
import type { RecordRegistries } from '../../../renderers/actions/recordRegistries';
import { signatureAdornment } from './signatureAdornment';
import { SIGNATURE_ICONS } from './signatureState';

export const signPageAction: RecordAction = {
  id: 'sign',
  order: 60,
  scope: 'form',
  capability: 'sign',
  labelId: 'signature.pageAction',
  icon: SIGNATURE_ICONS.signed.path,
  testId: 'form-sign',
  appliesTo: ({ record }) => record !== null,
  Dialog: lazyDialog(() => import('./SignaturePageDialog').then((m) => m.SignaturePageDialog)),
};

export function registerSignatures(registries: RecordRegistries): void {
  registries.adornments.register(signatureAdornment);
  registries.actions.register(signPageAction);
}
