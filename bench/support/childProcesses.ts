/**
 * A bench's child processes (bench:load's servers and load balancer) do not outlive it. On SIGINT, SIGTERM or SIGHUP
 * the bench runs the clean-ups it registered (stop the children, drop the run's schema), at most 20 s, sends SIGKILL
 * to any child still running and exits with 128 + the signal's number. A signal more than a second after the first
 * does not wait for the clean-ups; one sooner is the same interruption (a terminal's Ctrl-C, `timeout` and `npm`
 * signal the whole process group, and tsx passes its signal on to the script as well). Whatever child is still
 * running when the bench exits otherwise (an uncaught error) is sent SIGKILL. SIGKILL of the bench itself cannot be
 * caught: its children then run on (`pkill -f dist-server/server/main.mjs`).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';

const children = new Set<ChildProcess>();
const cleanUps = new Set<() => Promise<void>>();
let installed = false;
let interruptedAt: number | null = null;

const CLEAN_UP_MS = 20_000;

function killAll(): void {
  signalChildren('SIGKILL');
}

async function onSignal(signal: NodeJS.Signals): Promise<void> {
  const code = 128 + (os.constants.signals[signal] ?? 15);
  if (interruptedAt !== null) {
    if (Date.now() - interruptedAt < 1_000) return;
    killAll();
    process.exit(code);
  }
  interruptedAt = Date.now();
  console.error(`\n${signal}: stopping the bench's processes …`);
  // from now on a connection or request cut short by the clean-ups (a terminated backend, a stopped server) may throw
  // where nothing awaits it: noted, and the clean-ups go on
  process.on('uncaughtException', (err) => console.error(`(during the clean-ups: ${err.message})`));
  process.on('unhandledRejection', (err) => console.error(`(during the clean-ups: ${String(err)})`));
  const done = Promise.allSettled([...cleanUps].map((clean) => clean()));
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, CLEAN_UP_MS).unref())]);
  killAll();
  process.exit(code);
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, (s) => void onSignal(s));
  process.on('exit', killAll);
}

/** Sends `signal` to every child still running (one still starting too). */
export function signalChildren(signal: NodeJS.Signals): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

/** Whether a signal has interrupted the bench: its clean-ups are running, and it exits when they are done. */
export function interrupted(): boolean {
  return interruptedAt !== null;
}

/** Stops `child` with the bench (see above); answers it. */
export function ownChild<C extends ChildProcess>(child: C): C {
  install();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs `cleanUp` when the bench is interrupted by a signal; answers a function that unregisters it. */
export function onInterrupt(cleanUp: () => Promise<void>): () => void {
  install();
  cleanUps.add(cleanUp);
  return () => cleanUps.delete(cleanUp);
}
