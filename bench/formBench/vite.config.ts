/**
 * Production build of the form benchmark page (bench/formBench.ts builds it with `vite build --config` into
 * .cache/form-bench/): the app's own build plugins, so catalogues are precompiled as in the shipped app.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appTierParts, precompiledCatalogues } from '../../src/i18n/buildPlugin.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react(), appTierParts(), precompiledCatalogues()],
  // the bench imports both catalogue tiers statically (allMessages), which Vite notes for every build
  logLevel: 'error',
  build: {
    outDir: fileURLToPath(new URL('../../.cache/form-bench', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // FORM_BENCH_MINIFY=0: readable function names in a profile of the page
    minify: process.env.FORM_BENCH_MINIFY !== '0',
    chunkSizeWarningLimit: 4000,
  },
});
