/**
 * The review workflows' to-dos on the home page (myTaskInfo.do counters): pages the SDV plan still requires to be
 * verified at the chosen site (monitors: sdv.verify), and notes awaiting review there (note.review).
 */
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import { planItemsSql } from './repository';

export async function pagesToVerify(db: Db, session: RoleSession): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `with items as (${planItemsSql('r.study_id = $1 and r.site_id = $2')})
     select count(distinct "recordId")::int as n from items
     where required and (status is null or status = 'reset')`,
    [session.studyId, session.siteId],
  );
  return rows[0]?.n ?? 0;
}

export async function notesToReview(db: Db, session: RoleSession): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from notes n join subjects s on s.id = n.subject_id
     where n.study_id = $1 and s.site_id = $2 and not exists (select 1 from note_reviews v where v.note_id = n.id)`,
    [session.studyId, session.siteId],
  );
  return rows[0]?.n ?? 0;
}
