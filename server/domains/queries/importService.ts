/**
 * Query import (docs/query-import.md): the template; the assessment of an uploaded xlsx at the chosen site, row by
 * row (subject at the site, visit and form, a saved record, the item in the record's form version, the issue type,
 * the text), stored as a batch with its rows (all unsent); the report of the bad rows; and the send: each good row
 * not yet sent raised as a manual query by createQuery (saveQuery.do's permission, site scope and history), each in
 * its own transaction, so one row's refusal is recorded as "send failed" with its reason and the others go on.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Locale } from '../../../engine/api/localized';
import { QUERY_CAPABILITIES, QUERY_TEXT_MAX } from '../../../engine/api/queries';
import {
  QUERY_IMPORT_COLUMNS,
  type QueryImportBatch,
  type QueryImportColumn,
  type QueryImportDetail,
  type QueryImportRow,
} from '../../../engine/api/queryImport';
import type { DownloadFile } from '../../../engine/api/subjectManagement';
import { isStorableText } from '../../../engine/api/endpoint';
import { compileForm } from '../../../engine/form/index';
import type { RoleSession } from '../../core/auth/guard';
import { queryOne, type Db } from '../../core/db/db';
import type { UploadedFile } from '../../core/http/upload';
import { message, type ServerMessageId } from '../../core/messages';
import { formSchemaVersion, latestFormSchema } from '../data/formsRepository';
import { findRecord } from '../data/recordsRepository';
import { subjectInScope } from '../data/scope';
import { XLSX_MIME } from '../subjectManagement/batchWorkbook';
import {
  batchRows,
  batchesAt,
  findBatch,
  insertBatch,
  lockRow,
  markFailed,
  markSent,
  type BatchRow,
  type ImportRowState,
  type NewImportRow,
  type StoredProblem,
} from './importRepository';
import { importReportWorkbook, importTemplateWorkbook, readImportSheet } from './importWorkbook';
import { dictRows } from './repository';
import { QueryRefused, createQuery, requirePermission } from './service';

/** The most rows one file may hold. */
export const QUERY_IMPORT_MAX_ROWS = 2000;

const xlsxFile = (filename: string, bytes: Buffer): DownloadFile => ({
  filename,
  mimetype: XLSX_MIME,
  base64: bytes.toString('base64'),
});

/** template.do. */
export async function importTemplate(db: Db, session: RoleSession, locale: Locale): Promise<DownloadFile> {
  await requirePermission(db, session, QUERY_CAPABILITIES.create);
  const issueTypes = (await dictRows(db, session.studyId)).filter((r) => r.dict === 'add').map((r) => r.code);
  const sample = await queryOne<{ subjid: string; visitnum: string; tid: string }>(
    db,
    `select s.subjid, r.visitnum, r.tid from form_records r join subjects s on s.id = r.subject_id
     where r.study_id = $1 and s.site_id = $2 and s.abandoned_at is null order by r.id limit 1`,
    [session.studyId, session.siteId],
  );
  const bytes = await importTemplateWorkbook(locale, {
    issueTypes,
    sample: {
      subjid: sample?.subjid ?? '',
      visitnum: sample?.visitnum ?? 'V1',
      cycnum: '1',
      tid: sample?.tid ?? 'VS',
      lineno: '',
      variable: '',
      issuetype: issueTypes[0] ?? '',
      note: locale === 'en' ? 'Please verify against the source.' : '请与原始资料核对。',
    },
  });
  return xlsxFile('query-import-template.xlsx', bytes);
}

type Cells = Record<QueryImportColumn, string | null>;

interface Checked {
  problems: StoredProblem[];
  recordId: string | null;
  kind: 'item' | 'page' | 'table' | null;
}

function positive(text: string | null): number | null {
  if (text === null) return 1;
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : null;
}

/** What the rows of one file share: the issue types, and the forms and their versions' items, read once. */
interface FileContext {
  issueTypes: Set<string>;
  forms: Map<string, Awaited<ReturnType<typeof latestFormSchema>>>;
  items: Map<string, ReadonlySet<string> | null>;
}

async function formOf(db: Db, session: RoleSession, file: FileContext, tid: string) {
  if (!file.forms.has(tid)) file.forms.set(tid, await latestFormSchema(db, session.studyId, tid));
  return file.forms.get(tid) ?? null;
}

/** The items of a form version (null when it does not compile), compiled once per file. */
async function itemsOf(
  db: Db,
  session: RoleSession,
  file: FileContext,
  form: NonNullable<Awaited<ReturnType<typeof latestFormSchema>>>,
  schemaVersion: number,
): Promise<ReadonlySet<string> | null> {
  const key = `${form.tid}@${schemaVersion}`;
  if (!file.items.has(key)) {
    const version = (await formSchemaVersion(db, session.studyId, form.tid, schemaVersion)) ?? form;
    const compiled = compileForm(version.schema);
    file.items.set(key, compiled.ok ? new Set(compiled.form.items.keys()) : null);
  }
  return file.items.get(key) ?? null;
}

/** One row: every problem found, or the record and kind the send raises the query on. */
async function checkRow(db: Db, session: RoleSession, cells: Cells, file: FileContext): Promise<Checked> {
  const { issueTypes } = file;
  const problems: StoredProblem[] = [];
  const problem = (
    column: QueryImportColumn,
    messageId: ServerMessageId,
    values: Record<string, string> = {},
  ) => problems.push({ column, value: cells[column], messageId, values });
  for (const column of QUERY_IMPORT_COLUMNS) {
    const v = cells[column];
    if (v !== null && !isStorableText(v)) problem(column, 'paramError');
  }
  if (problems.length > 0) return { problems, recordId: null, kind: null };
  for (const column of ['subjid', 'visitnum', 'tid', 'note'] as const)
    if (cells[column] === null) problem(column, 'cellRequired');
  for (const column of ['subjid', 'visitnum', 'tid', 'variable', 'issuetype'] as const) {
    const v = cells[column];
    if (v !== null && v.length > 64) problem(column, 'cellTooLong', { max: '64' });
  }
  if (cells.note !== null && cells.note.length > QUERY_TEXT_MAX)
    problem('note', 'cellTooLong', { max: String(QUERY_TEXT_MAX) });
  const cycnum = positive(cells.cycnum);
  if (cycnum === null) problem('cycnum', 'queryImportNumber');
  const lineno = positive(cells.lineno);
  if (lineno === null) problem('lineno', 'queryImportNumber');
  if (cells.issuetype !== null && !issueTypes.has(cells.issuetype))
    problem('issuetype', 'queryUnknownIssueType');
  if (problems.length > 0) return { problems, recordId: null, kind: null };

  const subject = await queryOne<{ id: string }>(
    db,
    `select id from subjects where study_id = $1 and site_id = $2 and subjid = $3 and abandoned_at is null`,
    [session.studyId, session.siteId, cells.subjid],
  );
  if (!subject || !(await subjectInScope(db, session, subject.id))) {
    problem('subjid', 'queryImportSubjectUnknown', { value: cells.subjid ?? '' });
    return { problems, recordId: null, kind: null };
  }
  const form = await formOf(db, session, file, cells.tid ?? '');
  if (!form) {
    problem('tid', 'queryImportFormUnknown', { value: cells.tid ?? '' });
    return { problems, recordId: null, kind: null };
  }
  const record = await findRecord(
    db,
    { subjectId: subject.id, visitnum: cells.visitnum ?? '', cycnum: cycnum ?? 1, svnum: 1, tid: form.tid },
    lineno ?? 1,
  );
  if (!record) {
    problem('visitnum', 'queryImportRecordUnknown');
    return { problems, recordId: null, kind: null };
  }
  if (cells.variable !== null) {
    const items = await itemsOf(db, session, file, form, record.schemaVersion);
    if (!items?.has(cells.variable))
      problem('variable', 'queryImportVariableUnknown', { value: cells.variable });
  }
  if (problems.length > 0) return { problems, recordId: null, kind: null };
  const kind = form.logline ? 'table' : cells.variable !== null ? 'item' : 'page';
  return { problems, recordId: record.id, kind };
}

function batchOf(b: BatchRow, session: RoleSession): QueryImportBatch {
  return {
    batchid: b.id,
    filename: b.filename,
    username: b.username,
    realname: b.realname,
    createdat: b.createdat,
    rows: b.rows,
    invalid: b.invalid,
    unsent: b.unsent,
    sent: b.sent,
    failed: b.failed,
    cansend: ownBatch(b, session) && b.rows - b.invalid - b.sent > 0,
  };
}

function ownBatch(b: BatchRow, session: RoleSession): boolean {
  return b.userId === session.userId && b.roleId === session.roleId;
}

function rowOf(r: ImportRowState, locale: Locale): QueryImportRow {
  return {
    row: r.row,
    ...r.cells,
    problems: r.problems.map((p) => ({
      column: p.column,
      value: p.value,
      message: message(p.messageId, locale, p.values),
    })),
    state: r.state,
    reason: r.reason ? message(r.reason.messageId, locale, r.reason.values) : null,
    queryid: r.queryId,
    sentat: r.sentAt,
  };
}

async function detail(db: Db, session: RoleSession, id: string, locale: Locale): Promise<QueryImportDetail> {
  const batch = await findBatch(db, session.studyId, session.siteId, id);
  if (!batch) throw new QueryRefused('queryImportBatchNotFound');
  return {
    batch: batchOf(batch, session),
    rows: (await batchRows(db, batch.id)).map((r) => rowOf(r, locale)),
  };
}

/** assess.do: the file read, every row checked, the batch and its rows stored (one transaction). */
export async function assessImport(
  db: Db,
  session: RoleSession,
  file: UploadedFile,
  locale: Locale,
  now: Date,
): Promise<QueryImportDetail> {
  await requirePermission(db, session, QUERY_CAPABILITIES.create);
  const read = await readImportSheet(file.bytes, QUERY_IMPORT_MAX_ROWS);
  if (read.kind === 'unreadable') throw new QueryRefused('assessmentUnreadable');
  if (read.kind === 'tooMany')
    throw new QueryRefused('assessmentTooManyRows', 200, { max: String(QUERY_IMPORT_MAX_ROWS) });
  if (read.kind === 'unknownColumns' || read.kind === 'missingColumns') {
    const id = read.kind === 'unknownColumns' ? 'assessmentUnknownColumns' : 'assessmentColumns';
    throw new QueryRefused(id, 200, { columns: read.columns.join(', ') });
  }
  if (read.rows.length === 0) throw new QueryRefused('queryImportEmpty');
  const fileContext: FileContext = {
    issueTypes: new Set(
      (await dictRows(db, session.studyId)).filter((r) => r.dict === 'add').map((r) => r.code),
    ),
    forms: new Map(),
    items: new Map(),
  };
  const rows: NewImportRow[] = [];
  for (const { row, cells } of read.rows) {
    const checked = await checkRow(db, session, cells, fileContext);
    rows.push({ row, cells, ...checked });
  }
  const id = await db.transaction((tx) =>
    insertBatch(
      tx,
      {
        studyId: session.studyId,
        siteId: session.siteId,
        userId: session.userId,
        roleId: session.roleId,
        filename: file.filename,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        at: now,
      },
      rows,
    ),
  );
  return detail(db, session, id, locale);
}

/** report.do: the bad rows' problems and the failed sends' reasons. */
export async function importReport(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
): Promise<DownloadFile> {
  await requirePermission(db, session, QUERY_CAPABILITIES.create);
  const { batch, rows } = await detail(db, session, id, locale);
  const base = batch.filename.replace(/\.xlsx$/i, '');
  return xlsxFile(`${base}-assessment.xlsx`, await importReportWorkbook(locale, rows));
}

/** send.do: each good row not yet sent, in its own transaction; a refused row is recorded as failed. */
export async function sendImport(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
  now: Date,
  logError: (err: unknown, errorId: string) => void,
): Promise<QueryImportDetail> {
  await requirePermission(db, session, QUERY_CAPABILITIES.create);
  const batch = await findBatch(db, session.studyId, session.siteId, id);
  // another user's batch is not theirs to send (each query names who raised it)
  if (!batch || !ownBatch(batch, session)) throw new QueryRefused('queryImportBatchNotFound');
  const pending = (await batchRows(db, batch.id)).filter(
    (r) => r.problems.length === 0 && r.state !== 'sent' && r.recordId !== null && r.kind !== null,
  );
  for (const row of pending) {
    try {
      await db.transaction(async (tx) => {
        const locked = await lockRow(tx, row.id);
        if (!locked || locked.state === 'sent') return;
        const queryId = await createQuery(
          tx,
          session,
          {
            recordid: row.recordId!,
            kind: row.kind!,
            variable: row.cells.variable,
            issuetype: row.cells.issuetype,
            note: row.cells.note ?? '',
          },
          now,
        );
        await markSent(tx, row.id, queryId, now);
      });
    } catch (err) {
      let reason: { messageId: ServerMessageId; values: Record<string, string> };
      if (err instanceof QueryRefused) reason = { messageId: err.messageId, values: err.values };
      else {
        const errorId = randomUUID();
        logError(err, errorId);
        reason = { messageId: 'queryImportSendError', values: { errorId } };
      }
      await db.transaction((tx) => markFailed(tx, row.id, reason, now));
    }
  }
  return detail(db, session, batch.id, locale);
}

/** importList.do. */
export async function importList(
  db: Db,
  session: RoleSession,
  page: number,
  size: number,
): Promise<{ list: QueryImportBatch[]; total: number }> {
  await requirePermission(db, session, QUERY_CAPABILITIES.create);
  const { list, total } = await batchesAt(db, session.studyId, session.siteId, {
    limit: size,
    offset: (page - 1) * size,
  });
  return { list: list.map((b) => batchOf(b, session)), total };
}

/** importRows.do. */
export async function importRows(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
): Promise<QueryImportDetail> {
  await requirePermission(db, session, QUERY_CAPABILITIES.create);
  return detail(db, session, id, locale);
}
