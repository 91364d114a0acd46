/**
 * Builder's workbench benchmark (numbers, not pass/fail; issue 18). Builds the production Storybook
 * (`npm run build-storybook` → storybook-static/, unless SKIP_BUILD=1 and it exists), serves it statically and drives
 * headless Chromium on the form-schema playground's story frame, opened with a generated form through a share link
 * (`iframe.html?id=…#wb=…`, the schema lz-compressed in the address):
 *  (a) 1,000 items (19,000 lines of JSON): real key presses inside a label string in the editor, in bursts (the
 *      debounced check and preview run in the pauses): keydown's event time → the next frame produced (target ≤ 16 ms
 *      median);
 *  (b) 300 items: a few keys typed into the first item's label, then the last keydown's event time → the preview
 *      showing the new label, painted (debounce + check + compile + preview remount; target ≤ 300 ms).
 * "Produced" = the frame's style, layout, paint and layerize ran on the main thread (a task queued from its animation
 * frame runs after them; as bench/support/paint.ts frameTimes).
 *
 * `npm run bench:builder`. BUILDER_BENCH_BURSTS (8), BUILDER_BENCH_RUNS (15), SKIP_BUILD=1, BUILDER_BENCH_DIR (another
 * Storybook build to measure, e.g. the one before a change).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { openWorkbench } from './support/builderPage';
import { printStats, ROOT, serveStatic, stat, type Stat } from './support/pageBench';

const OUT = process.env.BUILDER_BENCH_DIR ?? join(ROOT, 'storybook-static');
const BURSTS = Number(process.env.BUILDER_BENCH_BURSTS ?? 8);
const KEYS_PER_BURST = 20;
const RUNS = Number(process.env.BUILDER_BENCH_RUNS ?? 15);

if (!(process.env.SKIP_BUILD === '1' && existsSync(join(OUT, 'iframe.html')))) {
  const t0 = performance.now();
  const built = spawnSync('npm', ['run', 'build-storybook', '--', '--quiet'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('storybook build failed');
  console.log(`built Storybook in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** In the page: keydown (event time) → next frame produced, for every key; and "shown" timings on demand. */
function installProbes() {
  const w = window as unknown as {
    keySamples: number[];
    lastKeydown: number;
    shownAfterLastKey(selector: string, text: string): Promise<number>;
  };
  w.keySamples = [];
  w.lastKeydown = 0;
  const produced = () =>
    new Promise<number>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  document.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      w.lastKeydown = start;
      void produced().then((t) => w.keySamples.push(t - start));
    },
    true,
  );
  w.shownAfterLastKey = (selector, text) =>
    new Promise((resolve, reject) => {
      const start = w.lastKeydown;
      const holds = () => document.querySelector(selector)?.textContent?.includes(text) ?? false;
      const done = () => {
        observer.disconnect();
        clearTimeout(timer);
        void produced().then((t) => resolve(t - start));
      };
      const observer = new MutationObserver(() => holds() && done());
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`${text} not shown`));
      }, 15_000);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      if (holds()) done();
    });
}

/** Opens the playground with a generated form of `items` items, settled, the caret in the first item's zh_CN label. */
async function openWith(page: Page, siteUrl: string, items: number) {
  await openWorkbench(page, siteUrl, items, () => page.evaluate(installProbes));
  await page.evaluate(() => {
    (window as unknown as { keySamples: number[] }).keySamples = [];
  });
}

const site = await serveStatic(OUT);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const stats: Stat[] = [];
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  // tsx keeps function names with a helper the page does not have
  await page.addInitScript('globalThis.__name = (f) => f');

  // (a) keystrokes at 1,000 items
  await openWith(page, site.url, 1000);
  for (let b = 0; b < BURSTS; b++) {
    for (let k = 0; k < KEYS_PER_BURST; k++) {
      await page.keyboard.press(String.fromCharCode(97 + (k % 26)));
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(1500); // the check and the preview of 1,000 items run here
  }
  const keys = await page.evaluate(() => (window as unknown as { keySamples: number[] }).keySamples);
  const firstBurst = keys.slice(0, KEYS_PER_BURST);
  stats.push(
    stat('1,000 items: keystroke in the editor → next frame produced (all keys)', keys, keys[0] ?? 0),
    stat('1,000 items: keystroke → next frame, first burst only', firstBurst, firstBurst[0] ?? 0),
  );

  // (b) last keystroke → preview updated at 300 items
  await openWith(page, site.url, 300);
  const updates: number[] = [];
  for (let r = 0; r < RUNS + 2; r++) {
    const marker = `Q${r}Z`;
    for (const ch of marker) {
      await page.keyboard.press(ch === 'Q' || ch === 'Z' ? `Shift+${ch}` : ch);
      await page.waitForTimeout(40);
    }
    const taken = await page.evaluate(
      (m) =>
        (window as unknown as { shownAfterLastKey(s: string, t: string): Promise<number> }).shownAfterLastKey(
          '[data-testid="ecrf-row-B0001"]',
          m,
        ),
      marker,
    );
    updates.push(taken);
    await page.waitForTimeout(300);
  }
  const measured = updates.slice(2);
  stats.push(stat('300 items: last keystroke → preview updated, painted', measured, updates[0] ?? 0));
  printStats('Builder workbench (production Storybook, headless Chromium), ms', stats, {
    chromium: browser.version(),
    debounceMs: 'renderers/builder/useDebouncedCheck.ts CHECK_DELAY_MS',
  });
} finally {
  await browser.close();
  await site.close();
}
