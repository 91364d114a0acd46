/**
 * `npm run serve` (and `npm start` after the build): opens the database (PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL), migrates, seeds the demo study when empty, listens on HOST:PORT and prints the URL and the demo
 * accounts. Startup problems end the process with exit code 1 and one line saying what is wrong.
 *
 * Environment: PORT (8080), HOST (127.0.0.1), DATA_DIR (.data/pglite), DATABASE_URL, MIGRATION_DATABASE_URL (the
 * owner that migrates and seeds, docs/security-database.md), DB_POOL_SIZE (10), DB_PREPARED_STATEMENTS (true),
 * DEMO_PASSWORD (Demo#2026),
 * ONLINE_URL, BACK_ADDRESS, TRUST_PROXY (false), LOG_LEVEL (info), ALLOWED_HOSTS (loopback, HOST, BACK_ADDRESS's
 * host), SECURITY_LOG_RETENTION_DAYS (180). See docs/security.md.
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { APP_BASE } from '../engine/api/protocol';
import { buildApp } from './core/app';
import { formatBanner } from './core/banner';
import type { Db } from './core/db/db';
import { migrateDatabase } from './core/db/ownerSplit';
import { openDatabase } from './core/db/open';
import { readEnv } from './core/env';
import { loggerOptions } from './core/logging';
import { accountSummaries } from './core/auth/users';
import { isSeeded, seedDemo, topUpSeed } from './seed/seed';
import { StartupError, assertPortFree, describeListenError, maskDatabaseUrl } from './core/startupErrors';

async function main(): Promise<void> {
  const env = readEnv();
  await assertPortFree(env.host, env.port);
  let db: Db | null = null;
  try {
    db = await openDatabase(env);
    let freshlySeeded = false;
    // with MIGRATION_DATABASE_URL the owner seeds too (the seed resets id sequences, which the app's role may not)
    await migrateDatabase(db, {
      ...env,
      async afterMigrate(owner) {
        freshlySeeded = !(await isSeeded(owner));
        if (freshlySeeded) await seedDemo(owner, { password: env.demoPassword });
        else await topUpSeed(owner);
      },
    });

    const app = await buildApp({
      db,
      port: env.port,
      host: env.host,
      dataDir: env.dataDir,
      logger: loggerOptions(env.logLevel),
      ...(env.onlineUrl ? { onlineUrl: env.onlineUrl } : {}),
      ...(env.backAddress ? { backAddress: env.backAddress } : {}),
      trustProxy: env.trustProxy,
      ...(env.allowedHosts ? { allowedHosts: env.allowedHosts } : {}),
      securityLogRetentionDays: env.securityLogRetentionDays,
      maxActiveRequests: env.maxActiveRequests,
    });
    try {
      await app.listen({ port: env.port, host: env.host });
    } catch (err) {
      await app.close().catch(() => undefined);
      throw describeListenError(err, env.host, env.port);
    }
    const port = (app.server.address() as AddressInfo).port;
    if ((env.host === '0.0.0.0' || env.host === '::') && !env.allowedHosts && !env.backAddress) {
      console.warn(
        'EDC reference server: serving the network, but only loopback host names are allowed: set ALLOWED_HOSTS ' +
          '(or BACK_ADDRESS) to the names clients use (docs/security.md).',
      );
    }
    const openDb = db;
    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) process.exit(1);
      closing = true;
      app.log.info({ signal }, 'shutting down');
      void app
        .close()
        .then(() => openDb.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));

    console.log(
      formatBanner({
        url: `http://localhost:${port}${APP_BASE}`,
        accounts: await accountSummaries(db),
        password: env.demoPassword,
        freshlySeeded,
        database: env.databaseUrl
          ? `PostgreSQL ${maskDatabaseUrl(env.databaseUrl)}`
          : `PGlite in ${path.resolve(env.dataDir)}`,
        startupMs: performance.now(),
      }),
    );
  } catch (err) {
    await db?.close().catch(() => undefined);
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof StartupError) console.error(`EDC reference server: ${err.message}`);
  else console.error('EDC reference server failed to start:', err);
  process.exit(1);
});
