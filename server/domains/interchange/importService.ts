/**
 * Study definition import and publish (docs/interchange.md). assess.do reads the uploaded text with the importer of
 * its format (detected by content), adds the server's checks (checkDefinition.ts) and keeps the result as a draft
 * with its report; publish.do adds a draft without errors to the study as a new definition version, in ONE
 * transaction with its audit row; discard.do sets a draft aside. A refusal changes nothing.
 */
import { createHash } from 'node:crypto';
import {
  INTERCHANGE_PERMISSIONS,
  type ImportReport,
  type ImportSummary,
} from '../../../engine/api/interchange';
import type { Locale } from '../../../engine/api/localized';
import { importerFor } from '../../../engine/interchange/formats';
import { importOutcomes } from '../../../engine/interchange/outcomes';
import { hasUnstorableText } from '../../../engine/interchange/xmlChar';
import type { ImportIssue, StudyDefinition, StudyImporter } from '../../../engine/interchange/types';
import { appendAudit } from '../../core/audit/audit';
import type { RoleSession } from '../../core/auth/guard';
import { queryOne, type Db } from '../../core/db/db';
import type { UploadedFile } from '../../core/http/upload';
import { issueText } from '../../core/interchangeMessages';
import type { ServerMessageId } from '../../core/messages';
import { putFormSchema } from '../data/formsRepository';
import { checkDefinition, codeListConflicts } from './checkDefinition';
import { localized } from './studyDefinition';
import { findImport, importsOf, insertImport, setImportState, type ImportRow } from './importRepository';

/** A refused request: its message (and HTTP status: 200 success:false, 400 bad file, 403 not allowed). */
export class InterchangeRefused extends Error {
  constructor(
    readonly messageId: ServerMessageId,
    readonly status: 200 | 400 | 403 | 429 = 200,
    readonly values: Record<string, string | number> = {},
    /** A bad file: the issues found, translated into `errors`. */
    readonly issues: readonly ImportIssue[] = [],
  ) {
    super(messageId);
  }
}

/** How the server finds the importer of a text: the formats registry, and importers a test adds in front. */
export class Importers {
  private readonly extra: StudyImporter[] = [];
  use(importer: StudyImporter): void {
    this.extra.push(importer);
  }
  find(text: string): StudyImporter | null {
    return this.extra.find((i) => i.detect(text)) ?? importerFor(text);
  }
}

export async function permissionsOf(db: Db, roleId: string): Promise<Set<string>> {
  const rows = await db.query<{ permission: string }>(
    `select permission from role_permissions where role_id = $1 and permission like 'study.%'`,
    [roleId],
  );
  return new Set(rows.map((r) => r.permission));
}

export async function requireInterchange(db: Db, session: RoleSession, permission: string): Promise<void> {
  if (!(await permissionsOf(db, session.roleId)).has(permission))
    throw new InterchangeRefused('interchangeNotAllowed', 403);
}

function summaryOf(row: ImportRow): ImportSummary {
  return {
    importid: row.id,
    filename: row.filename,
    format: row.format,
    state: row.state,
    username: row.username,
    realname: row.realname,
    createdat: row.createdAt.toISOString(),
    errors: row.errors,
    warnings: row.issues.filter((i) => i.severity === 'warning').length,
    forms: row.definition?.forms.length ?? 0,
    crfver: row.crfVersion,
  };
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

async function reportOf(db: Db, session: RoleSession, row: ImportRow, locale: Locale): Promise<ImportReport> {
  const definition = row.definition;
  const compiles = new Set<string>(
    row.issues.filter((i) => i.at.startsWith('form ')).map((i) => i.at.slice(5).split(':')[0] ?? ''),
  );
  const canpublish =
    row.state === 'draft' &&
    row.errors === 0 &&
    (await permissionsOf(db, session.roleId)).has(INTERCHANGE_PERMISSIONS.publish);
  return {
    summary: summaryOf(row),
    counts: Object.entries(row.counts).map(([kind, count]) => ({ kind, count })),
    outcomes: importOutcomes({ definition, issues: row.issues }),
    issues: [...row.issues]
      .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
      .map((i) => ({ ...i, message: issueText(i.messageId, locale, i.values) })),
    forms: (definition?.forms ?? []).map((f) => ({
      tid: f.tid,
      formid: f.formid,
      name: localized(f.name),
      schema: f as unknown as Record<string, unknown>,
      compiles: !compiles.has(f.tid),
      items: f.sections.reduce((n, s) => n + (s.items?.length ?? 0), 0),
    })),
    visits: (definition?.visits ?? []).map((v) => ({
      visitnum: v.visitnum,
      name: localized(v.name),
      kind: v.kind,
      tids: [...v.tids, ...v.optionalTids],
    })),
    codeLists: (definition?.codeLists ?? []).map((l) => ({
      name: l.name,
      items: l.items.map((i) => ({
        codevalue: i.codevalue,
        codedesp: localized(i.codedesp),
      })),
    })),
    canpublish,
  };
}

/** assess.do: the file imported as a draft, with its report. A file that cannot be read is refused (400). */
export async function assessImport(
  db: Db,
  session: RoleSession,
  file: UploadedFile,
  importers: Importers,
  locale: Locale,
  now: Date,
  onImporterError: (err: unknown) => string,
): Promise<ImportReport> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.import);
  const text = file.bytes.toString('utf8').replace(/^\uFEFF/, '');
  const importer = importers.find(text);
  if (!importer) throw new InterchangeRefused('interchangeUnknownFormat', 400);
  let result;
  try {
    result = importer.read(text);
  } catch (err) {
    // an importer that throws on a file is a bug of ours, but the file is still refused without a 500
    const errorId = onImporterError(err);
    throw new InterchangeRefused('interchangeFileUnreadable', 400, {}, [
      { severity: 'error', at: 'file', messageId: 'interchange.issue.importerFailed', values: { errorId } },
    ]);
  }
  if (!result.definition) throw new InterchangeRefused('interchangeFileUnreadable', 400, {}, result.issues);
  // the importers decode no NUL or lone surrogate; should one slip through, the file is refused, not a 500 on insert
  if (hasUnstorableText(JSON.stringify([result.definition, result.issues])))
    throw new InterchangeRefused('interchangeFileUnreadable', 400, {}, [
      { severity: 'error', at: 'file', messageId: 'interchange.issue.unstorableText', values: {} },
    ]);
  const definition: StudyDefinition = result.definition;
  const checked = await checkDefinition(db, session.studyId, definition);
  const issues = [...result.issues, ...checked.issues];
  const id = await db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    const importId = await insertImport(
      tx,
      {
        studyId: session.studyId,
        userId: session.userId,
        roleId: session.roleId,
        siteId: session.siteId,
        filename: file.filename,
        format: importer.format,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        definition,
        issues,
        counts: result.counts,
      },
      now,
    );
    await appendAudit(tx, {
      at: now,
      userId: session.userId,
      action: 'study.import',
      detail: { importId, studyId: session.studyId, filename: file.filename, format: importer.format },
    });
    return importId;
  });
  return importReport(db, session, id, locale);
}

export async function importReport(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
): Promise<ImportReport> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.import);
  const row = await findImport(db, session.studyId, id);
  if (!row) throw new InterchangeRefused('interchangeImportNotFound');
  return reportOf(db, session, row, locale);
}

export async function importList(
  db: Db,
  session: RoleSession,
  page: number,
  size: number,
): Promise<{ list: ImportSummary[]; total: number }> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.import);
  const { rows, total } = await importsOf(db, session.studyId, page, size);
  return { list: rows.map(summaryOf), total };
}

const STATE_TEXT: Record<Locale, Record<string, string>> = {
  zh_CN: { published: '发布', discarded: '放弃' },
  en: { published: 'published', discarded: 'discarded' },
};

async function lockedDraft(tx: Db, session: RoleSession, id: string, locale: Locale): Promise<ImportRow> {
  const row = await findImport(tx, session.studyId, id, true);
  if (!row) throw new InterchangeRefused('interchangeImportNotFound');
  if (row.state !== 'draft')
    throw new InterchangeRefused('interchangeNotDraft', 200, {
      state: STATE_TEXT[locale][row.state] ?? row.state,
    });
  return row;
}

export interface PublishedVersion {
  crfVersion: string;
  forms: { tid: string; version: number }[];
  visitsAdded: string[];
  visitsExtended: string[];
  codeListsAdded: string[];
}

/** Writes the definition into the study's tables (inside the publish transaction). */
async function writeDefinition(
  tx: Db,
  studyId: string,
  importId: string,
  definition: StudyDefinition,
  label: string,
  now: Date,
): Promise<PublishedVersion> {
  // code lists: shared by name; an identical one is reused, a new one added, a different one refuses the publish
  const conflicts = await codeListConflicts(tx, studyId, definition);
  if (conflicts.length > 0)
    throw new InterchangeRefused('interchangeCodeListConflict', 200, { name: conflicts.join(', ') });
  const codeListsAdded: string[] = [];
  for (const list of definition.codeLists) {
    const there = await queryOne<{ n: number }>(
      tx,
      'select count(*)::int as n from codelist_items where study_id = $1 and codelisttype = $2',
      [studyId, list.name],
    );
    if ((there?.n ?? 0) > 0) continue;
    for (const [sort, item] of list.items.entries()) {
      const desp = localized(item.codedesp);
      await tx.query(
        `insert into codelist_items (study_id, codelisttype, codevalue, codedesp_zh, codedesp_en, sort)
         values ($1, $2, $3, $4, $5, $6)`,
        [studyId, list.name, item.codevalue, desp.zh_CN, desp.en, sort + 1],
      );
    }
    codeListsAdded.push(list.name);
  }
  // forms: the next version of an existing tid, version 1 of a new one; records entered stay on their version
  const forms: PublishedVersion['forms'] = [];
  for (const form of definition.forms) {
    const latest = await queryOne<{ v: number | null }>(
      tx,
      'select max(version) as v from form_schemas where study_id = $1 and tid = $2',
      [studyId, form.tid],
    );
    const version = (latest?.v ?? 0) + 1;
    await putFormSchema(
      tx,
      studyId,
      {
        tid: form.tid,
        formid: form.formid,
        version,
        reftype: form.reftype ?? '3',
        logline: form.logline ?? false,
        schema: { ...form, version } as unknown as Record<string, unknown>,
      },
      now,
    );
    forms.push({ tid: form.tid, version });
  }
  // visits: an existing visit keeps its kind and gets the forms it lacks appended; a new one is appended to the
  // schedule — a `scheduled` one as `hidden`, so that subjects already in the study get it only when a user adds it
  const visitsAdded: string[] = [];
  const visitsExtended: string[] = [];
  const maxSort = await queryOne<{ s: number | null }>(
    tx,
    'select max(sort) as s from visit_schedule where study_id = $1',
    [studyId],
  );
  let sort = maxSort?.s ?? 0;
  for (const visit of definition.visits) {
    const there = await queryOne<{ tids: string[]; optional_tids: string[] }>(
      tx,
      'select tids, optional_tids from visit_schedule where study_id = $1 and visitnum = $2 for update',
      [studyId, visit.visitnum],
    );
    if (there) {
      const tids = [...there.tids, ...visit.tids.filter((t) => !there.tids.includes(t))];
      const optional = [
        ...there.optional_tids,
        ...visit.optionalTids.filter((t) => !there.optional_tids.includes(t) && !tids.includes(t)),
      ];
      if (tids.length !== there.tids.length || optional.length !== there.optional_tids.length) {
        await tx.query(
          'update visit_schedule set tids = $3, optional_tids = $4 where study_id = $1 and visitnum = $2',
          [studyId, visit.visitnum, tids, optional],
        );
        visitsExtended.push(visit.visitnum);
      }
      continue;
    }
    const name = localized(visit.name);
    sort += 1;
    await tx.query(
      `insert into visit_schedule (study_id, visitnum, name_zh, name_en, sort, day, tids, kind, optional_tids)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        studyId,
        visit.visitnum,
        name.zh_CN,
        name.en,
        sort,
        visit.day,
        visit.tids,
        visit.kind === 'scheduled' ? 'hidden' : visit.kind,
        visit.optionalTids,
      ],
    );
    visitsAdded.push(visit.visitnum);
  }
  // the new CRF version, current from now on (subjects added from now on get it)
  const crfVersion = `CRF-IMP-${importId}`;
  const crfSort = await queryOne<{ s: number | null }>(
    tx,
    'select max(sort) as s from crf_versions where study_id = $1',
    [studyId],
  );
  // subjects without a version of their own follow the current one: they keep the version they were entered
  // against (a new version is for new subjects; moving a subject to it is the version upgrade of spec §4)
  await tx.query(
    `update subjects set crfver = (select id from crf_versions where study_id = $1 and current)
     where study_id = $1 and crfver is null and exists (select 1 from crf_versions where study_id = $1 and current)`,
    [studyId],
  );
  await tx.query('update crf_versions set current = false where study_id = $1 and current', [studyId]);
  await tx.query(
    'insert into crf_versions (study_id, id, name, current, sort) values ($1, $2, $3, true, $4)',
    [studyId, crfVersion, label, (crfSort?.s ?? 0) + 1],
  );
  return { crfVersion, forms, visitsAdded, visitsExtended, codeListsAdded };
}

/** publish.do. */
export async function publishImport(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
  now: Date,
): Promise<ImportReport> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.publish);
  // the answer is the import's report: a role that may publish but not read imports is refused before anything
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.import);
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    // one publish per study at a time: two drafts naming the same form would both take version max + 1
    await tx.query('select id from studies where id = $1 for update', [session.studyId]);
    const row = await lockedDraft(tx, session, id, locale);
    if (row.errors > 0 || !row.definition)
      throw new InterchangeRefused('interchangeHasErrors', 200, { count: row.errors });
    const label = `${row.definition.version || 'import'} (${row.filename})`.slice(0, 200);
    const published = await writeDefinition(tx, session.studyId, row.id, row.definition, label, now);
    await setImportState(tx, row.id, 'published', session.userId, now, published.crfVersion);
    await appendAudit(tx, {
      at: now,
      userId: session.userId,
      action: 'study.publish',
      detail: {
        importId: row.id,
        studyId: session.studyId,
        roleId: session.roleId,
        siteId: session.siteId,
        filename: row.filename,
        sha256: row.sha256,
        ...published,
      },
    });
  });
  return importReport(db, session, id, locale);
}

/** discard.do. */
export async function discardImport(
  db: Db,
  session: RoleSession,
  id: string,
  locale: Locale,
  now: Date,
): Promise<ImportReport> {
  await requireInterchange(db, session, INTERCHANGE_PERMISSIONS.import);
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    const row = await lockedDraft(tx, session, id, locale);
    await setImportState(tx, row.id, 'discarded', session.userId, now, null);
    await appendAudit(tx, {
      at: now,
      userId: session.userId,
      action: 'study.discard',
      detail: { importId: row.id, studyId: session.studyId, filename: row.filename },
    });
  });
  return importReport(db, session, id, locale);
}
