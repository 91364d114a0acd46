import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '../../engine/api/localized';

/**
 * A flat catalogue: message id → ICU text (src/i18n/*.json, tests, dev server), or → its parsed AST (the production
 * build precompiles the catalogues, see buildPlugin.ts).
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Each locale's catalogue is its own chunk, loaded when the locale is first used. */
export const catalogueLoaders: Record<Locale, () => Promise<Messages>> = {
  zh_CN: () => import('./zh_CN.json').then((m) => m.default as Messages),
  en: () => import('./en.json').then((m) => m.default as Messages),
};
