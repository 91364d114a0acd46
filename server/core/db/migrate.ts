/**
 * Versioned migrations: `migrations/NNNN_name.sql`, applied in order, each in its own transaction, recorded in
 * `schema_migrations`. Applying again skips what is recorded, so a restart is a no-op.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db';

export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export async function loadMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`migration file name must look like 0001_name.sql: ${file}`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version))
      throw new Error(`duplicate migration version ${version}`);
    migrations.push({ version, name: match[2] ?? '', sql: await readFile(new URL(file, dir), 'utf8') });
  }
  return migrations;
}

/** Applies the migrations not yet recorded; answers the versions it applied. */
export async function migrate(db: Db, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  await db.exec(`create table if not exists schema_migrations (
    version    integer primary key,
    name       text not null,
    applied_at timestamptz not null default now()
  )`);
  const done = new Set(
    (await db.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
  );
  const applied: number[] = [];
  for (const m of all) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
    });
    applied.push(m.version);
  }
  return applied;
}
