import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { IntlProvider } from '../../renderers/intl';
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
import { APP_TIER_PARTS, type AppTierPart } from './tiers';

export type AppTierStatus = 'ready' | 'loading' | 'failed';

export interface LocaleControls {
  locale: Locale;
  /** Switches the UI language and keeps it in session storage (the request client sends it as `locale`). */
  setLocale(locale: Locale): void;
  /** Whether these parts of the app tier of the catalogue (see tiers.ts) are in the texts shown. */
  appTierStatus(parts: readonly AppTierPart[]): AppTierStatus;
  /** Asks for parts of the app tier (idempotent); pages of the shell wait for theirs (AppCatalogueGate). */
  requireAppTier(parts: readonly AppTierPart[]): void;
  /** Loads the failed parts of the app tier again. */
  retryAppTier(): void;
  /**
   * Fetches parts of the app tier ahead without showing them (idempotent): what a page will show later (a dialog)
   * is then there when `requireAppTier` asks, and the page is not drawn again with new texts before it does.
   */
  prefetchAppTier(parts: readonly AppTierPart[]): void;
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
  /** Loads a part of an app-tier catalogue; the lazy chunk loaders by default. */
  loadApp?(locale: Locale, part: AppTierPart): Promise<Messages>;
  /** Told when a catalogue could not be loaded (the app reports it like a failed chunk load). */
  onLoadError?(error: unknown): void;
  children?: ReactNode;
}

const loadCatalogue = (locale: Locale) => loadWithRetry(catalogueLoaders[locale]);
const loadAppCatalogue = (locale: Locale, part: AppTierPart) =>
  loadWithRetry(appCatalogueLoaders[locale][part]);
const PRELOADED_APP_TIER: Messages = {};
const ALL_PRELOADED = Object.fromEntries(APP_TIER_PARTS.map((part) => [part, PRELOADED_APP_TIER])) as Record<
  AppTierPart,
  Messages
>;
const ALL_READY = Object.fromEntries(APP_TIER_PARTS.map((part) => [part, 'ready'])) as Shown['parts'];

type AppTierState = Partial<Record<AppTierPart, Messages | 'failed'>>;

/** What react-intl shows: the boot catalogue of `locale`, with the parts of its app tier loaded so far merged in. */
interface Shown {
  locale: Locale;
  messages: Messages;
  /** the parts of the app tier in `messages` ('ready') or that could not be loaded ('failed') */
  parts: Partial<Record<AppTierPart, 'ready' | 'failed'>>;
  boot: Messages;
  /** the part catalogues `messages` was made of, to tell when it must be made again */
  sources: readonly (Messages | 'failed' | undefined)[];
}

const sameSources = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

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
  // preloaded catalogues are complete: every part of their app tier is already in them
  const [appTiers, setAppTiers] = useState<Partial<Record<Locale, AppTierState>>>(() =>
    Object.fromEntries(Object.keys(preloaded).map((l) => [l, ALL_PRELOADED])),
  );
  // the parts some page asked for so far, in APP_TIER_PARTS order
  const [appWanted, setAppWanted] = useState<readonly AppTierPart[]>([]);
  const [shown, setShown] = useState<Shown | null>(() => {
    const messages = preloaded[locale];
    return messages ? { locale, messages, parts: ALL_READY, boot: messages, sources: [] } : null;
  });

  // the wanted parts of the current locale's app tier that are not there yet
  const appTier = appTiers[locale];
  const missing = appWanted.filter((part) => appTier?.[part] === undefined);
  const missingKey = missing.join();
  // one load per locale and part at a time (a prefetch's included); a result arriving after unmount is dropped
  const inFlight = useRef(new Set<string>());
  const fetching = useRef(new Map<string, Promise<Messages>>());
  const fetchPart = useCallback(
    (forLocale: Locale, part: AppTierPart): Promise<Messages> => {
      const key = `${forLocale}:${part}`;
      let pending = fetching.current.get(key);
      if (!pending) {
        pending = loadApp(forLocale, part);
        fetching.current.set(key, pending);
        // kept until its result is taken; a failure is not kept (asked again, it loads again)
        pending.catch(() => fetching.current.delete(key));
      }
      return pending;
    },
    [loadApp],
  );
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (missingKey === '') return;
    for (const part of missingKey.split(',') as AppTierPart[]) {
      const key = `${locale}:${part}`;
      if (inFlight.current.has(key)) continue;
      inFlight.current.add(key);
      const settle = (state: Messages | 'failed') => {
        inFlight.current.delete(key);
        fetching.current.delete(key);
        if (mounted.current)
          setAppTiers((current) => ({ ...current, [locale]: { ...current[locale], [part]: state } }));
      };
      fetchPart(locale, part).then(settle, (error: unknown) => {
        onLoadError?.(error);
        settle('failed');
      });
    }
  }, [missingKey, locale, fetchPart, onLoadError]);

  useEffect(() => {
    const boot = loaded[locale];
    if (boot) {
      // while switching with the app tier in use, the old texts stay until the wanted parts of the new locale are there
      if (missingKey !== '' && shown && shown.locale !== locale) return;
      const sources = APP_TIER_PARTS.map((part) => appTier?.[part]);
      if (shown?.locale === locale && shown.boot === boot && sameSources(shown.sources, sources)) return;
      const parts: Shown['parts'] = {};
      let messages: Messages = boot;
      for (const part of APP_TIER_PARTS) {
        const state = appTier?.[part];
        if (state === undefined) continue;
        parts[part] = state === 'failed' ? 'failed' : 'ready';
        if (state !== 'failed' && state !== PRELOADED_APP_TIER)
          messages = { ...messages, ...state } as Messages;
      }
      setShown({ locale, messages, parts, boot, sources });
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
  }, [locale, loaded, load, shown, onLoadError, missingKey, appTier]);

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

  const requireAppTier = useCallback((parts: readonly AppTierPart[]) => {
    setAppWanted((current) =>
      parts.every((part) => current.includes(part))
        ? current
        : APP_TIER_PARTS.filter((part) => current.includes(part) || parts.includes(part)),
    );
  }, []);
  const retryAppTier = useCallback(() => {
    setAppTiers((current) => {
      const tier = current[locale] ?? {};
      const kept = Object.fromEntries(Object.entries(tier).filter(([, state]) => state !== 'failed'));
      return { ...current, [locale]: kept };
    });
  }, [locale]);

  // the current locale and app tier for prefetchAppTier, which keeps one identity (a form's change handler calls it)
  const current = useRef({ locale, appTier });
  useEffect(() => {
    current.current = { locale, appTier };
  }, [locale, appTier]);
  const prefetchAppTier = useCallback(
    (parts: readonly AppTierPart[]) => {
      const { locale: now, appTier: tier } = current.current;
      for (const part of parts) if (tier?.[part] === undefined) fetchPart(now, part).catch(() => {});
    },
    [fetchPart],
  );

  const shownParts = shown?.parts;
  const appTierStatus = useCallback(
    (parts: readonly AppTierPart[]): AppTierStatus => {
      if (parts.some((part) => shownParts?.[part] === 'failed')) return 'failed';
      return parts.every((part) => shownParts?.[part] === 'ready') ? 'ready' : 'loading';
    },
    [shownParts],
  );
  const controls = useMemo<LocaleControls>(
    () => ({ locale, setLocale, appTierStatus, requireAppTier, retryAppTier, prefetchAppTier }),
    [locale, setLocale, appTierStatus, requireAppTier, retryAppTier, prefetchAppTier],
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
