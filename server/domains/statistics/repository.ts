/**
 * The statistics' reads. Scope: the sites at which the user holds the session's role in the study (the project
 * overview of a user who works at several sites); the to-dos count at the chosen site only.
 */
import type { EnrolmentRow, SiteSubjects, VisitPages } from '../../../engine/api/statistics';
import type { RoleSession } from '../../core/auth/guard';
import { queryOne, type Db } from '../../core/db/db';

/** The sites the user holds the session's role at (active), as a subquery on $1 study, $2 user, $3 role. */
const SCOPE = `select ur.site_id from user_roles ur
  where ur.study_id = $1 and ur.user_id = $2 and ur.role_id = $3 and ur.active`;

const scopeParams = (s: RoleSession) => [s.studyId, s.userId, s.roleId];

export async function subjectsBySite(db: Db, session: RoleSession): Promise<SiteSubjects[]> {
  return db.query<SiteSubjects>(
    `select si.id as siteid, si.sitecode, si.sitename,
            count(s.id) filter (where s.status = '1')::int as screening,
            count(s.id) filter (where s.status = '2')::int as enrolled,
            count(s.id) filter (where s.status = '3')::int as completed,
            count(s.id) filter (where s.status = '4')::int as withdrawn,
            count(s.id) filter (where s.status = '5')::int as "screenFailure",
            count(s.id)::int as total
       from sites si
       left join subjects s on s.site_id = si.id and s.study_id = $1
      where si.study_id = $1 and si.id in (${SCOPE})
      group by si.id, si.sitecode, si.sitename
      order by si.sitecode`,
    scopeParams(session),
  );
}

export async function enrolmentByMonth(db: Db, session: RoleSession): Promise<EnrolmentRow[]> {
  return db.query<EnrolmentRow>(
    `select to_char(s.enrolldate, 'YYYY-MM') as month, si.sitecode, count(*)::int as count
       from subjects s join sites si on si.id = s.site_id
      where s.study_id = $1 and s.site_id in (${SCOPE}) and s.enrolldate is not null
      group by 1, 2
      order by 1, 2`,
    scopeParams(session),
  );
}

/**
 * The pages of each scheduled visit that has a date, by entry status: a page is a form of the visit's schedule that
 * has a schema; not entered without records, complete when all its records are complete, else entered (the visit
 * grid's rule, server/domains/visits/routes.ts).
 */
export async function pagesByVisit(db: Db, session: RoleSession): Promise<VisitPages[]> {
  const rows = await db.query<{
    visitnum: string;
    name_zh: string;
    name_en: string;
    notEntered: number;
    entered: number;
    complete: number;
  }>(
    `with pages as (
       select vs.visitnum, vs.sort, vs.name_zh, vs.name_en,
              (select case when count(*) = 0 then '0' when bool_and(r.status = '2') then '2' else '1' end
                 from form_records r
                where r.subject_id = sv.subject_id and r.visitnum = sv.visitnum and r.cycnum = sv.cycnum
                  and r.svnum = sv.svnum and r.tid = t.tid) as status
         from subjects s
         join subject_visits sv on sv.subject_id = s.id
         join visit_schedule vs on vs.study_id = s.study_id and vs.visitnum = sv.visitnum
         cross join lateral unnest(vs.tids) as t(tid)
        where s.study_id = $1 and s.site_id in (${SCOPE}) and sv.visitdate is not null
          and exists (select 1 from form_schemas f where f.study_id = s.study_id and f.tid = t.tid))
     select visitnum, min(name_zh) as name_zh, min(name_en) as name_en,
            count(*) filter (where status = '0')::int as "notEntered",
            count(*) filter (where status = '1')::int as entered,
            count(*) filter (where status = '2')::int as complete
       from pages group by visitnum, sort order by sort, visitnum`,
    scopeParams(session),
  );
  return rows.map(({ name_zh, name_en, ...r }) => ({ ...r, name: { zh_CN: name_zh, en: name_en } }));
}

/** Pages to enter at the chosen site: forms of dated visits of subjects in screening or enrolled, without records. */
export async function pagesToEnter(db: Db, session: RoleSession): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n
       from subjects s
       join subject_visits sv on sv.subject_id = s.id
       join visit_schedule vs on vs.study_id = s.study_id and vs.visitnum = sv.visitnum
       cross join lateral unnest(vs.tids) as t(tid)
      where s.study_id = $1 and s.site_id = $2 and s.status in ('1', '2') and sv.visitdate is not null
        and exists (select 1 from form_schemas f where f.study_id = s.study_id and f.tid = t.tid)
        and not exists (select 1 from form_records r
                         where r.subject_id = sv.subject_id and r.visitnum = sv.visitnum and r.cycnum = sv.cycnum
                           and r.svnum = sv.svnum and r.tid = t.tid)`,
    [session.studyId, session.siteId],
  );
  return row?.n ?? 0;
}

/** Pages at the chosen site saved with confirmed warnings (status 1): to look at again. */
export async function pagesWithWarnings(db: Db, session: RoleSession): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `select count(distinct (r.subject_id, r.visitnum, r.cycnum, r.svnum, r.tid))::int as n
       from form_records r where r.study_id = $1 and r.site_id = $2 and r.status = '1'`,
    [session.studyId, session.siteId],
  );
  return row?.n ?? 0;
}
