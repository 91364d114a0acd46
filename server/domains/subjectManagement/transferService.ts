/**
 * Subject transfer (centre change, spec §1; page /index/subjectTransfer; docs/casebook-batch.md): with the
 * permission subject.transfer, a subject of the chosen site moves to another site of the study with a reason. It
 * keeps its id, number, data and audit trails; its records move with it. In one transaction: the subject's and its
 * records' site, one subject_audit row (siteid old → new, the reason) and one subject_transfers row — the log both
 * sites' users read (transferlist.do lists the moves into or out of the chosen site).
 */
import type { TransferRow, TransferSite } from '../../../engine/api/subjectManagement';
import type { SubjectRow } from '../../../engine/api/subjects';
import type { RoleSession } from '../../core/auth/guard';
import type { SubjectMoves } from '../data/subjectMoves';
import type { Db } from '../../core/db/db';
import { queryOne } from '../../core/db/db';
import {
  appendSubjectAudit,
  findSite,
  lockSubjectFields,
  rolePermissions,
  subjectRow,
} from '../subjects/casebookRepository';
import { Refused } from '../subjects/casebookService';
import { SUBJECT_ROW_COLUMNS } from '../subjects/list';

export const TRANSFER_PERMISSION = 'subject.transfer';

async function requireTransferPermission(db: Db, session: RoleSession): Promise<void> {
  if (!(await rolePermissions(db, session.roleId)).has(TRANSFER_PERMISSION))
    throw new Refused('transferNotAllowed', {}, 403);
}

/** transfersites.do: the chosen site's subjects (not abandoned) and the study's other sites. */
export async function transferChoices(
  db: Db,
  session: RoleSession,
): Promise<{ subjects: SubjectRow[]; sites: TransferSite[] }> {
  await requireTransferPermission(db, session);
  const subjects = await db.query<SubjectRow>(
    `select ${SUBJECT_ROW_COLUMNS} from subjects s join sites si on si.id = s.site_id
     where s.study_id = $1 and s.site_id = $2 and s.abandoned_at is null order by s.subjid`,
    [session.studyId, session.siteId],
  );
  const sites = await db.query<TransferSite>(
    `select id as siteid, sitecode, sitename from sites where study_id = $1 and id <> $2 order by sitecode`,
    [session.studyId, session.siteId],
  );
  return { subjects, sites };
}

/** transferlist.do: moves into or out of the chosen site, newest first. */
export async function transfersAt(
  db: Db,
  session: RoleSession,
  page: number,
  size: number,
): Promise<{ list: TransferRow[]; total: number }> {
  const where = 't.study_id = $1 and (t.from_site_id = $2 or t.to_site_id = $2)';
  const total = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from subject_transfers t where ${where}`,
    [session.studyId, session.siteId],
  );
  const list = await db.query<TransferRow & { at: Date }>(
    `select t.id::text as id, t.subjid, coalesce(f.sitecode, t.from_site_id) as fromsite,
            coalesce(d.sitecode, t.to_site_id) as tosite, t.reason, coalesce(u.username, t.user_id) as username,
            coalesce(u.realname, t.user_id) as realname, t.at
     from subject_transfers t left join sites f on f.id = t.from_site_id left join sites d on d.id = t.to_site_id
       left join users u on u.id = t.user_id
     where ${where} order by t.id desc limit $3 offset $4`,
    [session.studyId, session.siteId, size, (page - 1) * size],
  );
  return { list: list.map((r) => ({ ...r, at: new Date(r.at).toISOString() })), total: total?.n ?? 0 };
}

export interface TransferInput {
  subjectid: string;
  updatedat: string;
  tositeid: string;
  reason: string;
}

/** transfersubject.do. */
export async function transfer(
  db: Db,
  session: RoleSession,
  input: TransferInput,
  at: Date,
  moves: SubjectMoves,
): Promise<SubjectRow> {
  await requireTransferPermission(db, session);
  const reason = input.reason.trim();
  if (!reason) throw new Refused('reasonRequired');
  return db.transaction(async (tx) => {
    const stored = await lockSubjectFields(tx, session.studyId, [session.siteId], input.subjectid);
    if (!stored) throw new Refused('subjectNotFound');
    if (stored.updatedat !== input.updatedat) throw new Refused('subjectChanged');
    if (input.tositeid === stored.siteId) throw new Refused('transferSameSite');
    const from = await findSite(tx, session.studyId, stored.siteId);
    const to = await findSite(tx, session.studyId, input.tositeid);
    if (!from || !to) throw new Refused('transferUnknownSite');
    const iso = at.toISOString();
    await tx.query('update subjects set site_id = $2, updated_at = $3 where id = $1', [
      stored.id,
      to.siteid,
      iso,
    ]);
    await tx.query('update form_records set site_id = $2 where subject_id = $1', [stored.id, to.siteid]);
    // the workflows' current rows follow (open queries, notes, SDV marks …; subjectMoves.ts)
    await moves.runMoved(tx, {
      studyId: session.studyId,
      subjectId: stored.id,
      fromSiteId: from.siteid,
      toSiteId: to.siteid,
      at,
    });
    await appendSubjectAudit(tx, [
      {
        studyId: session.studyId,
        subjectId: stored.id,
        action: 'update',
        field: 'siteid',
        oldvalue: from.sitecode,
        newvalue: to.sitecode,
        reason,
        userId: session.userId,
        roleId: session.roleId,
        siteId: session.siteId,
        at,
      },
    ]);
    await tx.query(
      `insert into subject_transfers (study_id, subject_id, subjid, from_site_id, to_site_id, reason, user_id, role_id, at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        session.studyId,
        stored.id,
        stored.subjid,
        from.siteid,
        to.siteid,
        reason,
        session.userId,
        session.roleId,
        iso,
      ],
    );
    const row = await subjectRow(tx, stored.id);
    if (!row) throw new Error(`subject ${stored.id} not found after transfer`);
    return row;
  });
}
