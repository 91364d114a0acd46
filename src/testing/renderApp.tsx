import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, type RouteObject } from '../routing/router';
import { createMemoryRouter } from '../routing/router/memory';
import type { LoginInfo } from '../../engine/api/session';
import type { Locale } from '../../engine/api/localized';
import { saveAllowedPaths } from '../../engine/access/accessGuard';
import type { KeyValueStore } from '../../engine/ports';
import { saveLoginInfo } from '../../engine/session/loginInfo';
import { createFakeApiClient, type FakeApiClient } from '../../renderers/testing/fakeApiClient';
import { AppProviders } from '../AppProviders';
import { ALL_MESSAGES } from '../i18n/allMessages';
import { appRoutes } from '../routes';
import { isKnownRoute } from '../routing/knownRoutes';
import { KnownRoutesContext } from '../routing/knownRoutesContext';
import { createTestPlatform, type TestPlatform } from './testPlatform';

/** Both tiers of both catalogues (see tiers.ts). */
export const testCatalogues: Record<Locale, Record<string, string>> = ALL_MESSAGES;

/** The text of a message id in a locale (zh_CN by default), as the app shows it (without ICU arguments). */
export function text(id: string, locale: Locale = 'zh_CN'): string {
  const value = testCatalogues[locale][id];
  if (value === undefined) throw new Error(`no message ${id} in ${locale}`);
  return value;
}

export interface RenderAppOptions {
  client?: FakeApiClient;
  platform?: TestPlatform;
  routes?: RouteObject[];
}

/** The app's routes in a memory router at `path`, with fake client and platform and both catalogues at hand. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const client = options.client ?? createFakeApiClient();
  const platform = options.platform ?? createTestPlatform();
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const utils = render(
    <AppProviders platform={platform} client={client} catalogues={testCatalogues}>
      <KnownRoutesContext.Provider value={isKnownRoute}>
        <RouterProvider router={router} />
      </KnownRoutesContext.Provider>
    </AppProviders>,
  );
  return { ...utils, router, client, platform };
}

/** Providers only, for a single component. */
export function TestProviders({
  children,
  client = createFakeApiClient(),
  platform = createTestPlatform(),
}: {
  children?: ReactNode;
  client?: FakeApiClient;
  platform?: TestPlatform;
}) {
  return (
    <AppProviders platform={platform} client={client} catalogues={testCatalogues}>
      {children}
    </AppProviders>
  );
}

/** A logged-in session as /entrance and /checkRole leave it. */
export function seedSession(store: KeyValueStore, info: LoginInfo, allowedPaths?: readonly string[]): void {
  saveLoginInfo(store, info);
  if (allowedPaths) saveAllowedPaths(store, allowedPaths);
}
