import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'storybook-static',
      'coverage',
      'playwright-report',
      'test-results',
      '.data',
      '.cache',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'renderers/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // the production build leaves MUI's CSS-variables theme builder out (src/platform/muiThemeWithoutCssVarsPlugin.ts):
      // a theme asking for it would pass tests and Storybook and fail only in the built app
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(cssVariables|colorSchemes)$/]',
          message:
            'MUI CSS theme variables are left out of the build (src/platform/muiThemeWithoutCssVarsPlugin.ts).',
        },
        {
          selector:
            'ImportSpecifier[imported.name=/^(CssVarsProvider|extendTheme|experimental_extendTheme)$/]',
          message:
            'MUI CSS theme variables are left out of the build (src/platform/muiThemeWithoutCssVarsPlugin.ts).',
        },
      ],
    },
  },
  {
    // engine/ is pure TypeScript: no any, no React, no DOM-bound modules, no imports from the layers above it.
    files: ['engine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // the browser comes in through ports (engine/ports.ts)
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'sessionStorage', 'localStorage', 'location', 'navigator', 'fetch'].map(
          (name) => ({ name, message: 'engine/ has no DOM: take it through a port (engine/ports.ts).' }),
        ),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@mui/*', 'ag-grid-*'],
              message: 'engine/ must not import React or UI libraries.',
            },
            {
              group: ['**/src/**', '**/renderers/**', '**/server/**'],
              message: 'engine/ imports neither src/, renderers/ nor server/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderers/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/server/**'], message: 'renderers/ import only engine/.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/renderers/**'], message: 'server/ imports only engine/.' }] },
      ],
    },
  },
);
