/** Stored batch assessments (migration 0009): the rows as read and the problems found, valid 90 s. */
import type { BatchProblem } from '../../../engine/api/subjectManagement';
import { queryOne, type Db } from '../../core/db/db';

/** A row that passed the assessment, as the import adds it. */
export interface StoredRow {
  row: number;
  subjid: string;
  initials: string;
  sex: string;
  birthdate: string | null;
  protover: string;
  crfver: string;
}

export interface NewAssessment {
  id: string;
  studyId: string;
  siteId: string;
  userId: string;
  roleId: string;
  sessionId: number;
  filename: string;
  sha256: string;
  rows: StoredRow[];
  problems: BatchProblem[];
  createdAt: Date;
  expiresAt: Date;
}

export async function insertAssessment(db: Db, a: NewAssessment): Promise<void> {
  await db.query(
    `insert into subject_batch_assessments (id, study_id, site_id, user_id, role_id, session_id, filename, sha256,
       rows, problems, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12)`,
    [
      a.id,
      a.studyId,
      a.siteId,
      a.userId,
      a.roleId,
      a.sessionId,
      a.filename,
      a.sha256,
      JSON.stringify(a.rows),
      JSON.stringify(a.problems),
      a.createdAt.toISOString(),
      a.expiresAt.toISOString(),
    ],
  );
}

export interface AssessmentRow {
  id: string;
  studyId: string;
  siteId: string;
  userId: string;
  roleId: string;
  filename: string;
  rows: StoredRow[];
  problems: BatchProblem[];
  expiresAt: Date;
  importedAt: Date | null;
}

export async function findAssessment(
  db: Db,
  id: string,
  opts: { forUpdate: boolean },
): Promise<AssessmentRow | null> {
  const row = await queryOne<AssessmentRow>(
    db,
    `select id, study_id as "studyId", site_id as "siteId", user_id as "userId", role_id as "roleId", filename,
            rows, problems, expires_at as "expiresAt", imported_at as "importedAt"
     from subject_batch_assessments where id = $1 ${opts.forUpdate ? 'for update' : ''}`,
    [id],
  );
  if (!row) return null;
  return {
    ...row,
    expiresAt: new Date(row.expiresAt),
    importedAt: row.importedAt ? new Date(row.importedAt) : null,
  };
}

export async function markImported(db: Db, id: string, at: Date): Promise<void> {
  await db.query('update subject_batch_assessments set imported_at = $2 where id = $1', [
    id,
    at.toISOString(),
  ]);
}

/** Deletes the assessments that expired before `before` and were never imported (imported ones stay, with the file name the audit rows cite). */
export async function purgeStaleAssessments(db: Db, before: Date): Promise<void> {
  await db.query('delete from subject_batch_assessments where imported_at is null and expires_at < $1', [
    before.toISOString(),
  ]);
}
