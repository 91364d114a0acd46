import { createContext, useContext } from 'react';
import type { Platform } from './platform';

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a <PlatformContext.Provider>.');
  return platform;
}
