/**
 * What the load balancers of bench:load (HAProxy, nginx: haproxyProxy.ts, nginxProxy.ts) share: finding the binary,
 * a free port, starting the process in the foreground and waiting until it accepts connections (or failing with what it
 * printed), and stopping it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { ownChild } from './childProcesses';

/** The first of `candidates` that runs with `versionFlag`, or null when none is installed. */
export function findBinary(candidates: string[], versionFlag = '-v'): string | null {
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, [versionFlag], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `child` accepts a connection on 127.0.0.1:`port`; rejects if it exits or has not within 10 s (with
 * `errors()`, what it printed), after `cleanUp` (which stops it and removes its files).
 */
async function waitUntilListening(
  name: string,
  child: ChildProcess,
  port: number,
  errors: () => string,
  cleanUp: () => Promise<void>,
): Promise<void> {
  const started = Date.now();
  const fail = async (message: string): Promise<never> => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await cleanUp();
    throw new Error(message);
  };
  for (;;) {
    if (child.exitCode !== null) await fail(`${name} exited: ${errors()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() - started > 10_000) await fail(`${name} did not start within 10 s: ${errors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A balancer process started by startBalancer. */
export interface BalancerProcess {
  child: ChildProcess;
  url: string;
  /** Sends `signal` (its graceful stop), SIGKILL after 5 s, and removes its folder. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `binary args` (in the foreground, its configuration in `dir`) and resolves once it listens on
 * 127.0.0.1:`port`; on failure the process is stopped and `dir` removed.
 */
export async function startBalancer(
  name: string,
  binary: string,
  args: string[],
  port: number,
  dir: string,
): Promise<BalancerProcess> {
  const child = ownChild(spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] }));
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  await waitUntilListening(name, child, port, () => errors, removeDir);
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    async stop(signal) {
      child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await removeDir();
    },
  };
}
