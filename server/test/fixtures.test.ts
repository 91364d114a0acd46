/**
 * fixtures/session/*.json must be what the server sends (the app's stories and tests rely on them). When this fails
 * after a deliberate change, regenerate them: `npx tsx server/test/writeFixtures.ts`.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureFixtures, type CapturedFixtures } from './captureFixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
let captured: CapturedFixtures;
beforeAll(async () => {
  h = await startHarness({ logger: false });
  captured = await captureFixtures(h);
});
afterAll(() => h?.close());

describe('fixtures match the server', () => {
  it('captures every fixture', () => {
    expect(Object.keys(captured).length).toBeGreaterThanOrEqual(30);
  });

  it('each saved fixture equals what the server answers now', async () => {
    const stale: string[] = [];
    for (const [name, body] of Object.entries(captured)) {
      const file = new URL(`../../fixtures/${name}.json`, import.meta.url);
      const saved: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (JSON.stringify(saved) !== JSON.stringify(body)) stale.push(name);
    }
    expect(stale, 'regenerate with: npx tsx server/test/writeFixtures.ts').toEqual([]);
  });
});
