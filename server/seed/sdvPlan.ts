/**
 * Notes and SDV in the demo seed (fixtures/seed/sdv.json, docs/notes-and-sdv.md): the study's targeted SDV plan
 * (first N subjects per site and a reproducible x % of the others; critical items always), and who may add and
 * review notes and verify source data (role_permissions). Idempotent: what is there already is left alone, so that an
 * older data directory is topped up by the same code.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import type { Db } from '../core/db/db';

export const SDV_SEED_FILE = new URL('../../fixtures/seed/sdv.json', import.meta.url);

const sdvSeedSchema = cs.object({
  plan: cs
    .object({
      firstN: cs.number().strict().integer().min(0).required(),
      percent: cs.number().strict().integer().min(0).max(100).required(),
      seed: cs.string().strict().required(),
    })
    .required(),
  criticalItems: cs
    .array(
      cs.object({
        tid: cs.string().strict().required(),
        variable: cs.string().strict().required(),
      }),
    )
    .required(),
  permissions: cs.object().required(),
});

export type SdvSeed = cs.InferType<typeof sdvSeedSchema> & { permissions: Record<string, string[]> };

export async function loadSdvSeed(): Promise<SdvSeed> {
  const raw: unknown = JSON.parse(await readFile(SDV_SEED_FILE, 'utf8'));
  return (await sdvSeedSchema.validate(raw, { strict: true })) as SdvSeed;
}

export async function seedSdvPlan(tx: Db, studyId: string): Promise<void> {
  const seed = await loadSdvSeed();
  await tx.query(
    `insert into sdv_plans (study_id, first_n, percent, seed) values ($1, $2, $3, $4)
     on conflict (study_id) do nothing`,
    [studyId, seed.plan.firstN, seed.plan.percent, seed.plan.seed],
  );
  for (const item of seed.criticalItems) {
    await tx.query(
      `insert into sdv_critical_items (study_id, tid, variable) values ($1, $2, $3) on conflict do nothing`,
      [studyId, item.tid, item.variable],
    );
  }
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

/** Whether the study has its plan already (an older data directory has not). */
export async function hasSdvPlan(db: Db, studyId: string): Promise<boolean> {
  const rows = await db.query('select 1 from sdv_plans where study_id = $1', [studyId]);
  return rows.length > 0;
}
