import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { appTierParts } from './src/i18n/buildPlugin.ts';

/**
 * Three projects:
 * - engine: pure TypeScript in node (no DOM on purpose: the engine must not need one)
 * - ui: renderers, app and portable stories in jsdom
 * - server: the reference server on in-memory PGlite (or PostgreSQL when DATABASE_URL is set)
 */
export default defineConfig({
  plugins: [react(), appTierParts()],
  test: {
    // vitest's own default is one worker less than the cores: ONE worker on the 2-core CI machine, which leaves a core
    // idle most of the run (docs/ci-time.md). In CI two at least; elsewhere vitest's default (the shared development
    // machine). VITEST_MAX_WORKERS or --maxWorkers override either.
    ...(process.env.CI && process.env.CI !== 'false'
      ? { maxWorkers: Math.max(2, availableParallelism() - 1) }
      : {}),
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          environment: 'node',
          include: ['engine/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'renderers/**/*.test.{ts,tsx}', 'stories/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ui.ts'],
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // the PGlite snapshot made once before the workers start (not once per worker on a clean clone)
          globalSetup: ['./server/test/globalSetup.ts'],
          testTimeout: 30000,
          // two files at once on 2 cores: set-up (the database clone, the app) gets twice the margin it had alone
          hookTimeout: 120000,
          // files run in parallel: each has its own database (an in-memory PGlite cloned from the snapshot, written
          // atomically; on PostgreSQL a schema of its own), and servers listen on port 0 (docs/ci-time.md)
        },
      },
    ],
  },
});
