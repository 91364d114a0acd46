import type { Decorator, Preview } from '@storybook/react-vite';
import { DEFAULT_LOCALE, isLocale } from '../engine/api/localized';
import { StoryHarness, type AppStoryParameters } from '../stories/support/StoryHarness';

/** Every story runs inside the app's providers (intl, theme, toasts, fake client, memory router). */
const withApp: Decorator = (Story, context) => {
  const locale = isLocale(context.globals.locale) ? context.globals.locale : DEFAULT_LOCALE;
  const app = context.parameters.app as AppStoryParameters | undefined;
  return (
    <StoryHarness key={locale} locale={locale} {...(app ? { app } : {})}>
      <Story />
    </StoryHarness>
  );
};

const preview: Preview = {
  decorators: [withApp],
  globalTypes: {
    locale: {
      description: 'UI language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'zh_CN', title: '中文 (zh_CN)' },
          { value: 'en', title: 'English (en)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: DEFAULT_LOCALE },
  parameters: {
    layout: 'fullscreen',
  },
};

export default preview;
