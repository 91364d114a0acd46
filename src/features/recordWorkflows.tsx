/**
 * Where the app composes its record registries (renderers/actions/recordRegistries.tsx): the built-in actions and
 * adornments, then one registration per review workflow. The form page's chunk loads this with the page
 * (formPageLoader.ts) and provides it; the form page itself knows none of the workflows.
 */
import type { ComponentType } from 'react';
import {
  createRecordRegistries,
  RecordRegistriesProvider,
  type RecordRegistries,
} from '../../renderers/actions/recordRegistries';
import { registerMedCoding } from './medCoding/registerMedCoding';
import { registerNotes } from './notes/registerNotes';
import { registerQueries } from './queries/register';
import { registerSdv } from './sdv/registerSdv';
import { registerSignatures } from './signatures/registerSignatures';
import { registerFreeze } from './freeze/registerFreeze';

export function createAppRecordRegistries(): RecordRegistries {
  const registries = createRecordRegistries();
  registerQueries(registries);
  registerNotes(registries);
  registerSdv(registries);
  registerSignatures(registries);
  registerMedCoding(registries);
  registerFreeze(registries);
  return registries;
}

export const appRecordRegistries: RecordRegistries = createAppRecordRegistries();

/** A page drawn with the app's record registries. */
export function withRecordWorkflows<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithRecordWorkflows(props: P) {
    return (
      <RecordRegistriesProvider value={appRecordRegistries}>
        <Page {...props} />
      </RecordRegistriesProvider>
    );
  }
  return WithRecordWorkflows;
}
