/**
 * The query workflow's seed (fixtures/seed/queries.json): the roles' query permissions (docs/queries.md) and the
 * study's query dictionaries — close reasons, add reasons (issue types; one may name the PD type it suggests) and
 * protocol-deviation types with their subcategories. Idempotent: what is there already is left alone.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import { localizedTextSchema } from '../../engine/api/localized';
import type { Db } from '../core/db/db';

export const QUERIES_SEED_FILE = new URL('../../fixtures/seed/queries.json', import.meta.url);

const entry = cs.object({
  code: cs.string().strict().required(),
  text: localizedTextSchema.required(),
  pd: cs.string().strict().optional(),
});

const queriesSeedSchema = cs.object({
  permissions: cs.object().required(),
  closeReasons: cs.array(entry).required().min(1),
  addReasons: cs.array(entry).required().min(1),
  pdTypes: cs
    .array(entry.shape({ subtypes: cs.array(entry).required() }))
    .required()
    .min(1),
});

export type QueriesSeed = cs.InferType<typeof queriesSeedSchema> & { permissions: Record<string, string[]> };

export async function loadQueriesSeed(): Promise<QueriesSeed> {
  const raw: unknown = JSON.parse(await readFile(QUERIES_SEED_FILE, 'utf8'));
  const seed = (await queriesSeedSchema.validate(raw, { strict: true })) as QueriesSeed;
  const pdCodes = new Set(seed.pdTypes.map((p) => p.code));
  for (const r of seed.addReasons) {
    if (r.pd !== undefined && !pdCodes.has(r.pd)) {
      throw new Error(`fixtures/seed/queries.json: add reason ${r.code} names unknown PD type ${r.pd}`);
    }
  }
  return seed;
}

export async function seedQueries(tx: Db, studyId: string): Promise<void> {
  const seed = await loadQueriesSeed();
  for (const [rolecode, permissions] of Object.entries(seed.permissions)) {
    for (const permission of permissions) {
      await tx.query(
        `insert into role_permissions (role_id, permission) select id, $2 from roles where rolecode = $1
         on conflict do nothing`,
        [rolecode, permission],
      );
    }
  }
  const put = async (
    dict: string,
    sort: number,
    e: { code: string; text: { zh_CN: string; en: string } },
    parent: string | null,
  ) =>
    tx.query(
      `insert into query_dicts (study_id, dict, code, parent, text_zh, text_en, sort)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
      [studyId, dict, e.code, parent, e.text.zh_CN, e.text.en, sort],
    );
  for (const [i, e] of seed.closeReasons.entries()) await put('close', i + 1, e, null);
  for (const [i, e] of seed.addReasons.entries()) await put('add', i + 1, e, e.pd ?? null);
  for (const [i, p] of seed.pdTypes.entries()) {
    await put('pd', i + 1, p, null);
    for (const [j, s] of p.subtypes.entries()) await put('pdsub', j + 1, s, p.code);
  }
}
