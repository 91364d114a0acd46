/**
 * The owner/app split on PostgreSQL (issue 15, finding 9; docs/security-database.md). The tables, triggers and
 * functions belong to an owner role that runs the migrations (MIGRATION_DATABASE_URL); the app connects with
 * DATABASE_URL as a role that owns nothing, so it cannot ALTER TABLE … DISABLE TRIGGER, drop the audit triggers,
 * TRUNCATE, or set session_replication_role: every change it makes goes through the audit triggers. The app role
 * gets DML only — and on the audit tables only SELECT and INSERT.
 */
import type { Db } from './db';
import { migrate } from './migrate';
import { openPostgres } from './postgres';

/** A role name safe to quote into SQL (what CREATE ROLE takes unquoted). */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The role a connection runs as. */
export async function currentRole(db: Db): Promise<string> {
  const rows = await db.query<{ role: string }>('select current_user::text as role');
  return rows[0]?.role ?? '';
}

/**
 * Grants `appRole` what the app needs on the owner's current schema: SELECT, INSERT, UPDATE, DELETE on the tables
 * (SELECT and INSERT only on the audit tables and on the stored form versions), the sequences, and the same on
 * tables created later by the owner.
 */
export async function grantAppRole(owner: Db, appRole: string): Promise<void> {
  if (!ROLE_NAME.test(appRole)) throw new Error(`app role name not supported: ${appRole}`);
  const schema = (await owner.query<{ s: string }>('select current_schema()::text as s'))[0]?.s;
  if (!schema || !ROLE_NAME.test(schema)) throw new Error(`schema name not supported: ${schema}`);
  const tables = await owner.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = $1 and table_type = 'BASE TABLE'`,
    [schema],
  );
  const statements = [`grant usage on schema "${schema}" to "${appRole}"`];
  for (const { name } of tables) {
    const appendOnly = name.includes('audit') || name === 'schema_migrations';
    // the access and code-list versions are moved only by the owner's triggers (migrations 0024, 0025): the app reads them
    const readOnly = name === 'access_version' || name === 'codelist_version';
    // a stored form version never changes (the data entered against it name it; each process keeps it once read,
    // data/formSchemas.ts): a new version is a new row
    const insertOnly = name === 'form_schemas';
    const rights = readOnly
      ? 'select'
      : appendOnly || insertOnly
        ? 'select, insert'
        : 'select, insert, update, delete';
    statements.push(`revoke all on "${schema}"."${name}" from "${appRole}"`);
    statements.push(`grant ${rights} on "${schema}"."${name}" to "${appRole}"`);
  }
  statements.push(`grant usage, select on all sequences in schema "${schema}" to "${appRole}"`);
  await owner.exec(statements.join(';\n'));
}

/**
 * PGlite has no autovacuum: the planner's statistics are only what an ANALYZE gathered. A migration that adds a
 * column or an index leaves them stale — a column added after the last ANALYZE has none, and `abandoned_at is null`
 * was then estimated at 0.5 % of the subjects instead of all of them, so the filtered and sorted subject list was
 * read by a sequential scan of 100,000 rows (150 ms) instead of 40 entries of its sort index (0.4 ms;
 * docs/perf-list-page-change.md). So after migrations were applied, PGlite's statistics are gathered again (a few
 * seconds at 100,000 subjects, only at a start that migrated). PostgreSQL's autovacuum does it there.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.kind === 'pglite') await db.exec('analyze');
}

/**
 * Migrates the app's database. With an owner URL (PostgreSQL): the migrations run as the owner, then `afterMigrate`
 * (the demo seed, which resets id sequences: owner only) over the owner's connection too, then the app's role is
 * granted DML; refuses an app role that owns the tables (the split would be void). Without one: as before, the app's
 * own connection migrates and seeds (PGlite, or a PostgreSQL set up without the split).
 */
export async function migrateDatabase(
  db: Db,
  opts: {
    migrationDatabaseUrl?: string | undefined;
    schema?: string;
    afterMigrate?: (owner: Db) => Promise<void>;
  },
): Promise<number[]> {
  if (!opts.migrationDatabaseUrl || db.kind !== 'postgres') {
    const applied = await migrate(db);
    await opts.afterMigrate?.(db);
    if (applied.length > 0) await refreshPlannerStatistics(db);
    return applied;
  }
  const owner = await openPostgres(opts.migrationDatabaseUrl, {
    max: 1,
    // it changes tables: no statement prepared before a migration may run after it
    prepared: false,
    ...(opts.schema ? { schema: opts.schema } : {}),
  });
  try {
    const appRole = await currentRole(db);
    if (appRole === (await currentRole(owner))) {
      throw new Error(
        'MIGRATION_DATABASE_URL and DATABASE_URL connect as the same role: the app would own the tables',
      );
    }
    const applied = await migrate(owner);
    await opts.afterMigrate?.(owner);
    await grantAppRole(owner, appRole);
    return applied;
  } finally {
    await owner.close();
  }
}
