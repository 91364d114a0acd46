/**
 * What Storybook does to a story when its locale toolbar changes (the decorator remounts the story under the other
 * language) and what a reload does (a fresh mount), as two buttons a play function can press: the story's state
 * must come back from where the story keeps it, not from React.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage, IntlProvider, useIntl } from '../../renderers/intl';
import type { Locale } from '../../engine/api/localized';
import { engineLocale } from '../../renderers/search/metadataText';
import { intlLocaleTag } from '../../src/i18n/localeStore';
import { testCatalogues } from '../../src/testing/renderApp';

export function Remounting({ children }: { children: ReactNode }) {
  const outer = engineLocale(useIntl().locale);
  const [locale, setLocale] = useState<Locale>(outer);
  const [round, setRound] = useState(0);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, px: 2, pt: 1, alignItems: 'center' }}>
        <Button
          size="small"
          data-testid="story-switch-language"
          onClick={() => setLocale((l) => (l === 'zh_CN' ? 'en' : 'zh_CN'))}
        >
          <FormattedMessage id="builder.story.switchLanguage" />
        </Button>
        <Button size="small" data-testid="story-reload" onClick={() => setRound((r) => r + 1)}>
          <FormattedMessage id="builder.story.reload" />
        </Button>
        <output data-testid="story-locale">{locale}</output>
      </Box>
      <IntlProvider
        key={`${locale}-${round}`}
        locale={intlLocaleTag(locale)}
        messages={testCatalogues[locale]}
        defaultLocale="zh-CN"
      >
        {children}
      </IntlProvider>
    </>
  );
}
