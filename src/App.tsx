import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from './routing/router';
import { APP_BASE } from '../engine/api/protocol';
import type { ApiClient } from '../engine/http/createApiClient';
import { AppProviders } from './AppProviders';
import type { AppNavigator } from './platform/browserPorts';
import type { Platform } from './platform/platform';
import { appRoutes } from './routes';
import { isKnownRoute } from './routing/knownRoutes';
import { KnownRoutesContext } from './routing/knownRoutesContext';

/** Router basename: the app base without its trailing slash (`/edcweb`). */
export const ROUTER_BASENAME = APP_BASE.slice(0, -1);

export interface AppProps {
  platform: Platform;
  client: ApiClient;
  /** The page's navigator: given the router, so that logouts and redirects inside the app need no page load. */
  navigator?: AppNavigator;
}

/** The whole app in the browser: providers around the router. */
export function App({ platform, client, navigator }: AppProps) {
  const [router] = useState(() => createBrowserRouter(appRoutes, { basename: ROUTER_BASENAME }));
  useEffect(() => {
    if (!navigator) return undefined;
    navigator.bindRouter((path, options) => void router.navigate(path, options));
    return () => navigator.bindRouter(null);
  }, [navigator, router]);
  return (
    <AppProviders platform={platform} client={client}>
      <KnownRoutesContext.Provider value={isKnownRoute}>
        <RouterProvider router={router} />
      </KnownRoutesContext.Provider>
    </AppProviders>
  );
}
