/**
 * The registries a form page composes: record actions and item adornments. The app uses the default registries
 * (today's built-ins, and every workflow's registrations); a screen, story or test may provide its own. A new
 * workflow (e.g. SDV) is an action, an adornment and its dialog registered here — the form page does not change.
 */
import { createContext, useContext } from 'react';
import { builtinRecordActions } from './builtinActions';
import { builtinAdornments } from './builtinAdornments';
import { createItemAdornmentRegistry, type ItemAdornmentRegistry } from './itemAdornments';
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
