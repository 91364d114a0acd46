/** Reads the server's environment variables (main.ts, seedCli.ts). */
import { DEFAULT_DEMO_PASSWORD } from './seed';
import { StartupError } from './startupErrors';

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoPassword: string;
  onlineUrl: string | undefined;
  backAddress: string | undefined;
  logLevel: string;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const portText = env.PORT?.trim() || '8080';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StartupError(`PORT must be a number from 0 to 65535 (got "${portText}")`);
  }
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || '.data/pglite',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    onlineUrl: env.ONLINE_URL?.trim() || undefined,
    backAddress: env.BACK_ADDRESS?.trim() || undefined,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
  };
}
