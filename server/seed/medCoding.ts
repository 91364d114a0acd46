/**
 * Medical coding in the demo seed (fixtures/seed/coding.json, docs/medical-coding.md): who may code and import
 * (role_permissions), the demo dictionaries (marked `demo`: a few terms in the structure of MedDRA and WHODrug, never
 * for a real study; checked by the same rules as an imported file), and the terms of the records already saved
 * (auto-coded on an exact match, as a save would). Idempotent: an older data directory is topped up by the same code
 * (with the worklist's menu and list definitions).
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import { CODING_DICTIONARIES, CODING_LIST_KEY } from '../../engine/api/medCoding';
import { queryOne, type Db } from '../core/db/db';
import { createFormSchemaService } from '../domains/data/formSchemas';
import { putListDefinition } from '../domains/lists/repository';
import { parseDictionaryRows } from '../domains/medCoding/dictionaryFile';
import { replaceDictionary } from '../domains/medCoding/repository';
import { codableItems, syncRecordTerms } from '../domains/medCoding/service';
import type { FormValues } from '../../engine/form/types';

export const CODING_SEED_FILE = new URL('../../fixtures/seed/coding.json', import.meta.url);

const dictionarySchema = cs.object({
  version: cs.string().strict().required(),
  columns: cs.array(cs.string().strict().required()).required(),
  rows: cs.array(cs.array(cs.string().strict().required()).required()).required(),
});

const codingSeedSchema = cs.object({
  notice: cs.string().strict().required(),
  permissions: cs.object().required(),
  dictionaries: cs.object({ meddra: dictionarySchema.required(), whodrug: dictionarySchema.required() }),
});

export type CodingSeed = cs.InferType<typeof codingSeedSchema> & { permissions: Record<string, string[]> };

export async function loadCodingSeed(): Promise<CodingSeed> {
  const raw: unknown = JSON.parse(await readFile(CODING_SEED_FILE, 'utf8'));
  return (await codingSeedSchema.validate(raw, { strict: true })) as CodingSeed;
}

/** Permissions, demo dictionaries (when the study has none of a kind) and the terms of the saved records. */
export async function seedMedCoding(tx: Db, studyId: string, now: Date): Promise<void> {
  const seed = await loadCodingSeed();
  for (const [rolecode, permissions] of Object.entries(seed.permissions)) {
    for (const permission of permissions) {
      await tx.query(
        `insert into role_permissions (role_id, permission) select id, $2 from roles where rolecode = $1
         on conflict do nothing`,
        [rolecode, permission],
      );
    }
  }
  for (const dictionary of CODING_DICTIONARIES) {
    const there = await tx.query(
      'select 1 from coding_dictionaries where study_id = $1 and dictionary = $2',
      [studyId, dictionary],
    );
    if (there.length > 0) continue;
    const file = seed.dictionaries![dictionary];
    const entries = parseDictionaryRows(dictionary, [file.columns, ...file.rows]);
    await replaceDictionary(tx, { studyId, dictionary, version: file.version, demo: true, at: now }, entries);
  }
  await syncSavedRecords(tx, studyId, now);
}

/** Terms for every saved record of a form with codable items that has none yet (by the record's last writer). */
async function syncSavedRecords(tx: Db, studyId: string, now: Date): Promise<void> {
  const schemas = createFormSchemaService(tx);
  const tids = await tx.query<{ tid: string }>(
    'select distinct tid from form_records where study_id = $1 order by tid',
    [studyId],
  );
  for (const { tid } of tids) {
    const loaded = await schemas.load(studyId, tid);
    if (!loaded?.ok) continue;
    const codable = codableItems(loaded.form);
    if (codable.length === 0) continue;
    const records = await tx.query<{
      id: string;
      subjectId: string;
      siteId: string;
      visitnum: string;
      cycnum: number;
      svnum: number;
      values: FormValues;
      userId: string;
      at: Date;
    }>(
      `select r.id::text as id, r.subject_id as "subjectId", r.site_id as "siteId", r.visitnum, r.cycnum, r.svnum,
              r.form_values as values, r.updated_by as "userId", r.updated_at as at
       from form_records r
       where r.study_id = $1 and r.tid = $2
         and not exists (select 1 from coding_terms c where c.record_id = r.id)
       order by r.id`,
      [studyId, tid],
    );
    for (const r of records) {
      const role = await queryOne<{ roleId: string }>(
        tx,
        `select role_id as "roleId" from user_roles where user_id = $1 and study_id = $2 and site_id = $3
         order by role_id limit 1`,
        [r.userId, studyId, r.siteId],
      );
      await syncRecordTerms(tx, {
        studyId,
        record: { ...r, tid },
        codable,
        values: r.values,
        actor: { userId: r.userId, roleId: role?.roleId ?? 'seed' },
        at: r.at ? new Date(r.at) : now,
      });
    }
  }
}

/** Whether the study has its coding seed already (an older data directory has not). */
export async function hasMedCoding(db: Db, studyId: string): Promise<boolean> {
  const rows = await db.query('select 1 from coding_dictionaries where study_id = $1', [studyId]);
  return rows.length > 0;
}

/** An older data directory: the worklist's menu (for coders) and list definitions, then seedMedCoding. */
export async function topUpMedCoding(
  tx: Db,
  studyId: string,
  lists: { key: string; searchFields: unknown[]; columns: unknown[] }[],
  menus: {
    menus: {
      menuCode: string;
      parent?: string;
      name: { zh_CN: string; en: string };
      path: string;
      icon?: string;
      sort: number;
    }[];
    grants: Record<string, string[]>;
  },
  now: Date,
): Promise<void> {
  const menu = menus.menus.find((m) => m.path === '/index/medCoding');
  if (menu) {
    await tx.query(
      `insert into menus (menu_code, parent_code, name_zh, name_en, path, icon, sort) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (menu_code) do nothing`,
      [
        menu.menuCode,
        menu.parent ?? null,
        menu.name.zh_CN,
        menu.name.en,
        menu.path,
        menu.icon ?? null,
        menu.sort,
      ],
    );
    for (const [role, codes] of Object.entries(menus.grants)) {
      if (!codes.includes(menu.menuCode)) continue;
      await tx.query(
        `insert into role_menus (role_id, menu_code) select id, $2 from roles where rolecode = $1
         on conflict do nothing`,
        [role, menu.menuCode],
      );
    }
  }
  const list = lists.find((l) => l.key === CODING_LIST_KEY);
  if (list) {
    await putListDefinition(tx, {
      studyId,
      listKey: list.key,
      kind: 'searchFields',
      definition: list.searchFields,
      at: now,
    });
    await putListDefinition(tx, {
      studyId,
      listKey: list.key,
      kind: 'columns',
      definition: list.columns,
      at: now,
    });
  }
  await seedMedCoding(tx, studyId, now);
}
