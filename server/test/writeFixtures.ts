/**
 * Regenerates fixtures/session/*.json, fixtures/lists/*.json and fixtures/forms/*.json from the server: `npx tsx server/test/writeFixtures.ts`.
 * fixtures.test.ts fails when the saved fixtures no longer match what the server sends.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import { captureFixtures } from './captureFixtures';
import { startHarness } from './harness';

const FIXTURES_DIR = new URL('../../fixtures/', import.meta.url).pathname;

const h = await startHarness({ logger: false });
try {
  const captured = await captureFixtures(h);
  for (const [name, body] of Object.entries(captured)) {
    const file = path.join(FIXTURES_DIR, `${name}.json`);
    await mkdir(path.dirname(file), { recursive: true });
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    await writeFile(file, await prettier.format(JSON.stringify(body), options));
  }
  console.log(`wrote ${Object.keys(captured).length} fixtures`);
} finally {
  await h.close();
}
