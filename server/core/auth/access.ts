/**
 * Who holds which role at which site of which study. Every check the server makes about roles goes through here.
 */
import { queryOne, type Db } from '../db/db';
import type { Role } from '../../../engine/api/session';

export interface StudyRow {
  studyid: string;
  studycode: string;
  studyname: string;
}

/** Studies in which the user holds at least one active role, by code. */
export function userStudies(db: Db, userId: string): Promise<StudyRow[]> {
  return db.query<StudyRow>(
    `select s.id as studyid, s.studycode, s.studyname from studies s
     where exists (select 1 from user_roles ur where ur.study_id = s.id and ur.user_id = $1 and ur.active)
     order by s.studycode`,
    [userId],
  );
}

export function findStudy(db: Db, studyId: string): Promise<StudyRow | null> {
  return queryOne<StudyRow>(db, 'select id as studyid, studycode, studyname from studies where id = $1', [
    studyId,
  ]);
}

export async function holdsRole(
  db: Db,
  q: { userId: string; roleId: string; siteId: string; studyId: string },
): Promise<boolean> {
  const row = await queryOne<{ held: boolean }>(
    db,
    `select exists (select 1 from user_roles
       where user_id = $1 and role_id = $2 and site_id = $3 and study_id = $4 and active) as held`,
    [q.userId, q.roleId, q.siteId, q.studyId],
  );
  return row?.held === true;
}

interface RoleSiteRow {
  roleid: string;
  rolecode: string;
  rolename_zh: string;
  rolename_en: string;
  siteid: string;
  sitecode: string;
  sitename: string;
  country: string;
}

/** The user's active roles in the study, each with its sites (sitelist.do). */
export async function rolesWithSites(db: Db, userId: string, studyId: string): Promise<Role[]> {
  const rows = await db.query<RoleSiteRow>(
    `select r.id as roleid, r.rolecode, r.rolename_zh, r.rolename_en,
            si.id as siteid, si.sitecode, si.sitename, si.country
     from user_roles ur
     join roles r on r.id = ur.role_id
     join sites si on si.id = ur.site_id
     where ur.user_id = $1 and ur.study_id = $2 and ur.active
     order by r.sort, r.rolecode, si.sitecode`,
    [userId, studyId],
  );
  const roles: Role[] = [];
  for (const row of rows) {
    let role = roles.find((r) => r.roleid === row.roleid);
    if (!role) {
      role = {
        roleid: row.roleid,
        rolecode: row.rolecode,
        rolename: { zh_CN: row.rolename_zh, en: row.rolename_en },
        sites: [],
      };
      roles.push(role);
    }
    role.sites.push({
      siteid: row.siteid,
      sitecode: row.sitecode,
      sitename: row.sitename,
      country: row.country,
    });
  }
  return roles;
}

export interface RoleRow {
  roleid: string;
  rolecode: string;
  rolename_zh: string;
  rolename_en: string;
}

export function findRole(db: Db, roleId: string): Promise<RoleRow | null> {
  return queryOne<RoleRow>(
    db,
    'select id as roleid, rolecode, rolename_zh, rolename_en from roles where id = $1',
    [roleId],
  );
}

export interface SiteRow {
  siteid: string;
  sitecode: string;
  sitename: string;
  country: string;
}

export function findSite(db: Db, siteId: string): Promise<SiteRow | null> {
  return queryOne<SiteRow>(db, 'select id as siteid, sitecode, sitename, country from sites where id = $1', [
    siteId,
  ]);
}
