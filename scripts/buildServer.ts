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
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'rolldown';

export const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = path.join(root, 'dist-server', 'server');

/**
 * A source module's code with `import.meta.url` replaced by its own file's URL, computed from the bundle's; null when
 * nothing is to change (packages, benches — a bench finds itself by its URL to start its generator process —, code
 * without `import.meta.url`).
 */
export function withOwnImportMetaUrl(code: string, id: string, from: string = outDir): string | null {
  if (!id.startsWith(root + path.sep) || id.includes(`${path.sep}node_modules${path.sep}`)) return null;
  if (id.startsWith(path.join(root, 'bench') + path.sep) || !code.includes('import.meta.url')) return null;
  const relative = path.relative(from, id).split(path.sep).join('/');
  return code.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
}

function ownImportMetaUrl(): Plugin {
  return {
    name: 'edc-own-import-meta-url',
    transform(code, id) {
      const rewritten = withOwnImportMetaUrl(code, id);
      return rewritten === null ? null : { code: rewritten, map: null };
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
