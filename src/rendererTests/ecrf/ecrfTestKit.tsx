/** Providers for the eCRF renderer tests: both catalogues, a fake request client answering code lists. */
import type { ReactNode } from 'react';
import { createIntl, IntlProvider, type MessageDescriptor } from '../../../renderers/intl';
import type { Locale } from '../../../engine/api/localized';
import { compileForm } from '../../../engine/form';
import type { CompiledForm, FormContext } from '../../../engine/form/types';
import { listDefinitions } from '../../../fixtures';
import { testCatalogues } from '../../testing/renderApp';
import { ApiClientContext } from '../../../renderers/apiClientContext';
import { createFakeApiClient, type FakeApiClient } from '../../../renderers/testing/fakeApiClient';

const CODE_LISTS = listDefinitions.codeLists as Record<string, { codevalue: string; codedesp: unknown }[]>;

export const testCtx: FormContext = { textLimit: 2000, numUnknownAllowed: false, today: '2026-11-21' };

export function compiled(raw: unknown): CompiledForm {
  const result = compileForm(raw);
  if (!result.ok) throw new Error(`schema issues: ${JSON.stringify(result.issues)}`);
  return result.form;
}

export function fakeClient(): FakeApiClient {
  return createFakeApiClient({
    codeList: ({ codelisttype }) => [...(CODE_LISTS[codelisttype] ?? [])] as never,
  });
}

/** A catalogue text as the tests' UI language (en) shows it. */
export function t(id: string, values?: Record<string, string | number>, locale: Locale = 'en'): string {
  const intl = createIntl({ locale: locale === 'en' ? 'en' : 'zh-CN', messages: testCatalogues[locale] });
  const descriptor: MessageDescriptor = { id };
  return intl.formatMessage(descriptor, values);
}

export function Providers({
  children,
  client = fakeClient(),
  locale = 'en',
}: {
  children?: ReactNode;
  client?: FakeApiClient;
  locale?: Locale;
}) {
  return (
    <IntlProvider locale={locale === 'en' ? 'en' : 'zh-CN'} messages={testCatalogues[locale]}>
      <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>
    </IntlProvider>
  );
}
