/**
 * Build-time only (for vite.config.ts, never imported by the app). In a browser axios sends every request with its
 * XMLHttpRequest adapter (its default order is xhr, http, fetch, and a browser always has XMLHttpRequest), so the
 * production build leaves axios' fetch adapter out: a stub that reports it unsupported takes its place, which
 * keeps ~5 KB gzip (the adapter, its stream, multipart and data-URL helpers) out of the first load of the login front.
 * Tests, the dev server and Storybook keep axios whole.
 */
import type { Plugin } from 'vite';

export const AXIOS_XHR_ONLY_PLUGIN = 'edc:axios-xhr-only';

const STUB_ID = '\0edc:axios-no-fetch-adapter';
const ADAPTERS = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/;

/** The stub axios' adapter table gets for './fetch.js': `getFetch` answers false ("not supported"). */
export const NO_FETCH_ADAPTER = 'export const getFetch = () => false;\nexport default false;\n';

export function axiosXhrOnly(): Plugin {
  return {
    name: AXIOS_XHR_ONLY_PLUGIN,
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './fetch.js' && importer && ADAPTERS.test(importer)) return STUB_ID;
      return null;
    },
    load(id) {
      return id === STUB_ID ? NO_FETCH_ADAPTER : null;
    },
  };
}
