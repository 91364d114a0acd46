import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

/** One `webServer` entry (the config takes one or a list). */
type TestConfigWebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>;

/**
 * e2e against the reference server serving the production build (run `npm run build` first; `npm run test:e2e`
 * starts the server itself on a fresh data directory). Browsers are not downloaded: Debian's chromium is used.
 *
 * E2E_SERVERS=2 (docs/ci-time.md): the spec files are split in two groups, each served by a server of its own (own
 * port, own fresh data directory) and run one test at a time; the two groups run side by side. Tests of one group
 * never see the other's data or sessions (one session per account: a login elsewhere ends the other), so nothing is
 * shared but the machine. One server is the default, CI included: on the 2-core CI machine two servers and two
 * browsers measured no faster (12.4 min against 11.8 with one) — it is for a machine with more cores.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
// 1 or 2 (anything else: the default): more servers than the split below knows would only leave some idle
const SERVERS = ((): 1 | 2 => {
  return process.env.E2E_SERVERS === '2' ? 2 : 1;
})();
/** The second server's port: E2E_PORT_2, else the next one. */
const PORT_2 = Number(process.env.E2E_PORT_2 ?? PORT + 1);

/**
 * The spec files the second server runs: 331 s of the 686 s the tests took in the CI run of 2026-11-27 02:33 (the
 * first server: 356 s). Every other file, a new one too, runs on the first. Within a group, files run in name order
 * as they always did.
 */
const SECOND_SERVER_SPECS = [
  'builderWorkbench.spec.ts',
  'csp.spec.ts',
  'interchange.spec.ts',
  'queryImport.spec.ts',
  'session.spec.ts',
  'signatures.spec.ts',
  'transfer.spec.ts',
];

const baseURL = (port: number) => `http://localhost:${port}`;

/** One reference server (a `webServer` entry) on its own port and fresh data directory. */
function server(port: number, dataDir: string): TestConfigWebServer {
  return {
    command: `rm -rf ${dataDir} && SKIP_BUILD=1 PORT=${port} DATA_DIR=${dataDir} LOG_LEVEL=warn npx tsx scripts/start.ts`,
    url: `${baseURL(port)}/edcweb/`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  };
}

const secondSpecs = SECOND_SERVER_SPECS.map((file) => `**/e2e/${file}`);

export default defineConfig({
  testDir: 'e2e',
  // two runs share the 2 cores: the same margin over the CI durations as one had (the a11y subject list took 36 s of
  // its 60 s in CI alone; docs/ci-time.md)
  timeout: SERVERS > 1 ? 90_000 : 60_000,
  expect: { timeout: SERVERS > 1 ? 20_000 : 15_000 },
  fullyParallel: false,
  // one worker per server: a server never runs two tests at once
  workers: SERVERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.cache/e2e-results.json' }]] : 'list',
  use: {
    baseURL: baseURL(PORT),
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects:
    SERVERS === 1
      ? [{ name: 'e2e' }]
      : [
          { name: 'server-1', testIgnore: secondSpecs, workers: 1 },
          { name: 'server-2', testMatch: secondSpecs, workers: 1, use: { baseURL: baseURL(PORT_2) } },
        ],
  webServer:
    SERVERS === 1 ? server(PORT, '.data/e2e') : [server(PORT, '.data/e2e'), server(PORT_2, '.data/e2e-2')],
});
