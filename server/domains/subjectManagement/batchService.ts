/**
 * Batch upload of subjects (issue 12, docs/casebook-batch.md): the template, the assessment of an uploaded xlsx
 * (every row checked as savesubject.do checks one subject, at the site chosen at /checkRole; problems per row,
 * stored 90 s with the rows as read), its report, and the import of an assessment without problems — every row
 * checked again and added in ONE transaction, each audited (create, reason naming the file), or nothing at all.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Locale } from '../../../engine/api/localized';
import {
  BATCH_ASSESSMENT_VALID_MS,
  BATCH_COLUMNS,
  BATCH_PROBLEMS_SHOWN,
  type BatchAssessment,
  type BatchColumn,
  type BatchProblem,
  type DownloadFile,
} from '../../../engine/api/subjectManagement';
import { SUBJECT_STATUS, type StudyVersion } from '../../../engine/api/subjects';
import { isStorableText } from '../../../engine/api/endpoint';
import { compileSubjectIdPattern } from '../../../engine/subjects/subjectIdPattern';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import type { UploadedFile } from '../../core/http/upload';
import { message, type ServerMessageId } from '../../core/messages';
import {
  appendSubjectAudit,
  findSite,
  insertSubject,
  rolePermissions,
  studyVersions,
  subjectIdPattern,
  type SiteRow,
} from '../subjects/casebookRepository';
import { Refused, checkSubjid, freeSubjectId, sitesForAdding } from '../subjects/casebookService';
import {
  findAssessment,
  insertAssessment,
  markImported,
  purgeStaleAssessments,
  type AssessmentRow,
  type StoredRow,
} from './batchRepository';
import { XLSX_MIME, readBatchSheet, reportWorkbook, templateWorkbook } from './batchWorkbook';

export const BATCH_PERMISSION = 'subject.batchUpload';
/** The most rows one file may hold. */
export const BATCH_MAX_ROWS = 2000;
/** Expired assessments that were never imported are purged after this long. */
const STALE_ASSESSMENT_MS = 24 * 60 * 60 * 1000;

const SEX_CODES: Record<string, 'M' | 'F'> = {
  m: 'M',
  male: 'M',
  男: 'M',
  f: 'F',
  female: 'F',
  女: 'F',
};

async function requireBatchPermission(db: Db, session: RoleSession): Promise<void> {
  if (!(await rolePermissions(db, session.roleId)).has(BATCH_PERMISSION))
    throw new Refused('batchNotAllowed', {}, 403);
}

async function chosenSite(db: Db, session: RoleSession): Promise<SiteRow> {
  const site = await findSite(db, session.studyId, session.siteId);
  if (!site) throw new Refused('siteNotChosen', {}, 403);
  return site;
}

const xlsxFile = (filename: string, bytes: Buffer): DownloadFile => ({
  filename,
  mimetype: XLSX_MIME,
  base64: bytes.toString('base64'),
});

const currentOf = (versions: StudyVersion[]) => versions.find((v) => v.current) ?? versions[0];

/** batchtemplate.do. */
export async function batchTemplate(db: Db, session: RoleSession, locale: Locale): Promise<DownloadFile> {
  await requireBatchPermission(db, session);
  const site = await chosenSite(db, session);
  const [adding] = await sitesForAdding(db, session);
  const protovers = await studyVersions(db, session.studyId, 'protocol');
  const crfvers = await studyVersions(db, session.studyId, 'crf');
  const bytes = await templateWorkbook(locale, {
    pattern: adding?.pattern ?? '',
    protoverCurrent: currentOf(protovers)?.id ?? '',
    crfverCurrent: currentOf(crfvers)?.id ?? '',
    sample: {
      subjid: adding?.nextsubjid ?? '',
      initials: 'ZSF',
      sex: 'F',
      birthdate: '1980-05-17',
      protover: currentOf(protovers)?.id ?? '',
      crfver: currentOf(crfvers)?.id ?? '',
    },
  });
  return xlsxFile(`subjects-template-${site.sitecode}.xlsx`, bytes);
}

/** A real calendar day yyyy-MM-dd. */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

interface RowCheck {
  problems: BatchProblem[];
  stored: StoredRow | null;
}

/** Checks one row's cells (everything but the number's uniqueness in the study); the row as it would be stored. */
function checkCells(
  row: number,
  cells: Partial<Record<BatchColumn, string | null>>,
  ctx: {
    locale: Locale;
    today: string;
    protovers: StudyVersion[];
    crfvers: StudyVersion[];
    matches: (subjid: string) => boolean;
    pattern: string;
    example: string;
  },
): RowCheck {
  const problems: BatchProblem[] = [];
  const problem = (column: BatchColumn, id: ServerMessageId, values: Record<string, string> = {}) =>
    problems.push({
      row,
      column,
      value: cells[column] ?? null,
      message: message(id, ctx.locale, values),
    });
  for (const column of BATCH_COLUMNS) {
    const v = cells[column];
    if (v && !isStorableText(v)) problem(column, 'paramError');
  }
  if (problems.length > 0) return { problems, stored: null };

  const subjid = cells.subjid ?? '';
  if (!subjid) problem('subjid', 'cellRequired');
  else if (subjid.length > 100) problem('subjid', 'cellTooLong', { max: '100' });
  else if (!ctx.matches(subjid))
    problem('subjid', 'subjidPattern', { pattern: ctx.pattern, example: ctx.example });

  const initials = cells.initials ?? '';
  if (initials.length > 10) problem('initials', 'cellTooLong', { max: '10' });

  const sexText = cells.sex ?? '';
  const sex = sexText ? SEX_CODES[sexText.toLowerCase()] : '';
  if (sex === undefined) problem('sex', 'cellSex');

  const birthdate = cells.birthdate ?? null;
  if (birthdate !== null && !isDay(birthdate)) problem('birthdate', 'cellDate');
  else if (birthdate !== null && birthdate > ctx.today) problem('birthdate', 'cellFutureDate');

  const version = (column: 'protover' | 'crfver', versions: StudyVersion[]) => {
    const text = cells[column];
    if (!text) return currentOf(versions)?.id ?? '';
    const found = versions.find((v) => v.id === text || v.name === text);
    if (!found) problem(column, 'cellVersion', { value: text });
    return found?.id ?? '';
  };
  const protover = version('protover', ctx.protovers);
  const crfver = version('crfver', ctx.crfvers);

  if (problems.length > 0) return { problems, stored: null };
  return {
    problems,
    stored: { row, subjid, initials, sex: sex ?? '', birthdate, protover, crfver },
  };
}

/** batchassess.do: the file read and every row checked; stored (valid 90 s) whatever it found. */
export async function assessBatch(
  db: Db,
  session: RoleSession,
  file: UploadedFile,
  locale: Locale,
  now: Date,
): Promise<BatchAssessment> {
  await requireBatchPermission(db, session);
  const site = await chosenSite(db, session);
  const read = await readBatchSheet(file.bytes, BATCH_MAX_ROWS);
  if (read.kind === 'unreadable') throw new Refused('assessmentUnreadable');
  if (read.kind === 'tooMany') throw new Refused('assessmentTooManyRows', { max: String(BATCH_MAX_ROWS) });
  if (read.kind === 'unknownColumns')
    throw new Refused('assessmentUnknownColumns', { columns: read.columns.join(', ') });
  if (read.kind === 'missingColumns')
    throw new Refused('assessmentColumns', { columns: read.columns.join(', ') });
  if (read.rows.length === 0) throw new Refused('assessmentEmpty');

  const compiled = compileSubjectIdPattern(await subjectIdPattern(db, session.studyId), {
    sitecode: site.sitecode,
    studycode: site.studycode,
  });
  const ctx = {
    locale,
    today: now.toISOString().slice(0, 10),
    protovers: await studyVersions(db, session.studyId, 'protocol'),
    crfvers: await studyVersions(db, session.studyId, 'crf'),
    matches: (s: string) => compiled.matches(s),
    pattern: compiled.pattern,
    example: compiled.format(1),
  };
  const problems: BatchProblem[] = [];
  const stored: StoredRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of read.rows) {
    const check = checkCells(row, cells, ctx);
    let rowProblems = check.problems;
    if (check.stored) {
      const { subjid } = check.stored;
      const other = firstRowOf.get(subjid);
      if (other !== undefined) {
        rowProblems = [
          {
            row,
            column: 'subjid',
            value: subjid,
            message: message('cellDuplicateInFile', locale, { subjid, other: String(other) }),
          },
        ];
      } else {
        firstRowOf.set(subjid, row);
        const taken = await checkSubjid(db, session.studyId, site, subjid);
        if (taken.result !== 'ok') {
          rowProblems = [
            { row, column: 'subjid', value: subjid, message: message(taken.messageId, locale, taken.values) },
          ];
        }
      }
      if (rowProblems.length === 0) stored.push(check.stored);
    }
    problems.push(...rowProblems);
  }
  const expires = new Date(now.getTime() + BATCH_ASSESSMENT_VALID_MS);
  // assessments never imported hold personal data to no purpose once expired: kept a day, then purged
  await purgeStaleAssessments(db, new Date(now.getTime() - STALE_ASSESSMENT_MS));
  const id = randomUUID();
  await insertAssessment(db, {
    id,
    studyId: session.studyId,
    siteId: site.siteid,
    userId: session.userId,
    roleId: session.roleId,
    sessionId: session.id,
    filename: file.filename,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    rows: stored,
    problems,
    createdAt: now,
    expiresAt: expires,
  });
  const rowsWithProblems = new Set(problems.map((p) => p.row)).size;
  return {
    assessmentid: id,
    filename: file.filename,
    rows: read.rows.length,
    valid: read.rows.length - rowsWithProblems,
    problems: problems.slice(0, BATCH_PROBLEMS_SHOWN),
    problemcount: problems.length,
    canimport: problems.length === 0 && stored.length > 0,
    expiresat: expires.toISOString(),
  };
}

/** The session's own assessment at its chosen site and role, still valid. */
async function ownAssessment(db: Db, session: RoleSession, id: string, now: Date): Promise<AssessmentRow> {
  const found = await findAssessment(db, id, { forUpdate: false });
  if (
    !found ||
    found.userId !== session.userId ||
    found.studyId !== session.studyId ||
    found.siteId !== session.siteId ||
    found.roleId !== session.roleId
  )
    throw new Refused('assessmentNotFound');
  if (found.expiresAt.getTime() <= now.getTime()) throw new Refused('assessmentExpired');
  return found;
}

/** batchreport.do. */
export async function batchReport(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
  now: Date,
): Promise<DownloadFile> {
  await requireBatchPermission(db, session);
  const found = await ownAssessment(db, session, id, now);
  const base = found.filename.replace(/\.xlsx$/i, '');
  return xlsxFile(`${base}-assessment.xlsx`, await reportWorkbook(locale, found.problems));
}

/** batchimport.do: all rows in one transaction, or none. */
export async function importBatch(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
  now: Date,
): Promise<{ imported: number; subjids: string[] }> {
  await requireBatchPermission(db, session);
  await ownAssessment(db, session, id, now);
  return db.transaction(async (tx) => {
    // locked: two imports of one assessment at once — the second finds it imported
    const found = await findAssessment(tx, id, { forUpdate: true });
    if (!found) throw new Refused('assessmentNotFound');
    if (found.importedAt) throw new Refused('assessmentImported');
    if (found.problems.length > 0)
      throw new Refused('assessmentHasProblems', { count: String(found.problems.length) });
    if (found.rows.length === 0) throw new Refused('assessmentEmpty');
    const site = await chosenSite(tx, session);
    const reason = `batch upload: ${found.filename}`;
    const subjids: string[] = [];
    for (const r of found.rows) {
      // the study may have moved since the assessment: the same checks again, inside the transaction
      const check = await checkSubjid(tx, session.studyId, site, r.subjid);
      if (check.result !== 'ok') {
        throw new Refused('importChanged', {
          row: String(r.row),
          problem: message(check.messageId, locale, check.values),
        });
      }
      const subjectId = await freeSubjectId(tx, r.subjid);
      await insertSubject(tx, {
        id: subjectId,
        studyId: session.studyId,
        siteId: site.siteid,
        subjid: r.subjid,
        initials: r.initials,
        sex: r.sex,
        birthdate: r.birthdate,
        protover: r.protover,
        crfver: r.crfver,
        at: now,
      });
      const created: [string, string | null][] = [
        ['subjid', r.subjid],
        ['siteid', site.sitecode],
        ['protover', r.protover],
        ['crfver', r.crfver],
        ['status', SUBJECT_STATUS.screening],
        ['initials', r.initials || null],
        ['sex', r.sex || null],
        ['birthdate', r.birthdate],
      ];
      await appendSubjectAudit(
        tx,
        created
          .filter(([, v]) => v !== null)
          .map(([field, value]) => ({
            studyId: session.studyId,
            subjectId,
            action: 'create' as const,
            field,
            oldvalue: null,
            newvalue: value,
            reason,
            userId: session.userId,
            roleId: session.roleId,
            siteId: session.siteId,
            at: now,
          })),
      );
      subjids.push(r.subjid);
    }
    await markImported(tx, id, now);
    return { imported: subjids.length, subjids };
  });
}
