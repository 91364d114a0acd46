/**
 * A migrated, seeded database per test file.
 * - default: in-memory PGlite cloned from a snapshot (migrating and seeding a fresh PGlite takes seconds, loading
 *   a dump well under one), cached in .cache/ under a hash of everything that shapes it;
 * - DATABASE_URL set: real PostgreSQL, one fresh schema per test file (search_path), dropped afterwards; with
 *   MIGRATION_DATABASE_URL too, that owner role creates, migrates and seeds it and DATABASE_URL's role gets DML only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../core/db/db';
import { migrate } from '../core/db/migrate';
import { wrapPglite } from '../core/db/pglite';
import { currentRole, grantAppRole } from '../core/db/ownerSplit';
import { openPostgres } from '../core/db/postgres';
import { TEST_SCRYPT_COST } from '../core/auth/passwords';
import { seedDemo, seedSourceFiles } from '../seed/seed';
import { TEST_SEED_TIME } from './clock';

/** Password of every demo user in the test database. */
export const TEST_PASSWORD = 'Test#pass1';

export interface TestDb {
  db: Db;
  /**
   * The connection that owns the schema: with the owner/app split (MIGRATION_DATABASE_URL), the owner's; else `db`.
   * Only tests of what the owner does (migrating, dropping everything) use it.
   */
  owner: Db;
  /** Closes the database (and drops the PostgreSQL schema). */
  cleanup(): Promise<void>;
}

const ROOT = new URL('../../', import.meta.url);
const CACHE_DIR = new URL('.cache/', ROOT);

/** Hash of the migrations, the seed data and code, the test password and cost, and the PGlite version. */
async function snapshotKey(): Promise<string> {
  const h = createHash('sha256');
  const inputs = [
    ...(await seedSourceFiles()),
    new URL('server/core/auth/passwords.ts', ROOT),
    new URL('node_modules/@electric-sql/pglite/package.json', ROOT),
  ];
  for (const file of inputs) h.update(file.pathname).update(await readFile(file));
  h.update(TEST_PASSWORD).update(JSON.stringify(TEST_SCRYPT_COST)).update(TEST_SEED_TIME.toISOString());
  return h.digest('hex').slice(0, 16);
}

async function seedInto(db: Db): Promise<void> {
  await migrate(db);
  await seedDemo(db, { password: TEST_PASSWORD, cost: TEST_SCRYPT_COST, now: TEST_SEED_TIME });
}

let snapshot: Promise<Blob> | null = null;

/** The dump of a migrated, seeded PGlite: read from the cache, or made once and cached. */
export function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = path.join(CACHE_DIR.pathname, `pglite-snapshot-${await snapshotKey()}.tgz`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // not cached yet
    }
    const pg = new PGlite('memory://');
    try {
      await seedInto(wrapPglite(pg));
      const dump = await pg.dumpDataDir('gzip');
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
      await rename(tmp, file);
      // snapshots of earlier migrations or seeds are of no further use
      for (const old of await readdir(path.dirname(file))) {
        if (/^pglite-snapshot-.*\.tgz$/.test(old) && old !== path.basename(file)) {
          await rm(path.join(path.dirname(file), old), { force: true });
        }
      }
      return dump;
    } finally {
      await pg.close();
    }
  })();
  return snapshot;
}

async function openPgliteTestDb(): Promise<TestDb> {
  const pg = new PGlite({ loadDataDir: await pgliteSnapshot() });
  await pg.waitReady;
  const db = wrapPglite(pg);
  return { db, owner: db, cleanup: () => db.close() };
}

async function openPostgresTestDb(url: string, ownerUrl: string | undefined): Promise<TestDb> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  // with the owner/app split (docs/security-database.md) the owner creates, migrates and seeds the schema and the
  // app's role (DATABASE_URL) gets DML only; without it one role does all
  const admin = await openPostgres(ownerUrl ?? url, { max: 1 });
  await admin.exec(`create schema ${schema}`);
  const owner = ownerUrl ? await openPostgres(ownerUrl, { schema, max: 1, prepared: false }) : null;
  // DB_PREPARED_STATEMENTS=false: the server tests without named statements, as a deployment behind PgBouncer runs
  const db = await openPostgres(url, {
    schema,
    max: 4,
    ...(process.env.DB_PREPARED_STATEMENTS === 'false' ? { prepared: false } : {}),
  });
  try {
    await seedInto(owner ?? db);
    if (owner) await grantAppRole(owner, await currentRole(db));
  } catch (err) {
    await db.close();
    await owner?.close();
    await admin.exec(`drop schema ${schema} cascade`);
    await admin.close();
    throw err;
  }
  return {
    db,
    owner: owner ?? db,
    async cleanup() {
      await db.close();
      await owner?.close();
      await admin.exec(`drop schema if exists ${schema} cascade`);
      await admin.close();
    },
  };
}

export function openTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgresTestDb(url, process.env.MIGRATION_DATABASE_URL || undefined) : openPgliteTestDb();
}
