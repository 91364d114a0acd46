/**
 * CI: the deployment shape starts and answers. Runs the compiled server (`npm run build:server` →
 * `dist-server/server/main.mjs`, started with plain `node` as a deployment starts it) on a fresh embedded database,
 * waits until it serves the web app, then asks the anonymous login info and logs a demo account in: the bundle's
 * migrations, seed, password hashing and contracts all work outside tsx. Exits 1 with what went wrong.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.SMOKE_PORT ?? 8197);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'edc-smoke-'));
const START_TIMEOUT_MS = 180_000;

const server = spawn(process.execPath, [join(root, 'dist-server', 'server', 'main.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

function fail(message: string): never {
  console.error(`compiled server smoke test: ${message}\n--- server output ---\n${output.slice(-4000)}`);
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function waitUntilServing(): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < until) {
    if (ended) fail('the server exited before it served the web app');
    try {
      const res = await fetch(`${base}/edcweb/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`the web app was not served within ${START_TIMEOUT_MS / 1000} s`);
}

const t0 = Date.now();
await waitUntilServing();
const info = (await (await fetch(`${base}/login/info/logininfo.do`)).json()) as { success?: boolean };
if (info.success !== true) fail(`logininfo.do answered ${JSON.stringify(info)}`);
const login = await fetch(`${base}/login/front/login.do`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'crc.li', password: process.env.DEMO_PASSWORD ?? 'Demo#2026' }),
});
const answer = (await login.json()) as { success?: boolean; data?: { token?: string } };
if (answer.success !== true || !answer.data?.token) fail(`login.do answered ${JSON.stringify(answer)}`);
server.kill('SIGTERM');
await exited;
rmSync(dataDir, { recursive: true, force: true });
console.log(`compiled server: served the web app, its login info and a login (${Date.now() - t0} ms)`);
