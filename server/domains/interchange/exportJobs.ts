/**
 * The export jobs (docs/interchange.md): study metadata as ODM, clinical data as ODM ClinicalData (audit records,
 * signatures, queries as annotations), and flat CSV (one form) or xlsx (a sheet per form and a data dictionary).
 * Each reads the chosen site's subjects page by page (exportData.ts) and writes its file in chunks through the job
 * (server/core/jobs), reporting progress per page; nothing holds the whole file. The ODM writers come from the
 * engine (engine/interchange/odm) through `InterchangeTools`, so that tests can stand in for them.
 */
import type { ExportKind } from '../../../engine/api/interchange';
import type { Locale } from '../../../engine/api/localized';
import type { RawFormSchema } from '../../../engine/form/types';
import {
  CSV_BOM,
  DICTIONARY_HEADER,
  csvLine,
  dictionaryRows,
  flatHeader,
  flatItemsOf,
  flatRow,
} from '../../../engine/interchange/flatExport';
import type {
  OdmAudit,
  OdmEventData,
  OdmFormData,
  OdmSubject,
} from '../../../engine/interchange/odm/clinicalData';
import type { OdmFileInfo } from '../../../engine/interchange/odm/exportOdm';
import type { StudyDefinition } from '../../../engine/interchange/types';
import { JobRefused, type JobContext, type JobResult } from '../../core/jobs/jobs';
import { WorkbookStream } from '../../core/xlsx/workbookStream';
import { ZipTooLarge } from '../../core/xlsx/zipStream';
import { XLSX_MIME } from '../subjectManagement/batchWorkbook';
import {
  ODM_PAGE_SUBJECTS,
  auditOf,
  queriesOf,
  recordsOf,
  signaturesOf,
  subjectCount,
  subjectPages,
  type ExportAudit,
  type ExportRecord,
  type ExportSubject,
} from './exportData';
import type { InterchangeTools } from './tools';
import { studyDefinitionOf } from './studyDefinition';

export const EXPORT_JOB_KIND = 'interchange.export';

export interface ExportPayload {
  kind: ExportKind;
  /** CSV: the form exported. */
  tid: string | null;
  locale: Locale;
}

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').slice(0, 13);

async function siteCode(ctx: JobContext): Promise<string> {
  const rows = await ctx.db.query<{ sitecode: string }>('select sitecode from sites where id = $1', [
    ctx.job.siteId,
  ]);
  return rows[0]?.sitecode ?? 'site';
}

/** An ODM writer that is not there yet (the engine's placeholder) fails the job with a message, not an error id. */
function odmCall<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error && /not implemented/i.test(err.message))
      throw new JobRefused('interchangeExportUnavailable', { detail: what });
    throw err;
  }
}

function fileInfo(definition: StudyDefinition, ctx: JobContext): OdmFileInfo {
  return {
    fileOid: `${definition.studycode}.${ctx.job.id}`,
    creationDateTime: ctx.now().toISOString(),
    sourceSystem: 'EDC web reference server',
  };
}

async function odmMetadata(ctx: JobContext, tools: InterchangeTools, base: string): Promise<JobResult> {
  await ctx.progress(0, 1);
  const definition = await studyDefinitionOf(ctx.db, ctx.job.studyId);
  const xml = odmCall('ODM metadata', () => tools.odm.metadata(definition, fileInfo(definition, ctx)));
  await ctx.write(xml);
  await ctx.progress(1, 1);
  return { filename: `${base}-odm-metadata.xml`, mimetype: 'application/xml' };
}

function noteText(note: unknown): string {
  if (typeof note === 'string') return note;
  if (note !== null && typeof note === 'object') {
    const n = note as Record<string, unknown>;
    return String(n.en ?? n.zh_CN ?? JSON.stringify(note));
  }
  return '';
}

const odmAudit = (a: ExportAudit): OdmAudit => ({
  userId: a.userId,
  locationId: a.siteId,
  dateTime: a.at.toISOString(),
  reasonForChange: a.reason,
  action: a.action === 'create' ? 'insert' : 'update',
});

/**
 * One page's subjects as ODM SubjectData input, one subject at a time: a subject's input (its records' values, audit
 * entries and annotations as OdmSubject) is built when the writer asks for it and let go once written, so only the
 * page's rows and one subject's input are alive at once.
 */
async function* odmSubjects(
  ctx: JobContext,
  definition: StudyDefinition,
  page: readonly ExportSubject[],
): AsyncGenerator<OdmSubject> {
  const records = await recordsOf(
    ctx.db,
    page.map((s) => s.id),
    null,
  );
  const ids = records.map((r) => r.id);
  const audit = await auditOf(ctx.db, ids);
  const queries = await queriesOf(ctx.db, ids);
  const signatures = new Map((await signaturesOf(ctx.db, ids)).map((s) => [s.recordId, s]));
  // audit rows come ordered by record: each record's slice, by variable
  const auditBy = new Map<string, ExportAudit[]>();
  for (const a of audit) {
    const key = `${a.recordId}/${a.variable}`;
    const list = auditBy.get(key);
    if (list) list.push(a);
    else auditBy.set(key, [a]);
  }
  const annotationsBy = new Map<string, { id: string; comment: string; flag: string }[]>();
  for (const q of queries) {
    const key = `${q.recordId}/${q.variable ?? ''}`;
    const list = annotationsBy.get(key) ?? [];
    list.push({ id: q.id, comment: noteText(q.note), flag: q.status });
    annotationsBy.set(key, list);
  }
  const kinds = new Map(definition.visits.map((v) => [v.visitnum, v.kind]));
  const bySubject = new Map<string, ExportRecord[]>();
  for (const r of records) {
    const list = bySubject.get(r.subjectId);
    if (list) list.push(r);
    else bySubject.set(r.subjectId, [r]);
  }
  for (const subject of page) {
    const events = new Map<string, OdmEventData & { forms: OdmFormData[] }>();
    for (const r of bySubject.get(subject.id) ?? []) {
      const key = `${r.visitnum}/${r.cycnum}/${r.svnum}`;
      const kind = kinds.get(r.visitnum);
      const repeatKey =
        kind === 'repeating' ? String(r.cycnum) : kind === 'unscheduled' ? String(r.svnum) : null;
      const event = events.get(key) ?? { visitnum: r.visitnum, repeatKey, forms: [] };
      const sig = signatures.get(r.id);
      event.forms.push({
        tid: r.tid,
        lineno: r.lineno,
        items: Object.entries(r.values).map(([variable, value]) => ({
          variable,
          value: Array.isArray(value)
            ? value.map(String)
            : value === null || value === undefined
              ? null
              : String(value),
          audit: (auditBy.get(`${r.id}/${variable}`) ?? []).map(odmAudit),
          annotations: annotationsBy.get(`${r.id}/${variable}`) ?? [],
        })),
        signature: sig
          ? {
              userId: sig.userId,
              locationId: sig.siteId,
              dateTime: sig.at.toISOString(),
              meaning: noteText(sig.meaning),
            }
          : null,
      });
      events.set(key, event);
    }
    // this subject's rows are not needed again
    bySubject.delete(subject.id);
    yield { subjectKey: subject.subjid, siteId: subject.siteId, events: [...events.values()] };
  }
}

async function odmData(ctx: JobContext, tools: InterchangeTools, base: string): Promise<JobResult> {
  const { db, job } = ctx;
  const total = await subjectCount(db, job.studyId, job.siteId);
  await ctx.progress(0, total);
  const definition = await studyDefinitionOf(db, job.studyId);
  const users = await db.query<{ id: string; loginName: string; displayName: string }>(
    `select distinct u.id, u.username as "loginName", u.realname as "displayName" from users u
     join user_roles ur on ur.user_id = u.id where ur.study_id = $1 order by u.id`,
    [job.studyId],
  );
  const locations = await db.query<{ id: string; sitecode: string; sitename: string }>(
    'select id, sitecode, sitename from sites where id = $1',
    [job.siteId],
  );
  const header = { file: fileInfo(definition, ctx), definition, users, locations };
  await ctx.write(odmCall('ODM ClinicalData', () => tools.odm.dataStart(header)));
  let done = 0;
  for await (const page of subjectPages(db, job.studyId, job.siteId, ODM_PAGE_SUBJECTS)) {
    // each subject written part by part (at most a form's text at once) into the job's chunk buffer
    for await (const subject of odmSubjects(ctx, definition, page))
      for (const part of tools.odm.subject(subject, definition)) await ctx.write(part);
    done += page.length;
    await ctx.progress(done, total);
  }
  await ctx.write(tools.odm.dataEnd(header));
  return { filename: `${base}-odm-clinicaldata.xml`, mimetype: 'application/xml' };
}

/** The rows of one form for one page of subjects, as flatRow cells. */
async function* formRows(
  ctx: JobContext,
  form: RawFormSchema,
  definition: StudyDefinition,
  locale: Locale,
  onPage: (subjects: number) => Promise<void>,
): AsyncGenerator<(string | number)[]> {
  const items = flatItemsOf(form, definition.codeLists, locale);
  for await (const page of subjectPages(ctx.db, ctx.job.studyId, ctx.job.siteId)) {
    const subjects = new Map(page.map((s) => [s.id, s]));
    for (const r of await recordsOf(ctx.db, [...subjects.keys()], form.tid)) {
      const s = subjects.get(r.subjectId)!;
      yield flatRow({ ...r, sitecode: s.sitecode, subjid: s.subjid }, items);
    }
    await onPage(page.length);
  }
}

async function csvExport(ctx: JobContext, payload: ExportPayload, base: string): Promise<JobResult> {
  const definition = await studyDefinitionOf(ctx.db, ctx.job.studyId);
  const form = definition.forms.find((f) => f.tid === payload.tid) ?? definition.forms[0];
  if (!form) throw new JobRefused('interchangeImportNotFound');
  const total = await subjectCount(ctx.db, ctx.job.studyId, ctx.job.siteId);
  let done = 0;
  await ctx.progress(0, total);
  await ctx.write(CSV_BOM + csvLine(flatHeader(flatItemsOf(form, definition.codeLists, payload.locale))));
  for await (const row of formRows(ctx, form, definition, payload.locale, async (n) => {
    done += n;
    await ctx.progress(done, total);
  }))
    await ctx.write(csvLine(row));
  return { filename: `${base}-${form.tid}.csv`, mimetype: 'text/csv' };
}

const sheetName = (tid: string, used: Set<string>) => {
  let name = tid.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'form';
  for (let i = 2; used.has(name); i++) name = `${tid.slice(0, 28)}_${i}`;
  used.add(name);
  return name;
};

/**
 * xlsx: a data dictionary sheet, then a sheet per form, written row by row into a zip streamed into the job
 * (server/core/xlsx/workbookStream.ts): each row's XML is deflated as it is written and every deflated chunk waits
 * for the job's chunk writer, so neither row objects nor the zip's output queue in memory (docs/export-memory.md,
 * "Stop 25"; the sheets are what exceljs's streaming writer wrote, which reads them back in the tests).
 */
async function xlsxExport(ctx: JobContext, payload: ExportPayload, base: string): Promise<JobResult> {
  const definition = await studyDefinitionOf(ctx.db, ctx.job.studyId);
  const subjects = await subjectCount(ctx.db, ctx.job.studyId, ctx.job.siteId);
  const total = subjects * Math.max(definition.forms.length, 1);
  let done = 0;
  await ctx.progress(0, total);
  const used = new Set<string>();
  const sheetNames = [
    sheetName(payload.locale === 'en' ? 'Dictionary' : '数据字典', used),
    ...definition.forms.map((form) => sheetName(form.tid, used)),
  ];
  const workbook = new WorkbookStream((bytes) => ctx.write(bytes), { sheetNames, created: ctx.now() });
  try {
    await writeWorkbook(ctx, workbook, definition, payload, async (n) => {
      done += n;
      await ctx.progress(done, total);
    });
  } catch (err) {
    workbook.abort(err);
    // past what a zip without zip64 holds (4 GiB): a message that says what to do, not an error id
    if (err instanceof ZipTooLarge) throw new JobRefused('interchangeExportTooLarge');
    throw err;
  }
  return { filename: `${base}.xlsx`, mimetype: XLSX_MIME };
}

async function writeWorkbook(
  ctx: JobContext,
  workbook: WorkbookStream,
  definition: StudyDefinition,
  payload: ExportPayload,
  progress: (n: number) => Promise<void>,
): Promise<void> {
  const dictionary = await workbook.sheet();
  await dictionary.addRow(DICTIONARY_HEADER);
  for (const row of dictionaryRows(definition.forms, definition.codeLists, payload.locale))
    await dictionary.addRow(row);
  await dictionary.end();
  for (const form of definition.forms) {
    const sheet = await workbook.sheet();
    await sheet.addRow(flatHeader(flatItemsOf(form, definition.codeLists, payload.locale)));
    for await (const row of formRows(ctx, form, definition, payload.locale, progress))
      await sheet.addRow(row);
    await sheet.end();
  }
  await workbook.finish();
}

export function exportHandler(tools: InterchangeTools) {
  return async (ctx: JobContext): Promise<JobResult> => {
    const payload = ctx.job.payload as unknown as ExportPayload;
    const study = await ctx.db.query<{ studycode: string }>('select studycode from studies where id = $1', [
      ctx.job.studyId,
    ]);
    const base = `${study[0]?.studycode ?? 'study'}-${await siteCode(ctx)}-${stamp(ctx.now())}`;
    switch (payload.kind) {
      case 'odmMetadata':
        return odmMetadata(ctx, tools, base);
      case 'odmData':
        return odmData(ctx, tools, base);
      case 'csv':
        return csvExport(ctx, payload, base);
      case 'xlsx':
        return xlsxExport(ctx, payload, base);
    }
  };
}
