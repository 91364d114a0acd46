import { useState, type ReactNode } from 'react';
import { useLocation } from '../../src/routing/router';
import { MemoryRouter, Route, Routes } from '../../src/routing/router/memory';
import type { LoginInfo } from '../../engine/api/session';
import type { Locale } from '../../engine/api/localized';
import {
  createFakeApiClient,
  type FakeApiClient,
  type FakeHandlers,
} from '../../renderers/testing/fakeApiClient';
import { AppProviders } from '../../src/AppProviders';
import { storeLocale } from '../../src/i18n/localeStore';
import { seedSession, testCatalogues } from '../../src/testing/renderApp';
import { createTestPlatform, type TestPlatform } from '../../src/testing/testPlatform';

/** What a story needs around it, given as `parameters.app`. */
export interface AppStoryParameters {
  /** Answers of the fake request client, by endpoint name (no HTTP in stories). */
  api?: FakeHandlers;
  /** The fake client's token; a token by default. */
  token?: string | null;
  /** A logged-in session: login info and allowed paths. */
  session?: { info: LoginInfo; allowedPaths?: readonly string[] };
  /** Address the story opens at, e.g. `/loginfront?expireType=405`. */
  path?: string;
}

export interface StoryHarnessProps {
  locale: Locale;
  app?: AppStoryParameters;
  children?: ReactNode;
}

export interface StoryServices {
  platform: TestPlatform;
  client: FakeApiClient;
}

function prepare(locale: Locale, app: AppStoryParameters): StoryServices {
  const platform = createTestPlatform();
  window.sessionStorage.clear();
  storeLocale(platform.store, locale);
  if (app.session) seedSession(platform.store, app.session.info, app.session.allowedPaths);
  const client = createFakeApiClient(app.api ?? {}, {
    token: app.token === undefined ? 'story-token' : app.token,
  });
  return { platform, client };
}

/** Where a page sent the user (stories render one page; the address it navigates to is shown instead). */
function NavigatedAway() {
  const location = useLocation();
  return (
    <output data-testid="story-navigated" style={{ display: 'block', padding: 24, fontFamily: 'monospace' }}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/** Providers, session and router around one story, re-created when the locale toolbar changes. */
export function StoryHarness({ locale, app = {}, children }: StoryHarnessProps) {
  const [services] = useState(() => prepare(locale, app));
  const path = app.path ?? '/';
  const routePath = path.split('?')[0] || '/';
  return (
    <AppProviders platform={services.platform} client={services.client} catalogues={testCatalogues}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={children} />
          <Route path="*" element={<NavigatedAway />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>
  );
}
