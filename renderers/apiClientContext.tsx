import { createContext, useContext } from 'react';
import type { ApiClient } from '../engine/http/createApiClient';

/**
 * The request client for components. The app passes its single browser client; stories and tests pass a fake
 * (see testing/fakeApiClient.ts), so nothing under renderers/ or src/ builds its own.
 */
export const ApiClientContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient() needs an <ApiClientContext.Provider>.');
  return client;
}
