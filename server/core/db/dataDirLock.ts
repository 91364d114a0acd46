/**
 * One process per PGlite data directory: PGlite is a single-process database, and two servers (or a server and
 * `npm run seed`) writing the same directory would corrupt it. The lock is a file next to the directory holding the
 * owner's pid; a lock whose process is gone is taken over.
 */
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '../startupErrors';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Takes the lock or explains who holds it; answers the release function. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = lockFileOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        await unlink(file).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new StartupError(
          `data directory ${path.resolve(dataDir)} is in use by another process (pid ${pid}); stop it or set DATA_DIR`,
        );
      }
      await unlink(file).catch(() => undefined); // stale: its process is gone
    }
  }
  throw new StartupError(`cannot lock data directory ${path.resolve(dataDir)} (${file})`);
}
