/**
 * The casebook's visits and pages in the demo seed (fixtures/seed/casebookVisits.json; docs/casebook-visits.md):
 * the roles' visit permissions, the invalidation-reasons dictionary, the schedule's hidden, unscheduled and
 * repeating visits and optional forms, and — on the richly entered demo subject — an unscheduled visit added and
 * pages and a visit marked not collected / not occurred, each with its visit audit row, as crc.li would have.
 * Idempotent: what is there already is left alone.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import { localizedTextSchema } from '../../engine/api/localized';
import { MARK_OF_ACTION, VISIT_KINDS } from '../../engine/api/visits';
import { queryOne, type Db } from '../core/db/db';
import {
  appendVisitAudit,
  insertMark,
  insertSubjectVisit,
  lastInstance,
  putInvalidationReason,
} from '../domains/visits/casebookVisitsRepository';
import { richDemoSubject } from './forms';

export const CASEBOOK_VISITS_SEED_FILE = new URL('../../fixtures/seed/casebookVisits.json', import.meta.url);

const id = () => cs.string().strict().required();

const seedSchema = cs.object({
  permissions: cs.object().required(),
  invalidationReasons: cs
    .array(
      cs.object({
        code: id(),
        text: localizedTextSchema.required(),
        needsText: cs.boolean().strict().required(),
      }),
    )
    .required()
    .min(1),
  visits: cs
    .array(
      cs.object({
        visitnum: id(),
        name: localizedTextSchema.required(),
        sort: cs.number().strict().integer().required(),
        kind: cs.string().strict().oneOf(VISIT_KINDS).required(),
        tids: cs.array(id()).required(),
        optionalTids: cs.array(id()).required(),
      }),
    )
    .required(),
  optionalForms: cs.object().required(),
  demo: cs
    .object({
      user: id(),
      role: id(),
      marks: cs
        .array(
          cs.object({
            visitnum: id(),
            tid: cs.string().strict().defined(),
            action: cs.string().strict().oneOf(['uncollected', 'unoccurred', 'deactivate']).required(),
            reasoncode: id(),
          }),
        )
        .required(),
      addVisits: cs.array(cs.object({ visitnum: id() })).required(),
    })
    .required(),
});

export type CasebookVisitsSeed = cs.InferType<typeof seedSchema> & {
  permissions: Record<string, string[]>;
  optionalForms: Record<string, string[]>;
};

export async function loadCasebookVisitsSeed(): Promise<CasebookVisitsSeed> {
  const raw: unknown = JSON.parse(await readFile(CASEBOOK_VISITS_SEED_FILE, 'utf8'));
  return (await seedSchema.validate(raw, { strict: true })) as CasebookVisitsSeed;
}

/** Whether the database has the casebook's visit settings already (an older data directory has not). */
export async function hasCasebookVisits(db: Db, studyId: string): Promise<boolean> {
  const row = await queryOne<{ n: number }>(
    db,
    'select count(*)::int as n from invalidation_reasons where study_id = $1',
    [studyId],
  );
  return (row?.n ?? 0) > 0;
}

export async function seedCasebookVisits(tx: Db, studyId: string, now: Date): Promise<void> {
  const seed = await loadCasebookVisitsSeed();
  for (const [rolecode, permissions] of Object.entries(seed.permissions)) {
    for (const permission of permissions) {
      await tx.query(
        `insert into role_permissions (role_id, permission) select id, $2 from roles where rolecode = $1
         on conflict do nothing`,
        [rolecode, permission],
      );
    }
  }
  for (const [sort, r] of seed.invalidationReasons.entries()) {
    await putInvalidationReason(tx, studyId, {
      code: r.code,
      text_zh: r.text.zh_CN,
      text_en: r.text.en,
      needs_text: r.needsText,
      sort,
    });
  }
  for (const v of seed.visits) {
    await tx.query(
      `insert into visit_schedule (study_id, visitnum, name_zh, name_en, sort, day, tids, kind, optional_tids)
       values ($1, $2, $3, $4, $5, null, $6, $7, $8) on conflict (study_id, visitnum) do nothing`,
      [studyId, v.visitnum, v.name.zh_CN, v.name.en, v.sort, v.tids, v.kind, v.optionalTids],
    );
  }
  for (const [visitnum, tids] of Object.entries(seed.optionalForms)) {
    await tx.query(
      `update visit_schedule set optional_tids = $3 where study_id = $1 and visitnum = $2 and optional_tids = '{}'`,
      [studyId, visitnum, tids],
    );
  }
  await seedDemoMarks(tx, studyId, seed, now);
}

/** The demo subject's added visit and marks, audited as the seed's user. */
async function seedDemoMarks(tx: Db, studyId: string, seed: CasebookVisitsSeed, now: Date): Promise<void> {
  const subjectId = await richDemoSubject(tx, studyId);
  if (!subjectId) return;
  const actor = await queryOne<{ userId: string; roleId: string; siteId: string; v2: string | null }>(
    tx,
    `select u.id as "userId", r.id as "roleId", s.site_id as "siteId",
            (select to_char(visitdate, 'YYYY-MM-DD') from subject_visits
             where subject_id = s.id and visitnum = 'V2' and cycnum = 1 and svnum = 1) as v2
     from users u, roles r, subjects s where u.username = $1 and r.rolecode = $2 and s.id = $3`,
    [seed.demo.user, seed.demo.role, subjectId],
  );
  if (!actor) return;
  const entry = {
    studyId,
    subjectId,
    userId: actor.userId,
    roleId: actor.roleId,
    siteId: actor.siteId,
    at: now,
  };
  const blank = { oldvalue: null, newvalue: null, reasonCode: null, reasonText: null };
  for (const v of seed.demo.addVisits) {
    const last = await lastInstance(tx, subjectId, v.visitnum);
    const keys = { visitnum: v.visitnum, cycnum: 1, svnum: last.svnum + 1 };
    await insertSubjectVisit(tx, subjectId, keys, actor.v2);
    await appendVisitAudit(tx, {
      ...entry,
      ...blank,
      ...keys,
      tid: '',
      action: 'addVisit',
      newvalue: actor.v2,
    });
  }
  for (const m of seed.demo.marks) {
    const target = { subjectId, visitnum: m.visitnum, cycnum: 1, svnum: 1, tid: m.tid };
    const exists = await queryOne<{ n: number }>(
      tx,
      `select count(*)::int as n from casebook_marks
       where subject_id = $1 and visitnum = $2 and cycnum = 1 and svnum = 1 and tid = $3`,
      [subjectId, m.visitnum, m.tid],
    );
    if ((exists?.n ?? 0) > 0) continue;
    const mark = MARK_OF_ACTION[m.action];
    await insertMark(tx, target, mark, { code: m.reasoncode, text: null }, actor, now);
    await appendVisitAudit(tx, {
      ...entry,
      ...blank,
      ...target,
      action: 'mark',
      newvalue: mark,
      reasonCode: m.reasoncode,
    });
  }
}
