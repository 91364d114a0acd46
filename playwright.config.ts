import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

/**
 * e2e against the reference server serving the production build (run `npm run build` first; `npm run test:e2e`
 * starts the server itself on a fresh data directory). Browsers are not downloaded: Debian's chromium is used.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.cache/e2e-results.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `rm -rf .data/e2e && SKIP_BUILD=1 PORT=${PORT} DATA_DIR=.data/e2e LOG_LEVEL=warn npx tsx scripts/start.ts`,
    url: `http://localhost:${PORT}/edcweb/`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
