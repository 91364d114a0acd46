import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';
import { PRECOMPILED_CATALOGUES_PLUGIN } from '../src/i18n/buildPlugin';
import { MUI_THEME_WITHOUT_CSS_VARS_PLUGIN } from '../src/platform/muiThemeWithoutCssVarsPlugin';

/**
 * Plugins of the app build that do not belong in Storybook (stories read the catalogues as plain texts, and MUI
 * whole).
 */
function withoutAppBuildPlugins(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).flat(Infinity as 1).filter((plugin) => {
    const name = plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : null;
    return name !== PRECOMPILED_CATALOGUES_PLUGIN && name !== MUI_THEME_WITHOUT_CSS_VARS_PLUGIN;
  });
}

/** Stories of the app's building blocks and pages, fed from fixtures/ through a fake request client. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: [],
  core: { disableTelemetry: true },
  // Storybook's element highlighting (used by addons we do not install) watches every DOM change of the story and, on
  // each, walks every element with getComputedStyle: ~40 ms per keystroke in the 1,000-item builder workbench.
  features: { highlight: false },
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    // the app is served under /edcweb/; Storybook serves from its own root
    base: './',
    plugins: withoutAppBuildPlugins(viteConfig.plugins),
    // readable function names in CPU profiles (bench/builderProfile.ts): STORYBOOK_NO_MINIFY=1
    ...(process.env.STORYBOOK_NO_MINIFY === '1' ? { build: { ...viteConfig.build, minify: false } } : {}),
  }),
};

export default config;
