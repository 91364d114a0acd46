/** Texts of list metadata in the current UI language: labels (MetaText) and the issues of bad definitions. */
import { useCallback } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from '../intl';
import type { Locale } from '../../engine/api/localized';
import { metaText } from '../../engine/metadata/metaText';
import type { MetaText, MetadataIssue } from '../../engine/metadata/types';

/** The engine's locale for react-intl's BCP 47 tag (`zh-CN` → `zh_CN`). */
export function engineLocale(intlLocale: string): Locale {
  return intlLocale.toLowerCase().startsWith('zh') ? 'zh_CN' : 'en';
}

export function useEngineLocale(): Locale {
  return engineLocale(useIntl().locale);
}

/** The translated text of a metadata issue (path and prop included by the engine's values). */
export function issueText(intl: IntlShape, issue: MetadataIssue): string {
  const values: Record<string, string | number> = {
    path: issue.path,
    prop: issue.prop ?? '?',
    ...issue.values,
  };
  // what a field should have been and why a value is wrong are catalogue keys themselves (META_EXPECTED, META_PROBLEM)
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' && NESTED_ID.test(value)) {
      const nested: MessageDescriptor = { id: value };
      values[name] = intl.formatMessage(nested, values);
    }
  }
  const descriptor: MessageDescriptor = { id: issue.messageId };
  return intl.formatMessage(descriptor, values);
}

const NESTED_ID = /^meta\.(expected|problem)\.\w+$/;

export function useIssueText(): (issue: MetadataIssue) => string {
  const intl = useIntl();
  return useCallback((issue: MetadataIssue) => issueText(intl, issue), [intl]);
}

export function useMetaText(): (text: MetaText) => string {
  const locale = useEngineLocale();
  return useCallback((text: MetaText) => metaText(text, locale), [locale]);
}
