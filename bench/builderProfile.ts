/**
 * Where a keystroke's time goes in the builder's workbench (a tool, not a benchmark): opens the form-schema
 * playground with a generated form (as bench/builderBench.ts), types a burst of keys into a label string and records
 * (1) a CPU profile (CDP `Profiler`) of the burst, summarised by self and total time per function, and (2) a
 * Chromium trace (CDP `Tracing`) of the same burst, summarised by the main thread's top-level work (script, style,
 * layout, paint …). The burst ends before the debounced check runs unless BUILDER_PROFILE_PAUSE_MS is longer than
 * the debounce (then the check is in the profile too).
 *
 * For readable function names profile an unminified build:
 *   STORYBOOK_NO_MINIFY=1 npx storybook build -o /tmp/sb-profile --quiet
 *   BUILDER_PROFILE_DIR=/tmp/sb-profile npx tsx bench/builderProfile.ts
 * BUILDER_PROFILE_ITEMS (1000), BUILDER_PROFILE_KEYS (40), BUILDER_PROFILE_GAP_MS (60), BUILDER_PROFILE_OUT (a folder
 * to write profile.cpuprofile and trace.json into, for DevTools).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { openWorkbench } from './support/builderPage';
import { ROOT, serveStatic } from './support/pageBench';
import {
  summariseCpuProfile,
  summariseTrace,
  type CpuProfile,
  type TraceEvent,
} from './support/profileSummary';

const DIR = process.env.BUILDER_PROFILE_DIR ?? join(ROOT, 'storybook-static');
const ITEMS = Number(process.env.BUILDER_PROFILE_ITEMS ?? 1000);
const KEYS = Number(process.env.BUILDER_PROFILE_KEYS ?? 40);
const GAP = Number(process.env.BUILDER_PROFILE_GAP_MS ?? 60);
const OUT = process.env.BUILDER_PROFILE_OUT;

/** The check done and the preview it made mounted whole (the profiled burst holds the keystrokes only). */
async function settled(page: Page) {
  await page.waitForTimeout(2500);
  await page.waitForSelector('[data-testid="ecrf-form"][data-mounted="all"]', { timeout: 60_000 });
  await page.waitForTimeout(500);
}

async function burst(page: Page) {
  for (let k = 0; k < KEYS; k++) {
    await page.keyboard.press(String.fromCharCode(97 + (k % 26)));
    await page.waitForTimeout(GAP);
  }
}

const site = await serveStatic(DIR);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.addInitScript('globalThis.__name = (f) => f');
  await openWorkbench(page, site.url, ITEMS);
  const cdp: CDPSession = await page.context().newCDPSession(page);

  // a warm-up burst (first compilations), then the pause the check runs in
  await burst(page);
  await settled(page);

  const css = process.env.BUILDER_PROFILE_CSS;
  if (css) await page.addStyleTag({ content: css });
  if (process.env.BUILDER_PROFILE_CPU !== '0') {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await burst(page);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    console.log(`\n=== CPU profile: ${KEYS} keys, ${GAP} ms apart, ${ITEMS} items ===`);
    console.log(summariseCpuProfile(profile));
    await settled(page);
    if (OUT) writeFileSync(join(OUT, 'profile.cpuprofile'), JSON.stringify(profile));
  }

  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'],
    },
  });
  await burst(page);
  await cdp.send('Tracing.end');
  await done;
  console.log(`\n=== trace: ${KEYS} keys ===`);
  console.log(summariseTrace(events));
  if (OUT) {
    writeFileSync(join(OUT, 'trace.json'), JSON.stringify({ traceEvents: events }));
  }
} finally {
  await browser.close();
  await site.close();
}
