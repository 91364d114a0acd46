/**
 * The form-schema playground's story frame opened with a generated form through a share link (`#wb=…`, the schema
 * lz-compressed in the address), settled, the caret inside the first item's zh_CN label (bench/builderBench.ts,
 * bench/builderProfile.ts).
 */
import type { Page } from '@playwright/test';
import LZString from 'lz-string';
import { generateBigForm } from '../../fixtures/forms/generateBigForm';

export const PLAYGROUND_STORY = 'ecrf-form-schema-playground--playground';

export async function openWorkbench(
  page: Page,
  siteUrl: string,
  items: number,
  settle?: () => Promise<void>,
) {
  const code = LZString.compressToEncodedURIComponent(JSON.stringify(generateBigForm(items), null, 2));
  // a new document: going to the same address with another fragment would not reload the story (the text opened
  // before would stay in the editor)
  await page.goto('about:blank');
  await page.goto(`${siteUrl}iframe.html?id=${PLAYGROUND_STORY}&viewMode=story#wb=${code}`);
  await page.waitForSelector('[data-testid="ecrf-form"][data-mounted="all"]', { timeout: 60_000 });
  await page.waitForTimeout(1000);
  await settle?.();
  // line 21: `"zh_CN": "第 1 项（文本）",` — the caret before the closing quote
  const line = page.locator('[data-testid="builder-editor-schema"] .cm-line').nth(20);
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(500);
}
