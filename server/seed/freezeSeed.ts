/**
 * Freeze and unfreeze in the demo seed (fixtures/seed/freeze.json, docs/freeze.md): who may apply for a freeze or
 * unfreeze (`freeze.apply`: CRA, DM) and who may approve (`freeze.approve`: DM — never their own request). Idempotent:
 * what is there already is left alone, so that an older data directory is topped up by the same code.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import type { Db } from '../core/db/db';

export const FREEZE_SEED_FILE = new URL('../../fixtures/seed/freeze.json', import.meta.url);

const freezeSeedSchema = cs.object({
  permissions: cs.object().required(),
});

export async function seedFreezePermissions(tx: Db): Promise<void> {
  const raw: unknown = JSON.parse(await readFile(FREEZE_SEED_FILE, 'utf8'));
  const seed = (await freezeSeedSchema.validate(raw, { strict: true })) as {
    permissions: Record<string, string[]>;
  };
  for (const [rolecode, permissions] of Object.entries(seed.permissions)) {
    for (const permission of permissions) {
      await tx.query(
        `insert into role_permissions (role_id, permission) select id, $2 from roles where rolecode = $1
         on conflict do nothing`,
        [rolecode, permission],
      );
    }
  }
}

/** Whether the freeze permissions are seeded (an older data directory has none). */
export async function hasFreezePermissions(db: Db): Promise<boolean> {
  const rows = await db.query(`select 1 from role_permissions where permission like 'freeze.%' limit 1`);
  return rows.length > 0;
}
