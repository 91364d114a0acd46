/**
 * The compiled server (scripts/buildServer.ts) finds its files where they are in the repository: each bundled
 * module's `import.meta.url` becomes its own source file's URL, resolved from the bundle's.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { root, withOwnImportMetaUrl } from './buildServer';

const bundleDir = path.join(root, 'dist-server', 'server');

describe('withOwnImportMetaUrl', () => {
  it("rewrites a module's import.meta.url to its own source file, so relative files resolve as from the source", () => {
    const id = path.join(root, 'server', 'core', 'db', 'migrate.ts');
    const code = "export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);";
    const out = withOwnImportMetaUrl(code, id, bundleDir)!;
    expect(out).toContain('new URL("../../server/core/db/migrate.ts", import.meta.url).href');
    // evaluated as the bundle would: import.meta.url is the bundle's own file
    const bundleUrl = pathToFileURL(path.join(bundleDir, 'main.mjs')).href;
    const resolved = new URL('./migrations/', new URL('../../server/core/db/migrate.ts', bundleUrl).href);
    expect(resolved.href).toBe(new URL('./migrations/', pathToFileURL(id)).href);
  });

  it('leaves packages, benches and code without import.meta.url as they are', () => {
    const code = 'const self = new URL(import.meta.url).pathname;';
    expect(
      withOwnImportMetaUrl(code, path.join(root, 'node_modules', 'x', 'index.js'), bundleDir),
    ).toBeNull();
    expect(withOwnImportMetaUrl(code, path.join(root, 'bench', 'exportMemory.ts'), bundleDir)).toBeNull();
    expect(
      withOwnImportMetaUrl('export const a = 1;', path.join(root, 'server', 'a.ts'), bundleDir),
    ).toBeNull();
    expect(withOwnImportMetaUrl(code, '/elsewhere/a.ts', bundleDir)).toBeNull();
  });
});
