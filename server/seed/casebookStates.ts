/**
 * The demo seed's subjects in the casebook's rarer states (fixtures/seed/casebookStates.json; docs/casebook-batch.md):
 * a subject transferred to another site and a subject abandoned, each written as transfersubject.do and
 * abandonsubject.do write them — the subject row, its `subject_audit` row (shown at both sites for a transfer) and,
 * for a transfer, its `subject_transfers` row and its records' site. The generated subjects already cover screening,
 * enrolled, completed, withdrawn and screen failure; the visits seed the marks. Idempotent (a subject already moved
 * or abandoned is left alone), so that an older data directory is topped up by the same code; a subject the file
 * names that is not there (a smaller `--subjects N`) is skipped.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import type { Db } from '../core/db/db';
import { queryOne } from '../core/db/db';
import { appendSubjectAudit } from '../domains/subjects/casebookRepository';

export const CASEBOOK_STATES_SEED_FILE = new URL('../../fixtures/seed/casebookStates.json', import.meta.url);

const actor = {
  subjid: cs.string().strict().required(),
  user: cs.string().strict().required(),
  role: cs.string().strict().required(),
  reason: cs.string().strict().trim().required(),
};

const statesSchema = cs.object({
  transfers: cs.array(cs.object({ ...actor, toSitecode: cs.string().strict().required() })).required(),
  abandons: cs.array(cs.object(actor)).required(),
});

export type CasebookStatesSeed = cs.InferType<typeof statesSchema>;

export async function loadCasebookStatesSeed(): Promise<CasebookStatesSeed> {
  const raw: unknown = JSON.parse(await readFile(CASEBOOK_STATES_SEED_FILE, 'utf8'));
  return statesSchema.validate(raw, { strict: true });
}

interface Found {
  id: string;
  subjid: string;
  siteId: string;
  sitecode: string;
  abandoned: boolean;
  userId: string;
  roleId: string;
}

/** The subject and the acting user and role, or null when the subject is not in this database. */
async function findTarget(tx: Db, studyId: string, a: { subjid: string; user: string; role: string }) {
  const found = await queryOne<Found>(
    tx,
    `select s.id, s.subjid, s.site_id as "siteId", si.sitecode, s.abandoned_at is not null as abandoned,
            u.id as "userId", r.id as "roleId"
     from subjects s join sites si on si.id = s.site_id, users u, roles r
     where s.study_id = $1 and s.subjid = $2 and u.username = $3 and r.rolecode = $4`,
    [studyId, a.subjid, a.user, a.role],
  );
  return found ?? null;
}

/** Whether every state the file names is there (a subject not in this database counts as done): the top-up's question. */
export async function hasCasebookStates(db: Db, studyId: string): Promise<boolean> {
  const seed = await loadCasebookStatesSeed();
  const row = await queryOne<{ n: number }>(
    db,
    `select (select count(*) from subjects s where s.study_id = $1 and s.subjid = any($2::text[])
              and not exists (select 1 from subject_transfers t where t.subject_id = s.id))
          + (select count(*) from subjects s where s.study_id = $1 and s.subjid = any($3::text[])
              and s.abandoned_at is null) as n`,
    [studyId, seed.transfers.map((t) => t.subjid), seed.abandons.map((a) => a.subjid)],
  );
  return Number(row?.n ?? 0) === 0;
}

export async function seedCasebookStates(tx: Db, studyId: string, now: Date): Promise<void> {
  const seed = await loadCasebookStatesSeed();
  for (const t of seed.transfers) {
    const s = await findTarget(tx, studyId, t);
    if (!s || s.abandoned) continue;
    const to = await queryOne<{ id: string; sitecode: string }>(
      tx,
      'select id, sitecode from sites where study_id = $1 and sitecode = $2',
      [studyId, t.toSitecode],
    );
    if (!to || to.id === s.siteId) continue;
    const moved = await queryOne<{ n: number }>(
      tx,
      'select count(*)::int as n from subject_transfers where subject_id = $1',
      [s.id],
    );
    if ((moved?.n ?? 0) > 0) continue;
    await tx.query('update subjects set site_id = $2, updated_at = $3 where id = $1', [
      s.id,
      to.id,
      now.toISOString(),
    ]);
    await tx.query('update form_records set site_id = $2 where subject_id = $1', [s.id, to.id]);
    await appendSubjectAudit(tx, [
      {
        studyId,
        subjectId: s.id,
        action: 'update',
        field: 'siteid',
        oldvalue: s.sitecode,
        newvalue: to.sitecode,
        reason: t.reason,
        userId: s.userId,
        roleId: s.roleId,
        siteId: s.siteId,
        at: now,
      },
    ]);
    await tx.query(
      `insert into subject_transfers (study_id, subject_id, subjid, from_site_id, to_site_id, reason, user_id, role_id, at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [studyId, s.id, s.subjid, s.siteId, to.id, t.reason, s.userId, s.roleId, now.toISOString()],
    );
  }
  for (const a of seed.abandons) {
    const s = await findTarget(tx, studyId, a);
    if (!s || s.abandoned) continue;
    const at = now.toISOString();
    await tx.query('update subjects set abandoned_at = $2, updated_at = $2 where id = $1', [s.id, at]);
    await appendSubjectAudit(tx, [
      {
        studyId,
        subjectId: s.id,
        action: 'status',
        field: 'abandoned',
        oldvalue: null,
        newvalue: at,
        reason: a.reason,
        userId: s.userId,
        roleId: s.roleId,
        siteId: s.siteId,
        at: now,
      },
    ]);
  }
}
