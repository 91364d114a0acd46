/** The query import tables (migration 0015): batches and their rows with their state. Audited by the database. */
import type { QueryImportColumn, QueryImportState } from '../../../engine/api/queryImport';
import type { ServerMessageId } from '../../core/messages';
import { queryOne, type Db } from '../../core/db/db';

/** A problem as stored: translated when read. */
export interface StoredProblem {
  column: QueryImportColumn | null;
  value: string | null;
  messageId: ServerMessageId;
  values: Record<string, string>;
}

export interface StoredReason {
  messageId: ServerMessageId;
  values: Record<string, string>;
}

export interface NewImportRow {
  row: number;
  cells: Record<QueryImportColumn, string | null>;
  recordId: string | null;
  kind: 'item' | 'page' | 'table' | null;
  problems: StoredProblem[];
}

export async function insertBatch(
  db: Db,
  b: {
    studyId: string;
    siteId: string;
    userId: string;
    roleId: string;
    filename: string;
    sha256: string;
    at: Date;
  },
  rows: readonly NewImportRow[],
): Promise<string> {
  const inserted = await queryOne<{ id: string }>(
    db,
    `insert into query_import_batches (study_id, site_id, user_id, role_id, filename, sha256, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::text as id`,
    [b.studyId, b.siteId, b.userId, b.roleId, b.filename, b.sha256, b.at.toISOString()],
  );
  const id = inserted!.id;
  await db.query(
    `insert into query_import_rows (batch_id, row_no, cells, record_id, kind, problems)
     select $1::bigint, r.row_no, r.cells, r.record_id, r.kind, r.problems
     from jsonb_to_recordset($2::jsonb) as r(row_no int, cells jsonb, record_id bigint, kind text, problems jsonb)`,
    [
      id,
      JSON.stringify(
        rows.map((r) => ({
          row_no: r.row,
          cells: r.cells,
          record_id: r.recordId,
          kind: r.kind,
          problems: r.problems,
        })),
      ),
    ],
  );
  return id;
}

export interface BatchRow {
  id: string;
  studyId: string;
  siteId: string;
  userId: string;
  roleId: string;
  filename: string;
  username: string;
  realname: string;
  createdat: string;
  rows: number;
  invalid: number;
  unsent: number;
  sent: number;
  failed: number;
}

const BATCH_SELECT = `select b.id::text as id, b.study_id as "studyId", b.site_id as "siteId", b.user_id as "userId",
    b.role_id as "roleId", b.filename, u.username, u.realname,
    to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as createdat,
    (select count(*)::int from query_import_rows r where r.batch_id = b.id) as rows,
    (select count(*)::int from query_import_rows r where r.batch_id = b.id and jsonb_array_length(r.problems) > 0) as invalid,
    (select count(*)::int from query_import_rows r where r.batch_id = b.id and r.state = 'unsent') as unsent,
    (select count(*)::int from query_import_rows r where r.batch_id = b.id and r.state = 'sent') as sent,
    (select count(*)::int from query_import_rows r where r.batch_id = b.id and r.state = 'failed') as failed
  from query_import_batches b join users u on u.id = b.user_id`;

/** A batch of the study at a site (else null). */
export function findBatch(db: Db, studyId: string, siteId: string, id: string): Promise<BatchRow | null> {
  if (!/^[1-9]\d{0,17}$/.test(id)) return Promise.resolve(null);
  return queryOne<BatchRow>(
    db,
    `${BATCH_SELECT} where b.id = $1::bigint and b.study_id = $2 and b.site_id = $3`,
    [id, studyId, siteId],
  );
}

export async function batchesAt(
  db: Db,
  studyId: string,
  siteId: string,
  page: { limit: number; offset: number },
): Promise<{ list: BatchRow[]; total: number }> {
  const list = await db.query<BatchRow>(
    `${BATCH_SELECT} where b.study_id = $1 and b.site_id = $2 order by b.id desc limit $3 offset $4`,
    [studyId, siteId, page.limit, page.offset],
  );
  const total = await queryOne<{ n: number }>(
    db,
    'select count(*)::int as n from query_import_batches where study_id = $1 and site_id = $2',
    [studyId, siteId],
  );
  return { list, total: total?.n ?? 0 };
}

export interface ImportRowState {
  id: string;
  row: number;
  cells: Record<QueryImportColumn, string | null>;
  recordId: string | null;
  kind: 'item' | 'page' | 'table' | null;
  problems: StoredProblem[];
  state: QueryImportState;
  reason: StoredReason | null;
  queryId: string | null;
  sentAt: string | null;
}

const ROW_SELECT = `select id::text as id, row_no as row, cells, record_id::text as "recordId", kind, problems, state,
    reason, query_id::text as "queryId",
    to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt"
  from query_import_rows`;

export function batchRows(db: Db, batchId: string): Promise<ImportRowState[]> {
  return db.query<ImportRowState>(`${ROW_SELECT} where batch_id = $1::bigint order by row_no`, [batchId]);
}

/** One row, locked (two sends at once: the second sees it sent). */
export function lockRow(db: Db, rowId: string): Promise<ImportRowState | null> {
  return queryOne<ImportRowState>(db, `${ROW_SELECT} where id = $1::bigint for update`, [rowId]);
}

export async function markSent(db: Db, rowId: string, queryId: string, at: Date): Promise<void> {
  await db.query(
    `update query_import_rows set state = 'sent', reason = null, query_id = $2::bigint, sent_at = $3
     where id = $1::bigint`,
    [rowId, queryId, at.toISOString()],
  );
}

export async function markFailed(db: Db, rowId: string, reason: StoredReason, at: Date): Promise<void> {
  await db.query(
    `update query_import_rows set state = 'failed', reason = $2::jsonb, sent_at = $3
     where id = $1::bigint and state <> 'sent'`,
    [rowId, JSON.stringify(reason), at.toISOString()],
  );
}
