/**
 * `npm run build:server`: the reference server compiled to plain JavaScript for production (docs/export-memory.md,
 * "Stop 25"): `server/main.ts` (and, with `--bench`, the export memory bench) bundled with rolldown (Vite 8's
 * bundler) into `dist-server/server/`, every package left to Node (`node_modules` is resolved at run time), started
 * with `node dist-server/server/main.mjs` (`npm run serve:compiled`). A server started so does not carry tsx's
 * loader thread, its compiled modules and source maps: ~50–90 MB less resident memory at rest.
 *
 * The server reads files next to its sources (migrations, seed fixtures) through `new URL(…, import.meta.url)`. In
 * one bundle every module would share the bundle's URL, so each module's `import.meta.url` is rewritten to its own
 * source file's URL, relative to the bundle: the files are found where they are in the repository.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'rolldown';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const outDir = path.join(root, 'dist-server', 'server');

/** `import.meta.url` of a source module, as an expression evaluated in the bundle. */
function ownImportMetaUrl(): Plugin {
  return {
    name: 'edc-own-import-meta-url',
    transform(code, id) {
      if (!id.startsWith(root) || id.includes('node_modules') || !code.includes('import.meta.url'))
        return null;
      // a bench finds itself by its own URL (to start its generator process): the bundle, not the source
      if (id.startsWith(path.join(root, 'bench'))) return null;
      const relative = path.relative(outDir, id).split(path.sep).join('/');
      return {
        code: code.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        map: null,
      };
    },
  };
}

const bare = (id: string) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');

async function main(): Promise<void> {
  const bench = process.argv.includes('--bench');
  const inputs: Record<string, string> = { main: path.join(root, 'server', 'main.ts') };
  if (bench) inputs.exportMemory = path.join(root, 'bench', 'exportMemory.ts');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const t0 = Date.now();
  await build({
    input: inputs,
    platform: 'node',
    cwd: root,
    tsconfig: path.join(root, 'tsconfig.json'),
    external: (id) => bare(id),
    plugins: [ownImportMetaUrl()],
    output: {
      dir: outDir,
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
      sourcemap: true,
    },
  });
  console.log(
    `server compiled into ${pathToFileURL(outDir).pathname} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

await main();
