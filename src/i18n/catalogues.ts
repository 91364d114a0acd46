import type { MessageFormatElement } from '../../renderers/intl';
import { DEFAULT_LOCALE, type Locale } from '../../engine/api/localized';
import type { AppTierPart } from './tiers';
import defaultCatalogue from './zh_CN.json';

/**
 * A flat catalogue: message id → ICU text (src/i18n/*.json, tests, dev server), or → its parsed AST (the production
 * build precompiles the catalogues, see buildPlugin.ts).
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * The default locale's boot catalogue (see tiers.ts) ships with the app (about 2 KB gzip): the first screen needs no extra request, and a
 * locale whose catalogue cannot be loaded falls back to it instead of showing message ids.
 */
export const DEFAULT_CATALOGUE: Messages = defaultCatalogue as Messages;

/** Every other locale's boot catalogue is its own chunk, loaded when the locale is first used. */
export const catalogueLoaders: Record<Locale, () => Promise<Messages>> = {
  zh_CN: () => Promise.resolve(DEFAULT_CATALOGUE),
  en: () => import('./en.json').then((m) => m.default as Messages),
};

/**
 * The app tier of each locale, by part (see tiers.ts): each its own chunk, loaded when a page of the shell first needs
 * it. The `?part=` imports are cut out of the one catalogue file by buildPlugin.ts's appTierParts().
 */
export const appCatalogueLoaders: Record<Locale, Record<AppTierPart, () => Promise<Messages>>> = {
  zh_CN: {
    formRoute: () => import('./app/zh_CN.json?part=formRoute').then((m) => m.default as Messages),
    core: () => import('./app/zh_CN.json?part=core').then((m) => m.default as Messages),
    management: () => import('./app/zh_CN.json?part=management').then((m) => m.default as Messages),
  },
  en: {
    formRoute: () => import('./app/en.json?part=formRoute').then((m) => m.default as Messages),
    core: () => import('./app/en.json?part=core').then((m) => m.default as Messages),
    management: () => import('./app/en.json?part=management').then((m) => m.default as Messages),
  },
};

/** Loads a catalogue, trying a second time after a failure (a flaky network, a redeploy in between). */
export async function loadWithRetry(load: () => Promise<Messages>, retryDelayMs = 1000): Promise<Messages> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    return load();
  }
}

export { DEFAULT_LOCALE };
