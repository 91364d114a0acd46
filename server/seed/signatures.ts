/**
 * The PI signature in the demo seed (fixtures/seed/signatures.json, docs/signatures.md): who may sign
 * (role_permissions signature.sign: the principal investigator) and whether open queries refuse a signing (the
 * study's signature_settings; on by default). Idempotent: what is there already is left alone, so that an older data
 * directory is topped up by the same code.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import type { Db } from '../core/db/db';

export const SIGNATURE_SEED_FILE = new URL('../../fixtures/seed/signatures.json', import.meta.url);

const signatureSeedSchema = cs.object({
  refuseOpenQueries: cs.boolean().strict().required(),
  permissions: cs.object().required(),
});

export type SignatureSeed = cs.InferType<typeof signatureSeedSchema> & {
  permissions: Record<string, string[]>;
};

export async function loadSignatureSeed(): Promise<SignatureSeed> {
  const raw: unknown = JSON.parse(await readFile(SIGNATURE_SEED_FILE, 'utf8'));
  return (await signatureSeedSchema.validate(raw, { strict: true })) as SignatureSeed;
}

export async function seedSignatures(tx: Db, studyId: string): Promise<void> {
  const seed = await loadSignatureSeed();
  await tx.query(
    `insert into signature_settings (study_id, refuse_open_queries) values ($1, $2) on conflict (study_id) do nothing`,
    [studyId, seed.refuseOpenQueries],
  );
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

/** Whether the study has its signature setting already (an older data directory has not). */
export async function hasSignatureSettings(db: Db, studyId: string): Promise<boolean> {
  const rows = await db.query('select 1 from signature_settings where study_id = $1', [studyId]);
  return rows.length > 0;
}
