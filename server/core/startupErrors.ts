/**
 * Startup problems as one clear line each: a taken port, a bad DATABASE_URL, a data directory we cannot write.
 */
import { access, constants, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export class StartupError extends Error {
  override readonly name = 'StartupError';
}

function errCode(err: unknown): string | undefined {
  if (err !== null && typeof err === 'object' && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The URL without its password, for messages. */
export function maskDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable)';
  }
}

/** Refuses a DATABASE_URL that is not a postgres:// URL before anything tries to connect. */
export function checkDatabaseUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StartupError(
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new StartupError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//); unset it to use the embedded database`,
    );
  }
}

/** Why connecting to PostgreSQL failed, in one line. */
export function describeDatabaseError(err: unknown, url: string): StartupError {
  const where = maskDatabaseUrl(url);
  const code = errCode(err);
  const detail = err instanceof Error ? err.message : String(err);
  switch (code) {
    case 'ECONNREFUSED':
      return new StartupError(
        `cannot connect to PostgreSQL at ${where}: connection refused (is the server running?)`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`cannot connect to PostgreSQL at ${where}: host not found`);
    case 'ETIMEDOUT':
      return new StartupError(`cannot connect to PostgreSQL at ${where}: connection timed out`);
    case '28P01':
    case '28000':
      return new StartupError(
        `PostgreSQL refused the login at ${where}: authentication failed (check user and password)`,
      );
    case '3D000':
      return new StartupError(`PostgreSQL at ${where}: the database does not exist (create it first)`);
    default:
      if (/timeout/i.test(detail))
        return new StartupError(`cannot connect to PostgreSQL at ${where}: connection timed out`);
      return new StartupError(`cannot use PostgreSQL at ${where}: ${detail}`);
  }
}

/** Creates the data directory when needed and checks that it is writable. */
export async function ensureWritableDir(dir: string): Promise<void> {
  const abs = path.resolve(dir);
  try {
    await mkdir(abs, { recursive: true });
    await access(abs, constants.W_OK);
  } catch (err) {
    const code = errCode(err);
    const why =
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'not writable'
        : `unusable (${code ?? String(err)})`;
    throw new StartupError(`data directory ${abs} is ${why}; set DATA_DIR to a writable directory`);
  }
}

/** Why listening failed, in one line. */
export function describeListenError(err: unknown, host: string, port: number): StartupError {
  const code = errCode(err);
  if (code === 'EADDRINUSE')
    return new StartupError(`port ${port} is in use; set PORT=<another port> (e.g. PORT=${port + 1})`);
  if (code === 'EACCES') return new StartupError(`port ${port} needs privileges; set PORT to 1024 or above`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new StartupError(`cannot listen on host ${host}; set HOST (e.g. HOST=127.0.0.1)`);
  return new StartupError(
    `cannot listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/** Fails fast, before the database is opened, when the port is taken (listen() still reports a race). */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err) => reject(describeListenError(err, host, port)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
