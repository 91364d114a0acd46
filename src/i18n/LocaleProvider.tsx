import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '../../engine/api/localized';
import type { KeyValueStore } from '../../engine/ports';
import {
  DEFAULT_CATALOGUE,
  appCatalogueLoaders,
  catalogueLoaders,
  loadWithRetry,
  type Messages,
} from './catalogues';
import { intlLocaleTag, readStoredLocale, storeLocale } from './localeStore';

export type AppTierStatus = 'ready' | 'loading' | 'failed';

export interface LocaleControls {
  locale: Locale;
  /** Switches the UI language and keeps it in session storage (the request client sends it as `locale`). */
  setLocale(locale: Locale): void;
  /** The app tier of the catalogue (see tiers.ts) for the shown locale. */
  appTier: AppTierStatus;
  /** Asks for the app tier (idempotent); pages of the shell wait for it (AppCatalogueGate). */
  requireAppTier(): void;
  /** Loads a failed app tier again. */
  retryAppTier(): void;
}

const LocaleContext = createContext<LocaleControls | null>(null);

export function useLocale(): LocaleControls {
  const controls = useContext(LocaleContext);
  if (!controls) throw new Error('useLocale() needs a <LocaleProvider>.');
  return controls;
}

export interface LocaleProviderProps {
  store: KeyValueStore;
  /** Complete catalogues (both tiers) already at hand (tests, stories); the others are loaded on demand. */
  preloaded?: Partial<Record<Locale, Messages>>;
  /** Loads a boot catalogue; the lazy chunk loaders by default. */
  load?(locale: Locale): Promise<Messages>;
  /** Loads an app-tier catalogue; the lazy chunk loaders by default. */
  loadApp?(locale: Locale): Promise<Messages>;
  /** Told when a catalogue could not be loaded (the app reports it like a failed chunk load). */
  onLoadError?(error: unknown): void;
  children?: ReactNode;
}

const loadCatalogue = (locale: Locale) => loadWithRetry(catalogueLoaders[locale]);
const loadAppCatalogue = (locale: Locale) => loadWithRetry(appCatalogueLoaders[locale]);
const PRELOADED_APP_TIER: Messages = {};

type AppTierState = Messages | 'failed';

/** What react-intl shows: the boot catalogue of `locale`, with its app tier merged in once loaded. */
interface Shown {
  locale: Locale;
  messages: Messages;
  app: AppTierStatus;
  boot: Messages;
}

/**
 * The UI language (from `edc.locale`, zh_CN by default) and react-intl around the app. Until the first catalogue
 * has arrived nothing is rendered; while switching, the old texts stay until the new ones are there.
 */
export function LocaleProvider({
  store,
  preloaded = {},
  load = loadCatalogue,
  loadApp = loadAppCatalogue,
  onLoadError,
  children,
}: LocaleProviderProps) {
  const [locale, setLocaleState] = useState<Locale>(() => readStoredLocale(store));
  const [loaded, setLoaded] = useState<Partial<Record<Locale, Messages>>>(preloaded);
  // preloaded catalogues are complete: their app tier is already in them
  const [appTiers, setAppTiers] = useState<Partial<Record<Locale, AppTierState>>>(() =>
    Object.fromEntries(Object.keys(preloaded).map((l) => [l, PRELOADED_APP_TIER])),
  );
  const [appWanted, setAppWanted] = useState(false);
  const [appAttempt, setAppAttempt] = useState(0);
  const [shown, setShown] = useState<Shown | null>(() => {
    const messages = preloaded[locale];
    return messages ? { locale, messages, app: 'ready', boot: messages } : null;
  });

  // the app tier of the current locale, once a page asked for it
  const appTier = appTiers[locale];
  useEffect(() => {
    if (!appWanted || appTier !== undefined) return;
    let cancelled = false;
    loadApp(locale).then(
      (messages) => {
        if (!cancelled) setAppTiers((current) => ({ ...current, [locale]: messages }));
      },
      (error: unknown) => {
        onLoadError?.(error);
        if (!cancelled) setAppTiers((current) => ({ ...current, [locale]: 'failed' }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [appWanted, appTier, locale, loadApp, onLoadError, appAttempt]);

  useEffect(() => {
    const boot = loaded[locale];
    if (boot) {
      // while switching with the app tier in use, the old texts stay until both tiers of the new locale are there
      if (appWanted && appTier === undefined && shown && shown.locale !== locale) return;
      const app: AppTierStatus =
        appTier === undefined ? 'loading' : appTier === 'failed' ? 'failed' : 'ready';
      if (shown?.locale === locale && shown.app === app && shown.boot === boot) return;
      const withApp = app === 'ready' && appTier !== PRELOADED_APP_TIER;
      const messages = withApp ? ({ ...boot, ...(appTier as Messages) } as Messages) : boot;
      setShown({ locale, messages, app, boot });
      return;
    }
    let cancelled = false;
    load(locale).then(
      (messages) => {
        if (!cancelled) setLoaded((current) => ({ ...current, [locale]: messages }));
      },
      (error: unknown) => {
        // a catalogue that cannot load: the default locale's texts (shipped with the app) rather than message ids
        onLoadError?.(error);
        if (!cancelled) setLoaded((current) => ({ ...current, [locale]: DEFAULT_CATALOGUE }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [locale, loaded, load, shown, onLoadError, appWanted, appTier]);

  useEffect(() => {
    if (shown) document.documentElement.lang = intlLocaleTag(shown.locale);
  }, [shown]);

  const setLocale = useCallback(
    (next: Locale) => {
      storeLocale(store, next);
      setLocaleState(next);
    },
    [store],
  );

  const requireAppTier = useCallback(() => setAppWanted(true), []);
  const retryAppTier = useCallback(() => {
    setAppTiers((current) => {
      const { [locale]: _dropped, ...rest } = current;
      return rest;
    });
    setAppAttempt((n) => n + 1);
  }, [locale]);

  const shownApp = shown?.app ?? 'loading';
  const controls = useMemo<LocaleControls>(
    () => ({ locale, setLocale, appTier: shownApp, requireAppTier, retryAppTier }),
    [locale, setLocale, shownApp, requireAppTier, retryAppTier],
  );

  if (!shown) return null;
  return (
    <LocaleContext.Provider value={controls}>
      <IntlProvider locale={intlLocaleTag(shown.locale)} messages={shown.messages} defaultLocale="zh-CN">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
