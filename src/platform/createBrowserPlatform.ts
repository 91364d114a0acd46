import { APP_BASE } from '../../engine/api/protocol';
import { fetchTransport } from './fetchTransport';
import { createApiClient, type ApiClient } from '../../engine/http/createApiClient';
import { createClientErrorReporter } from '../../engine/http/clientErrorReporter';
import { createNoticeHub } from '../../renderers/notices/noticeHub';
import { readStoredLocale } from '../i18n/localeStore';
import {
  createAppNavigator,
  documentCookies,
  sessionStore,
  windowTimers,
  type AppNavigator,
} from './browserPorts';
import type { LogoutListener, Platform } from './platform';

export interface BrowserApp {
  platform: Platform;
  client: ApiClient;
  /** Bind the router to it once created (App.tsx), so that logouts navigate inside the app. */
  navigator: AppNavigator;
}

/** Builds the one request client of the page and the browser ports around it. Call once, in main.tsx. */
export function createBrowserPlatform(): BrowserApp {
  const store = sessionStore();
  const navigator = createAppNavigator(APP_BASE);
  const hub = createNoticeHub();
  const logoutListeners = new Set<LogoutListener>();
  let reportRequestError: (error: unknown) => void = () => {};

  const client = createApiClient({
    store,
    notifier: hub,
    navigator,
    cookies: documentCookies,
    timers: windowTimers,
    transport: fetchTransport,
    locale: () => readStoredLocale(store),
    appBase: APP_BASE,
    onLogout(code) {
      for (const listener of logoutListeners) listener(code);
    },
    reportError: (error) => reportRequestError(error),
    // a page whose data the role may not read: the no-permission page (in the app), not a banner per request
    onForbiddenLoad: () => navigator.assign(`${APP_BASE}401`),
  });

  const reporter = createClientErrorReporter(
    client,
    () => new Date(),
    () => window.location.href,
    window.navigator.userAgent,
  );
  reportRequestError = (error) => reporter.report('request', error);

  const platform: Platform = {
    store,
    timers: windowTimers,
    notifier: hub,
    navigator,
    reporter,
    onLogout(listener) {
      logoutListeners.add(listener);
      return () => {
        logoutListeners.delete(listener);
      };
    },
  };
  return { platform, client, navigator };
}
