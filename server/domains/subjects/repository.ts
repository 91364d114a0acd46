/** One subject (subjectinfo.do) and the version of the subjects data (the list's cache key). */
import type { SubjectRow } from '../../../engine/api/subjects';
import { queryOne, type Db } from '../../core/db/db';
import { SUBJECT_ROW_COLUMNS } from './list';

/** The subject, when it is in the study and at one of the scope's sites (and not abandoned). */
export function findSubject(
  db: Db,
  studyId: string,
  siteIds: readonly string[],
  subjectId: string,
): Promise<SubjectRow | null> {
  return queryOne<SubjectRow>(
    db,
    `select ${SUBJECT_ROW_COLUMNS} from subjects s join sites si on si.id = s.site_id
     where s.id = $1 and s.study_id = $2 and s.site_id = any($3::text[]) and s.abandoned_at is null`,
    [subjectId, studyId, [...siteIds]],
  );
}

/** Version of the subjects data alone (bumped by the trigger of migration 0003 on every write). */
export async function subjectsDataVersion(db: Db): Promise<string> {
  const row = await queryOne<{ version: string }>(
    db,
    "select version::text || ':' || stamp as version from data_versions where name = 'subjects'",
  );
  return row?.version ?? '';
}
