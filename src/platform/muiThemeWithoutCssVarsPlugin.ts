/**
 * Build-time only (for vite.config.ts, never imported by the app). MUI's `createTheme` chooses between two theme
 * builders at run time: without `cssVariables` and `colorSchemes` in its options (the app's theme, `src/theme.ts`,
 * and MUI's own default theme) it calls `createThemeNoVars`; only with them does it call `createThemeWithVars`, which
 * brings the CSS-variables machinery (`prepareCssVars`, the vars parser, the colour-scheme selectors). The bundler
 * cannot see that branch, so every page loaded that code (≈ 4 KB gzip in the boot tier) and never ran it.
 *
 * The production build resolves `createTheme`'s import of `createThemeWithVars` to a stub that throws with a clear
 * message: a theme that someday asks for CSS variables fails loudly at start-up instead of rendering unstyled.
 * `src/platform/buildPlugins.test.ts` keeps the app's theme on the no-vars branch, and an eslint rule
 * (eslint.config.js) refuses `cssVariables`, `colorSchemes`, `CssVarsProvider` and `extendTheme` in the app's code. Tests, the dev server and Storybook keep MUI whole.
 */
import type { Plugin } from 'vite';

export const MUI_THEME_WITHOUT_CSS_VARS_PLUGIN = 'edc:mui-theme-without-css-vars';

const STUB_ID = '\0edc:mui-create-theme-with-vars-stub';
export const STUB_MESSAGE =
  'This build leaves out MUI CSS theme variables: createTheme() was called with cssVariables or colorSchemes (see src/platform/muiThemeWithoutCssVarsPlugin.ts)';

/** Whether `source` imported by `importer` is `createTheme`'s import of the CSS-variables theme builder. */
export function isCreateThemeWithVarsImport(source: string, importer: string | undefined): boolean {
  return (
    source === './createThemeWithVars.mjs' &&
    importer !== undefined &&
    /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer)
  );
}

export function muiThemeWithoutCssVars(): Plugin {
  return {
    name: MUI_THEME_WITHOUT_CSS_VARS_PLUGIN,
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return isCreateThemeWithVarsImport(source, importer) ? STUB_ID : null;
    },
    load(id) {
      if (id !== STUB_ID) return null;
      return `export default function createThemeWithVars() { throw new Error(${JSON.stringify(STUB_MESSAGE)}); }\n`;
    },
  };
}
