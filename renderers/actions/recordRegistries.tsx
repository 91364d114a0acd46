/**
 * The registries a form page composes: record actions and item adornments. The app uses the default registries
 * (today's built-ins, and every workflow's registrations); a screen, story or test may provide its own. A new
 * workflow (e.g. SDV) is an action, an adornment and its dialog registered here — the form page does not change.
 */
import { createContext, useContext } from 'react';
import { builtinRecordActions } from './builtinActions';
import { builtinAdornments } from './builtinAdornments';
import { createItemAdornmentRegistry, type ItemAdornmentRegistry } from './itemAdornments';
import { preloadDialogs } from './lazyDialog';
import { createRecordActionRegistry, type RecordActionRegistry } from './recordActions';

export interface RecordRegistries {
  actions: RecordActionRegistry;
  adornments: ItemAdornmentRegistry;
}

/** New registries holding the built-in actions and adornments (register more on them). */
export function createRecordRegistries(): RecordRegistries {
  return {
    actions: createRecordActionRegistry(builtinRecordActions),
    adornments: createItemAdornmentRegistry(builtinAdornments),
  };
}

/** The app's registries. */
export const defaultRecordRegistries: RecordRegistries = createRecordRegistries();

const RecordRegistriesContext = createContext<RecordRegistries>(defaultRecordRegistries);

export const RecordRegistriesProvider = RecordRegistriesContext.Provider;

export function useRecordRegistries(): RecordRegistries {
  return useContext(RecordRegistriesContext);
}

/** Fetches the code of the registries' lazily loaded dialogs (lazyDialog.tsx), e.g. before a test opens them. */
export function preloadRegistryDialogs(registries: RecordRegistries): Promise<unknown> {
  return preloadDialogs([
    ...registries.actions.list().map((action) => action.Dialog),
    ...registries.adornments.list().map((adornment) => adornment.Dialog),
  ]);
}
