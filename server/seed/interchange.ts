/**
 * The interchange's seed (fixtures/seed/interchange.json; docs/interchange.md): who may import, publish and export
 * study definitions and data (role_permissions study.*). Idempotent.
 */
import { readFile } from 'node:fs/promises';
import type { Db } from '../core/db/db';

export const INTERCHANGE_SEED_FILE = new URL('../../fixtures/seed/interchange.json', import.meta.url);

export async function seedInterchange(tx: Db): Promise<void> {
  const seed = JSON.parse(await readFile(INTERCHANGE_SEED_FILE, 'utf8')) as {
    permissions: Record<string, string[]>;
  };
  for (const [rolecode, permissions] of Object.entries(seed.permissions)) {
    for (const permission of permissions) {
      if (!/^study\.[a-z]+$/.test(permission))
        throw new Error(`fixtures/seed/interchange.json: ${permission} is not a study.* permission`);
      await tx.query(
        `insert into role_permissions (role_id, permission) select id, $2 from roles where rolecode = $1
         on conflict do nothing`,
        [rolecode, permission],
      );
    }
  }
}

export async function hasInterchangePermissions(db: Db): Promise<boolean> {
  const rows = await db.query(`select 1 from role_permissions where permission like 'study.%' limit 1`);
  return rows.length > 0;
}
