/**
 * The casebook's study settings in the demo seed (fixtures/seed/casebook.json): the subject-number pattern, the
 * protocol and eCRF versions, and the roles' permissions (docs/casebook.md). Idempotent: what is there already is
 * left alone, so that an older data directory is topped up by the same code. Subjects enrolled before the protocol
 * amendment stay on the first protocol and eCRF versions; the others (null) are on the current ones.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import { subjectIdPatternProblem } from '../../engine/subjects/subjectIdPattern';
import type { Db } from '../core/db/db';

export const CASEBOOK_SEED_FILE = new URL('../../fixtures/seed/casebook.json', import.meta.url);

const versionSchema = cs.object({
  id: cs.string().strict().required(),
  name: cs.string().strict().required(),
  current: cs.boolean().strict().required(),
});

const casebookSchema = cs.object({
  subjectIdPattern: cs
    .string()
    .strict()
    .required()
    .test('pattern', (v, c) => {
      const problem = v === undefined ? null : subjectIdPatternProblem(v);
      return problem ? c.createError({ message: problem }) : true;
    }),
  protocolVersions: cs.array(versionSchema).required().min(1),
  crfVersions: cs.array(versionSchema).required().min(1),
  permissions: cs.object().required(),
});

export type CasebookSeed = cs.InferType<typeof casebookSchema> & { permissions: Record<string, string[]> };

export async function loadCasebookSeed(): Promise<CasebookSeed> {
  const raw: unknown = JSON.parse(await readFile(CASEBOOK_SEED_FILE, 'utf8'));
  const seed = (await casebookSchema.validate(raw, { strict: true })) as CasebookSeed;
  for (const list of [seed.protocolVersions, seed.crfVersions]) {
    if (list.filter((v) => v.current).length !== 1) {
      throw new Error('fixtures/seed/casebook.json: exactly one current protocol and eCRF version each');
    }
  }
  return seed;
}

/** The amendment date: subjects enrolled before it stay on the first versions. */
const AMENDMENT = '2024-06-15';

export async function seedCasebook(tx: Db, studyId: string): Promise<void> {
  const seed = await loadCasebookSeed();
  await tx.query(
    `insert into study_settings (study_id, subject_id_pattern) values ($1, $2) on conflict (study_id) do nothing`,
    [studyId, seed.subjectIdPattern],
  );
  for (const [table, list] of [
    ['protocol_versions', seed.protocolVersions],
    ['crf_versions', seed.crfVersions],
  ] as const) {
    for (const [i, v] of list.entries()) {
      await tx.query(
        `insert into ${table} (study_id, id, name, current, sort) values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [studyId, v.id, v.name, v.current, i + 1],
      );
    }
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
  const first = (list: CasebookSeed['protocolVersions']) => list[0]!.id;
  await tx.query(
    `update subjects set protover = $2, crfver = $3
     where study_id = $1 and protover is null and enrolldate < $4::date`,
    [studyId, first(seed.protocolVersions), first(seed.crfVersions), AMENDMENT],
  );
}
