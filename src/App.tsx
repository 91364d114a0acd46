import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { APP_BASE } from '../engine/api/protocol';
import type { ApiClient } from '../engine/http/createApiClient';
import { AppProviders } from './AppProviders';
import type { Platform } from './platform/platform';
import { appRoutes } from './routes';

/** Router basename: the app base without its trailing slash (`/edcweb`). */
export const ROUTER_BASENAME = APP_BASE.slice(0, -1);

export interface AppProps {
  platform: Platform;
  client: ApiClient;
}

/** The whole app in the browser: providers around the router. */
export function App({ platform, client }: AppProps) {
  const [router] = useState(() => createBrowserRouter(appRoutes, { basename: ROUTER_BASENAME }));
  return (
    <AppProviders platform={platform} client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
