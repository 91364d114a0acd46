/** study_imports (migration 0016): the imported definitions, their reports and states. */
import type { ImportIssue, StudyDefinition } from '../../../engine/interchange/types';
import { queryOne, type Db } from '../../core/db/db';

export interface ImportRow {
  id: string;
  studyId: string;
  userId: string;
  username: string;
  realname: string;
  filename: string;
  format: string;
  sha256: string;
  definition: StudyDefinition | null;
  issues: ImportIssue[];
  counts: Record<string, number>;
  errors: number;
  state: 'draft' | 'published' | 'discarded';
  createdAt: Date;
  crfVersion: string | null;
}

const COLUMNS = `i.id::text as id, i.study_id as "studyId", i.user_id as "userId", u.username, u.realname,
  i.filename, i.format, i.sha256, i.definition, i.issues, i.counts, i.errors, i.state, i.created_at as "createdAt",
  i.crf_version as "crfVersion"`;

export interface NewImport {
  studyId: string;
  userId: string;
  roleId: string;
  siteId: string;
  filename: string;
  format: string;
  sha256: string;
  definition: StudyDefinition;
  issues: ImportIssue[];
  counts: Record<string, number>;
}

export async function insertImport(db: Db, row: NewImport, at: Date): Promise<string> {
  const errors = row.issues.filter((i) => i.severity === 'error').length;
  const inserted = await queryOne<{ id: string }>(
    db,
    `insert into study_imports (study_id, user_id, role_id, site_id, filename, format, sha256, definition, issues,
       counts, errors, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12) returning id::text as id`,
    [
      row.studyId,
      row.userId,
      row.roleId,
      row.siteId,
      row.filename,
      row.format,
      row.sha256,
      JSON.stringify(row.definition),
      JSON.stringify(row.issues),
      JSON.stringify(row.counts),
      errors,
      at.toISOString(),
    ],
  );
  if (!inserted) throw new Error('insert into study_imports returned nothing');
  return inserted.id;
}

export function findImport(
  db: Db,
  studyId: string,
  id: string,
  forUpdate = false,
): Promise<ImportRow | null> {
  return queryOne<ImportRow>(
    db,
    `select ${COLUMNS} from study_imports i join users u on u.id = i.user_id
     where i.study_id = $1 and i.id = $2::bigint ${forUpdate ? 'for update of i' : ''}`,
    [studyId, id],
  );
}

export async function importsOf(
  db: Db,
  studyId: string,
  page: number,
  size: number,
): Promise<{ rows: ImportRow[]; total: number }> {
  const rows = await db.query<ImportRow>(
    `select ${COLUMNS} from study_imports i join users u on u.id = i.user_id
     where i.study_id = $1 order by i.id desc limit $2 offset $3`,
    [studyId, size, (page - 1) * size],
  );
  const total = await queryOne<{ n: number }>(
    db,
    'select count(*)::int as n from study_imports where study_id = $1',
    [studyId],
  );
  return { rows, total: total?.n ?? 0 };
}

export async function setImportState(
  db: Db,
  id: string,
  state: 'published' | 'discarded',
  by: string,
  at: Date,
  crfVersion: string | null,
): Promise<void> {
  await db.query(
    `update study_imports set state = $2, published_at = $3, published_by = $4, crf_version = $5
     where id = $1::bigint`,
    [id, state, at.toISOString(), by, crfVersion],
  );
}
