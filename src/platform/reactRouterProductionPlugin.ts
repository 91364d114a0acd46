/**
 * Build-time only (for vite.config.ts, never imported by the app). react-router 7's package exports point every
 * bundler condition at its development build (dev warnings, invariant messages, dev-only checks); its production
 * build sits beside it in `dist/production`. The production build of the app resolves `react-router` (and
 * `react-router/dom`, which react-router-dom re-exports) there: ~30 KB less JavaScript on every page, the login front
 * included. Tests, the dev server and Storybook keep the development build and its warnings.
 *
 * The production build is one large module, and the bundler keeps every top-level statement it cannot prove free of
 * side effects: `Link.displayName = "Link"` (a property write) and `React.forwardRef(…)` / `React.createContext(…)` /
 * `React.memo(…)` calls without a pure annotation kept `Link`, `NavLink`, `Form`, `ScrollRestoration`, the history
 * router and what they alone use (prefetch links, form submission, framework-mode contexts) on every page, used or
 * not. `withoutUnusedComponents` marks those calls pure and drops the top-level `displayName` writes (React DevTools
 * names only; the production build has no DevTools names for the app either), so what the app does not import is left
 * out. Docs: docs/perf-list-and-bundles.md, stop 26.
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

/** Top-level `X.displayName = "…";` statements of react-router's production build (one per line). */
const DISPLAY_NAME_WRITE = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `= React<n>.forwardRef(` / `createContext(` / `memo(` as the value of a declaration, not yet annotated. */
const UNANNOTATED_COMPONENT_CALL = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;

/**
 * react-router's production module with its component and context factories marked pure and its top-level
 * `displayName` writes removed, so that the bundler can leave out what nobody imports.
 */
export function withoutUnusedComponents(code: string): string {
  return code.replace(DISPLAY_NAME_WRITE, '').replace(UNANNOTATED_COMPONENT_CALL, '= /* @__PURE__ */ $1');
}

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
    transform(code, id) {
      const production = path.join(root, 'dist', 'production') + path.sep;
      if (!id.startsWith(production) || !id.endsWith('.mjs')) return null;
      return { code: withoutUnusedComponents(code), map: null };
    },
  };
}
