import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '../../engine/api/localized';
import type { KeyValueStore } from '../../engine/ports';
import { DEFAULT_CATALOGUE, catalogueLoaders, loadWithRetry, type Messages } from './catalogues';
import { intlLocaleTag, readStoredLocale, storeLocale } from './localeStore';

export interface LocaleControls {
  locale: Locale;
  /** Switches the UI language and keeps it in session storage (the request client sends it as `locale`). */
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleControls | null>(null);

export function useLocale(): LocaleControls {
  const controls = useContext(LocaleContext);
  if (!controls) throw new Error('useLocale() needs a <LocaleProvider>.');
  return controls;
}

export interface LocaleProviderProps {
  store: KeyValueStore;
  /** Catalogues already at hand (tests, stories); the others are loaded on demand. */
  preloaded?: Partial<Record<Locale, Messages>>;
  /** Loads a catalogue; the lazy chunk loaders by default. */
  load?(locale: Locale): Promise<Messages>;
  /** Told when a catalogue could not be loaded (the app reports it like a failed chunk load). */
  onLoadError?(error: unknown): void;
  children?: ReactNode;
}

const loadCatalogue = (locale: Locale) => loadWithRetry(catalogueLoaders[locale]);

/**
 * The UI language (from `edc.locale`, zh_CN by default) and react-intl around the app. Until the first catalogue
 * has arrived nothing is rendered; while switching, the old texts stay until the new ones are there.
 */
export function LocaleProvider({
  store,
  preloaded = {},
  load = loadCatalogue,
  onLoadError,
  children,
}: LocaleProviderProps) {
  const [locale, setLocaleState] = useState<Locale>(() => readStoredLocale(store));
  const [loaded, setLoaded] = useState<Partial<Record<Locale, Messages>>>(preloaded);
  const [shown, setShown] = useState<{ locale: Locale; messages: Messages } | null>(() => {
    const messages = preloaded[locale];
    return messages ? { locale, messages } : null;
  });

  useEffect(() => {
    const ready = loaded[locale];
    if (ready) {
      if (shown?.locale !== locale || shown.messages !== ready) setShown({ locale, messages: ready });
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
  }, [locale, loaded, load, shown, onLoadError]);

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

  const controls = useMemo<LocaleControls>(() => ({ locale, setLocale }), [locale, setLocale]);

  if (!shown) return null;
  return (
    <LocaleContext.Provider value={controls}>
      <IntlProvider locale={intlLocaleTag(shown.locale)} messages={shown.messages} defaultLocale="zh-CN">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
