/**
 * Whether this build has a page for a path, handed down by the app (App.tsx, the test app) rather than imported, so
 * that the shell does not import the route table that imports the shell. Without a provider every path counts as
 * known (stories of the shell alone).
 */
import { createContext, useContext } from 'react';

export type IsKnownRoute = (path: string) => boolean;

export const KnownRoutesContext = createContext<IsKnownRoute>(() => true);

export function useIsKnownRoute(): IsKnownRoute {
  return useContext(KnownRoutesContext);
}
