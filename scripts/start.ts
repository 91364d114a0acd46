/**
 * `npm start`: builds the SPA when dist/ is missing or older than its sources, then starts the reference server
 * (server/main.ts) on the embedded database. Configuration: see README (PORT, HOST, DATA_DIR, DATABASE_URL).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'renderers', 'engine', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function needsBuild(): boolean {
  if (process.env.SKIP_BUILD === '1') return false;
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

if (needsBuild()) {
  console.log('Building the web app (vite build) …');
  const t0 = Date.now();
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error('The web app build failed; the server was not started.');
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
} else {
  console.log('dist/ is up to date; skipping the build.');
}

await import('../server/main');
