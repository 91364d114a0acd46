import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { APP_BASE } from './engine/api/protocol.ts';
import { appTierParts, precompiledCatalogues } from './src/i18n/buildPlugin.ts';
import { muiThemeWithoutCssVars } from './src/platform/muiThemeWithoutCssVarsPlugin.ts';
import { reactRouterProduction } from './src/platform/reactRouterProductionPlugin.ts';

/** The SPA is served under APP_BASE (/edcweb/); the reference server serves the API at /edc and /login. */
export default defineConfig({
  base: APP_BASE,
  plugins: [react(), appTierParts(), precompiledCatalogues(), reactRouterProduction(), muiThemeWithoutCssVars()],
  server: {
    port: 5173,
    proxy: {
      '/edc/': 'http://localhost:8080',
      '/login/': 'http://localhost:8080',
      '/config.json': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // every browser the app supports has <link rel=modulepreload> (Chrome 66, Firefox 115, Safari 17): no polyfill
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // the small modules every first screen needs, in one file instead of a handful of tiny ones; not the boot
          // catalogue of a locale other than the default (en.json), which is loaded when that locale is first used
          groups: [
            {
              name: 'boot',
              test: /[\\/](src[\\/](i18n[\\/](?!app[\\/]|en\.json)|platform[\\/]|session[\\/])|engine[\\/]session[\\/](storageKeys|loginInfo)\.ts|renderers[\\/](PageLoading|InlineMessage|ChunkLoadFailed|LanguageSwitch)\.tsx|@mui[\\/]material[\\/]useSlot)/,
            },
            {
              // the input parts of the login front (and of every form), in one file instead of three or four
              name: 'inputs',
              test: /[\\/](@mui[\\/]material[\\/](InputBase|OutlinedInput|FormControl|FormHelperText|FormLabel|InputLabel|TextareaAutosize)[\\/]|@mui[\\/]utils[\\/](getActiveElement|ownerDocument|ownerWindow|debounce)[\\/]|renderers[\\/]form[\\/]LimitHint\.tsx)/,
            },
          ],
        },
      },
    },
  },
});
