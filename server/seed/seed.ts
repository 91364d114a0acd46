/**
 * The demo seed: study DEMO-001 with sites in China and the US, demo users for every role (some with several roles
 * and sites), menus per role, platform parameters and help documents (fixtures/seed/*.json), the list screens'
 * definitions and code lists (fixtures/lists/*.def.json, lists.ts) and 90 generated subjects, 30 per site (subjects.ts).
 * Checked when loaded.
 */
import { readFile, readdir } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import type { Db } from '../core/db/db';
import { MIGRATIONS_DIR } from '../core/db/migrate';
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from '../core/auth/passwords';
import { localizedTextSchema, LOCALES } from '../../engine/api/localized';
import { LISTS_SEED_DIR, LIST_SEED_FILES, loadListsSeed, seedLists, type ListsSeed } from './lists';
import { DEMO_SUBJECT_COUNT, generateSubjects, vacuumSubjects } from './subjects';
import { formSeedSourceFiles, seedForms, topUpForms } from './forms';
import { codeListsSeedOf, demoStudyDefinition } from './demoStudy';
import { seedCasebook } from './casebook';
import { hasCasebookVisits, seedCasebookVisits } from './casebookVisits';
import { hasSdvPlan, seedSdvPlan } from './sdvPlan';
import { hasSignatureSettings, seedSignatures } from './signatures';
import { hasMedCoding, seedMedCoding, topUpMedCoding } from './medCoding';
import { hasFreezePermissions, seedFreezePermissions } from './freezeSeed';
import { seedQueries } from './queries';
import { hasInterchangePermissions, seedInterchange } from './interchange';
import { hasCasebookStates, seedCasebookStates } from './casebookStates';

export const SEED_DIR = new URL('../../fixtures/seed/', import.meta.url);
/** Used when DEMO_PASSWORD is not set. Printed at start; lives only in server code, never in the client. */
export const DEFAULT_DEMO_PASSWORD = 'Demo#2026';

/**
 * Every file that shapes a seeded database — migrations, seed data and seed code — in a fixed order: what a cache
 * of a seeded database (test snapshots, the 100k benchmark database) is keyed on.
 */
export async function seedSourceFiles(): Promise<URL[]> {
  const filesOf = async (dir: URL) => (await readdir(dir)).sort().map((f) => new URL(f, dir));
  return [
    ...(await filesOf(MIGRATIONS_DIR)),
    ...(await filesOf(SEED_DIR)),
    ...LIST_SEED_FILES.map((f) => new URL(f, LISTS_SEED_DIR)),
    new URL('./seed.ts', import.meta.url),
    new URL('./lists.ts', import.meta.url),
    new URL('./subjects.ts', import.meta.url),
    new URL('./casebook.ts', import.meta.url),
    new URL('./casebookVisits.ts', import.meta.url),
    new URL('./sdvPlan.ts', import.meta.url),
    new URL('./signatures.ts', import.meta.url),
    new URL('./medCoding.ts', import.meta.url),
    // the coding seed runs the domain's own checks and term sync
    ...['dictionaryFile.ts', 'repository.ts', 'service.ts'].map(
      (f) => new URL(`../domains/medCoding/${f}`, import.meta.url),
    ),
    new URL('./freezeSeed.ts', import.meta.url),
    new URL('./queries.ts', import.meta.url),
    new URL('./interchange.ts', import.meta.url),
    new URL('./casebookStates.ts', import.meta.url),
    ...(await formSeedSourceFiles()),
    // the demo records are validated and given their status by the form engine
    ...(await engineSources(new URL('../../engine/form/', import.meta.url))),
    ...(await engineSources(new URL('../../engine/rules/', import.meta.url))),
  ];
}

/** The non-test TypeScript sources under an engine folder, in a fixed order. */
async function engineSources(dir: URL): Promise<URL[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => new URL(f, dir));
}

const id = () => cs.string().strict().required();
const text = () => cs.string().strict().defined();

const studySchema = cs.object({
  study: cs.object({ id: id(), studycode: id(), studyname: id() }).required(),
  sites: cs
    .array(cs.object({ id: id(), sitecode: id(), sitename: id(), country: id().length(2) }))
    .required()
    .min(1),
});

const rolesSchema = cs
  .array(
    cs.object({
      id: id(),
      rolecode: id(),
      name: localizedTextSchema.required(),
      sort: cs.number().strict().required(),
    }),
  )
  .required();

const usersSchema = cs
  .array(
    cs.object({
      id: id(),
      username: id(),
      realname: id(),
      locale: cs.string().strict().oneOf(LOCALES).required(),
      timezone: id(),
      onlineShow: cs.boolean().strict().optional(),
      strLength: cs.number().strict().optional(),
      numfieldUKallowed: cs.boolean().strict().optional(),
      passwordExpiresInDays: cs.number().strict().optional(),
      roles: cs
        .array(cs.object({ role: id(), sites: cs.array(id()).required().min(1) }))
        .required()
        .min(1),
    }),
  )
  .required();

const menusSchema = cs.object({
  menus: cs
    .array(
      cs.object({
        menuCode: id(),
        parent: cs.string().strict().optional(),
        name: localizedTextSchema.required(),
        path: text(),
        icon: cs.string().strict().optional(),
        sort: cs.number().strict().required(),
      }),
    )
    .required(),
  grants: cs.object().required(),
});

const platformSchema = cs.object({
  uiConfig: cs
    .array(cs.object({ host: id(), unitLogo: text(), eClinical_version: text(), backAddress: text() }))
    .required(),
  params: cs.array(cs.object({ paramcode: id(), paramvalue: text() })).required(),
  helpDocs: cs
    .array(
      cs.object({
        roles: cs.array(id()).nullable().defined(),
        name: localizedTextSchema.required(),
        url: id(),
      }),
    )
    .required(),
  notices: cs
    .array(cs.object({ message: localizedTextSchema.required(), active: cs.boolean().strict().required() }))
    .required(),
});

export interface DemoSeed {
  study: cs.InferType<typeof studySchema>;
  roles: cs.InferType<typeof rolesSchema>;
  users: cs.InferType<typeof usersSchema>;
  menus: cs.InferType<typeof menusSchema> & { grants: Record<string, string[]> };
  platform: cs.InferType<typeof platformSchema>;
  lists: ListsSeed;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(new URL(file, SEED_DIR), 'utf8')) as unknown;
}

function check<T>(schema: cs.Schema<T>, value: unknown, file: string): T {
  try {
    return schema.validateSync(value, { strict: true, abortEarly: false });
  } catch (err) {
    const detail = err instanceof cs.ValidationError ? err.errors.join('; ') : String(err);
    throw new Error(`fixtures/seed/${file}: ${detail}`);
  }
}

/** Reads and checks the seed files, including the references between them (role codes, site codes, menu codes). */
export async function loadSeed(): Promise<DemoSeed> {
  const seed: DemoSeed = {
    study: check(studySchema, await readJson('study.json'), 'study.json'),
    roles: check(rolesSchema, await readJson('roles.json'), 'roles.json'),
    users: check(usersSchema, await readJson('users.json'), 'users.json'),
    menus: check(menusSchema, await readJson('menus.json'), 'menus.json') as DemoSeed['menus'],
    platform: check(platformSchema, await readJson('platform.json'), 'platform.json'),
    lists: await loadListsSeed(),
  };
  const roleCodes = new Set(seed.roles.map((r) => r.rolecode));
  const siteCodes = new Set(seed.study.sites.map((s) => s.sitecode));
  const menuCodes = new Set(seed.menus.menus.map((m) => m.menuCode));
  const problems: string[] = [];
  for (const u of seed.users) {
    for (const r of u.roles) {
      if (!roleCodes.has(r.role)) problems.push(`users.json: ${u.username} has unknown role ${r.role}`);
      for (const s of r.sites)
        if (!siteCodes.has(s)) problems.push(`users.json: ${u.username} has unknown site ${s}`);
    }
  }
  for (const m of seed.menus.menus) {
    if (m.parent && !menuCodes.has(m.parent))
      problems.push(`menus.json: ${m.menuCode} has unknown parent ${m.parent}`);
  }
  for (const [role, codes] of Object.entries(seed.menus.grants)) {
    if (!roleCodes.has(role)) problems.push(`menus.json: grants for unknown role ${role}`);
    if (!Array.isArray(codes)) problems.push(`menus.json: grants.${role} must be a list`);
    else
      for (const c of codes)
        if (!menuCodes.has(c)) problems.push(`menus.json: grants.${role} has unknown menu ${c}`);
  }
  for (const d of seed.platform.helpDocs) {
    for (const r of d.roles ?? [])
      if (!roleCodes.has(r)) problems.push(`platform.json: help for unknown role ${r}`);
  }
  if (problems.length > 0) throw new Error(`demo seed: ${problems.join('; ')}`);
  return seed;
}

export interface SeedOptions {
  password: string;
  /** scrypt cost of the seeded hashes; tests use a lighter one. */
  cost?: ScryptCost;
  now?: Date;
  /** Generated subjects (DEMO_SUBJECT_COUNT by default). */
  subjects?: number;
}

/** True when the database already holds a study (then the seed is not applied again). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from studies');
  return (rows[0]?.n ?? 0) > 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The list screens' definitions with the demo study's code lists as its ODM file defines them (./demoStudy.ts):
 * fixtures/lists/codeLists.def.json is what scripts/exportDemoOdm.ts writes into the file, not what the seed stores.
 */
async function withDemoCodeLists(lists: ListsSeed): Promise<ListsSeed> {
  return { ...lists, codeLists: codeListsSeedOf(await demoStudyDefinition()) };
}

/** Inserts the demo seed in one transaction. The database must be migrated and empty. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<DemoSeed> {
  const seed = await loadSeed();
  const now = opts.now ?? new Date();
  const cost = opts.cost ?? DEFAULT_SCRYPT_COST;
  const hashes = await Promise.all(seed.users.map(() => hashPassword(opts.password, cost)));
  const { study, sites } = seed.study;
  const siteId = new Map(sites.map((s) => [s.sitecode, s.id]));
  const roleId = new Map(seed.roles.map((r) => [r.rolecode, r.id]));

  await db.transaction(async (tx) => {
    await tx.query('insert into studies (id, studycode, studyname) values ($1, $2, $3)', [
      study.id,
      study.studycode,
      study.studyname,
    ]);
    for (const s of sites) {
      await tx.query(
        'insert into sites (id, study_id, sitecode, sitename, country) values ($1, $2, $3, $4, $5)',
        [s.id, study.id, s.sitecode, s.sitename, s.country],
      );
    }
    for (const r of seed.roles) {
      await tx.query(
        'insert into roles (id, rolecode, rolename_zh, rolename_en, sort) values ($1, $2, $3, $4, $5)',
        [r.id, r.rolecode, r.name.zh_CN, r.name.en, r.sort],
      );
    }
    for (const [i, u] of seed.users.entries()) {
      const expires =
        u.passwordExpiresInDays === undefined
          ? null
          : new Date(now.getTime() + u.passwordExpiresInDays * DAY_MS);
      await tx.query(
        `insert into users (id, username, realname, password_hash, password_changed_at, password_expires_at, locale,
           timezone, str_length, numfield_uk_allowed, online_show)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          u.id,
          u.username,
          u.realname,
          hashes[i],
          now.toISOString(),
          expires?.toISOString() ?? null,
          u.locale,
          u.timezone,
          u.strLength ?? 2000,
          u.numfieldUKallowed ?? false,
          u.onlineShow ?? false,
        ],
      );
      for (const r of u.roles) {
        for (const s of r.sites) {
          await tx.query(
            'insert into user_roles (user_id, role_id, site_id, study_id) values ($1, $2, $3, $4)',
            [u.id, roleId.get(r.role), siteId.get(s), study.id],
          );
        }
      }
    }
    await seedMenus(tx, seed);
    for (const c of seed.platform.uiConfig) {
      await tx.query(
        'insert into site_ui_config (host, unit_logo, eclinical_version, back_address) values ($1, $2, $3, $4)',
        [c.host, c.unitLogo, c.eClinical_version, c.backAddress],
      );
    }
    for (const p of seed.platform.params) {
      await tx.query('insert into platform_params (paramcode, paramvalue) values ($1, $2)', [
        p.paramcode,
        p.paramvalue,
      ]);
    }
    for (const [sort, d] of seed.platform.helpDocs.entries()) {
      for (const role of d.roles ?? [null]) {
        await tx.query(
          'insert into help_docs (role_id, name_zh, name_en, url, sort) values ($1, $2, $3, $4, $5)',
          [role === null ? null : roleId.get(role), d.name.zh_CN, d.name.en, d.url, sort],
        );
      }
    }
    for (const n of seed.platform.notices) {
      await tx.query(
        'insert into notices (study_id, message_zh, message_en, starts_at, active) values ($1, $2, $3, $4, $5)',
        [study.id, n.message.zh_CN, n.message.en, now.toISOString(), n.active],
      );
    }
    await seedLists(tx, study.id, await withDemoCodeLists(seed.lists), now);
    await generateSubjects(tx, study.id, opts.subjects ?? DEMO_SUBJECT_COUNT);
    await seedCasebook(tx, study.id);
    await seedSdvPlan(tx, study.id);
    await seedSignatures(tx, study.id);
    await seedFreezePermissions(tx);
    await seedQueries(tx, study.id);
    await seedForms(tx, study.id, now);
    await seedCasebookVisits(tx, study.id, now);
    await seedMedCoding(tx, study.id, now);
    await seedInterchange(tx);
    // a transferred and an abandoned subject (issue 12), once every record is in place
    await seedCasebookStates(tx, study.id, now);
  });
  await vacuumSubjects(db);
  return seed;
}

/** Menus and their grants per role; those already there are left alone. */
async function seedMenus(tx: Db, seed: DemoSeed): Promise<void> {
  for (const m of seed.menus.menus) {
    await tx.query(
      `insert into menus (menu_code, parent_code, name_zh, name_en, path, icon, sort) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (menu_code) do nothing`,
      [m.menuCode, m.parent ?? null, m.name.zh_CN, m.name.en, m.path, m.icon ?? null, m.sort],
    );
  }
  for (const [role, codes] of Object.entries(seed.menus.grants)) {
    for (const code of codes) {
      await tx.query(
        `insert into role_menus (role_id, menu_code) select id, $2 from roles where rolecode = $1
         on conflict do nothing`,
        [role, code],
      );
    }
  }
}

/**
 * A database seeded before the list screens or the forms existed (an older data directory) gets what they need: the
 * new menus, the list definitions and code lists, the demo subjects, the forms, visits and demo records. Answers
 * whether it added anything.
 */
export async function topUpSeed(db: Db, now: Date = new Date()): Promise<boolean> {
  if (!(await isSeeded(db))) return false;
  const seed = await loadSeed();
  const studyId = seed.study.study.id;
  const study = await db.query('select 1 from studies where id = $1', [studyId]);
  if (study.length === 0) return false;
  let added = false;
  const rows = await db.query<{ n: number }>('select count(*)::int as n from list_definitions');
  if ((rows[0]?.n ?? 0) === 0) {
    await db.transaction(async (tx) => {
      await seedMenus(tx, seed);
      await seedLists(tx, studyId, await withDemoCodeLists(seed.lists), now);
      const subjects = await tx.query<{ n: number }>('select count(*)::int as n from subjects');
      if ((subjects[0]?.n ?? 0) === 0) await generateSubjects(tx, studyId, DEMO_SUBJECT_COUNT);
    });
    added = true;
  }
  // a list added since the directory was seeded (the invalid-record table …) gets its definitions
  const listed = await db.query<{ list_key: string }>(
    'select distinct list_key from list_definitions where study_id = $1',
    [studyId],
  );
  const missing = seed.lists.lists.filter((l) => !listed.some((r) => r.list_key === l.key));
  if (listed.length > 0 && missing.length > 0) {
    await db.transaction((tx) => seedLists(tx, studyId, { lists: missing, codeLists: {} }, now));
    added = true;
  }
  if (await topUpForms(db, studyId, now)) added = true;
  const casebook = await db.query<{ n: number }>('select count(*)::int as n from protocol_versions');
  if ((casebook[0]?.n ?? 0) === 0) {
    await db.transaction((tx) => seedCasebook(tx, studyId));
    added = true;
  }
  if (!(await hasCasebookVisits(db, studyId))) {
    await db.transaction((tx) => seedCasebookVisits(tx, studyId, now));
    added = true;
  }
  if (!(await hasSdvPlan(db, studyId))) {
    await db.transaction((tx) => seedSdvPlan(tx, studyId));
    added = true;
  }
  if (!(await hasSignatureSettings(db, studyId))) {
    await db.transaction((tx) => seedSignatures(tx, studyId));
    added = true;
  }
  if (!(await hasFreezePermissions(db))) {
    // freeze (issue 14): permissions, the freeze requests menu and list definitions
    await db.transaction(async (tx) => {
      await seedFreezePermissions(tx);
      await seedMenus(tx, seed);
      await seedLists(tx, studyId, await withDemoCodeLists(seed.lists), now);
    });
    added = true;
  }
  const queryDicts = await db.query<{ n: number }>('select count(*)::int as n from query_dicts');
  if ((queryDicts[0]?.n ?? 0) === 0) {
    await db.transaction((tx) => seedQueries(tx, studyId));
    added = true;
  }
  if (!(await hasMedCoding(db, studyId))) {
    await db.transaction((tx) => topUpMedCoding(tx, studyId, seed.lists.lists, seed.menus, now));
    added = true;
  }
  if (!(await hasInterchangePermissions(db))) {
    // interchange (issue 17): permissions and the import and export menus
    await db.transaction(async (tx) => {
      await seedInterchange(tx);
      await seedMenus(tx, seed);
    });
    added = true;
  }
  if (!(await hasCasebookStates(db, studyId))) {
    await db.transaction((tx) => seedCasebookStates(tx, studyId, now));
    added = true;
  }
  if (added) await vacuumSubjects(db);
  return added;
}

/** Drops every table, view and function of the current schema (seed --reset); migrations then start over. */
export async function dropAll(db: Db): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()`,
  );
  const functions = await db.query<{ sig: string }>(
    `select p.oid::regprocedure::text as sig from pg_proc p
     where p.pronamespace = current_schema()::regnamespace and p.prokind = 'f'`,
  );
  await db.transaction(async (tx) => {
    if (tables.length > 0)
      await tx.exec(`drop table if exists ${tables.map((t) => t.name).join(', ')} cascade`);
    for (const f of functions) await tx.exec(`drop function if exists ${f.sig} cascade`);
  });
}
