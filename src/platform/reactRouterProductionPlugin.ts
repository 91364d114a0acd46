/**
 * Build-time only (for vite.config.ts, never imported by the app). react-router 7's package exports point every
 * bundler condition at its development build (dev warnings, invariant messages, dev-only checks); its production
 * build sits beside it in `dist/production`. The production build of the app resolves `react-router` (and
 * `react-router/dom`, which react-router-dom re-exports) there: ~30 KB less JavaScript on every page, the login front
 * included. Tests, the dev server and Storybook keep the development build and its warnings.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

export const REACT_ROUTER_PRODUCTION_PLUGIN = 'edc:react-router-production';

/** The production entry of each react-router entry the app reaches, relative to the package's root. */
export const PRODUCTION_ENTRIES: Readonly<Record<string, string>> = {
  'react-router': 'dist/production/index.mjs',
  'react-router/dom': 'dist/production/dom-export.mjs',
};

export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('react-router/package.json'));
  return {
    name: REACT_ROUTER_PRODUCTION_PLUGIN,
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const entry = PRODUCTION_ENTRIES[source];
      return entry === undefined ? null : path.join(root, entry);
    },
  };
}
