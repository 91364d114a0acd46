/**
 * Both tiers of both catalogues merged, as plain texts: for tests, stories, benchmarks and e2e specs (never for the
 * app itself, which loads the app tier on demand).
 */
import type { Locale } from '../../engine/api/localized';
import appEn from './app/en.json';
import appZh from './app/zh_CN.json';
import bootEn from './en.json';
import bootZh from './zh_CN.json';

export const ALL_MESSAGES: Record<Locale, Record<string, string>> = {
  zh_CN: { ...bootZh, ...appZh },
  en: { ...bootEn, ...appEn },
};
