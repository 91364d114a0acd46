import { useCallback, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import type { Locale } from '../engine/api/localized';
import type { ApiClient } from '../engine/http/createApiClient';
import { ApiClientContext } from '../renderers/apiClientContext';
import { NoticesProvider } from '../renderers/notices/NoticesProvider';
import type { Messages } from './i18n/catalogues';
import { LocaleProvider } from './i18n/LocaleProvider';
import type { Platform } from './platform/platform';
import { PlatformContext } from './platform/PlatformContext';
import { theme } from './theme';

export interface AppProvidersProps {
  platform: Platform;
  client: ApiClient;
  /** Catalogues at hand (tests, stories); otherwise loaded lazily per locale. */
  catalogues?: Partial<Record<Locale, Messages>>;
  children?: ReactNode;
}

/** Everything around the router: host services, request client, language, theme and toasts. */
export function AppProviders({ platform, client, catalogues, children }: AppProvidersProps) {
  // a catalogue that cannot load is reported like a failed chunk load
  const reportCatalogueFailure = useCallback(
    (error: unknown) => platform.reporter.report('chunk-load', error),
    [platform],
  );
  return (
    <PlatformContext.Provider value={platform}>
      <ApiClientContext.Provider value={client}>
        <LocaleProvider
          store={platform.store}
          onLoadError={reportCatalogueFailure}
          {...(catalogues ? { preloaded: catalogues } : {})}
        >
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <NoticesProvider hub={platform.notifier}>{children}</NoticesProvider>
          </ThemeProvider>
        </LocaleProvider>
      </ApiClientContext.Provider>
    </PlatformContext.Provider>
  );
}
