/**
 * One form of a visit: its page (datalist.do), one record (datainfo.do), first entry (savedata.do), change
 * (updatedata.do). Saves are validated
 * with the engine (saveRecord.ts); reads need the data-read permission, saves the data-write one.
 */
import type { FastifyInstance } from 'fastify';
import * as cs from '../../../engine/schema';
import {
  changeReasonSchema,
  dataInfo,
  dataList,
  saveData,
  updateData,
  type ChangeReason,
  type LineRow,
  type RecordCapability,
} from '../../../engine/api/data';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import type { Locale } from '../../../engine/api/localized';
import { completeColumns } from '../../../engine/metadata/completeColumns';
import type { RoleSession } from '../../core/auth/guard';
import { requireDataAccess, roleMay } from '../../core/auth/permissions';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db/db';
import { keptJsonOf, ok } from '../../core/http/envelope';
import { paramError, roleEndpoint } from '../../core/http/route';
import { message } from '../../core/messages';
import { editReasonRows, latestFormSchema, type FormSchemaRow } from './formsRepository';
import {
  ENTRY_PLACE_ON,
  findRecord,
  lockSubject,
  newEntryPlace,
  recordLines,
  type RecordRow,
} from './recordsRepository';
import { pageMark } from './pageMarks';
import { NotFound, SCOPED_PAGE_ON, scopedForm, scopedFormWithLatest } from './scope';
import type { FormSchemaService } from './formSchemas';
import { formContextOf } from './formSchemas';
import {
  once,
  recordInfo,
  saveFingerprint,
  saveNewRecord,
  updateExistingRecord,
  type SaveActor,
} from './saveRecord';
import { orNotFound } from './notFound';
import type { GuardValues, SaveAttempt } from './recordHooks';
import { compiledForm, metaTextOf, scopedRecord } from './service';
import {
  CODE_LIST_VERSION_READ,
  codeListVersionOf,
  createCodeListNamesCache,
} from '../lists/codeListVersion';
import { SITE_CODE_LIST } from '../lists/engine/registry';

/**
 * The column set of a log-line form as datalist sends it: the schema's `columns` completed from the form's items
 * (labels, option formatters; engine/metadata/completeColumns). A schema that does not compile keeps its columns
 * as written; null when it has none.
 */
async function loglineColumns(
  schemas: FormSchemaService,
  studyId: string,
  row: FormSchemaRow,
): Promise<object[] | null> {
  const columns: unknown = row.schema.columns;
  if (!Array.isArray(columns)) return null;
  const loaded = await schemas.load(studyId, row.tid, row.version);
  if (!loaded?.ok) return columns as object[];
  const { items } = loaded.form;
  return completeColumns(columns, (variable) => items.get(variable)) as object[];
}

function actorOf(session: RoleSession): SaveActor {
  return {
    userId: session.userId,
    username: session.username,
    roleId: session.roleId,
    siteId: session.siteId,
    studyId: session.studyId,
  };
}

function checkReasons(raw: unknown, locale: Locale): Record<string, ChangeReason> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw paramError(locale, ['reasons must map variable names to reasons']);
  }
  const out: Record<string, ChangeReason> = {};
  const errors: string[] = [];
  for (const [variable, reason] of Object.entries(raw as Record<string, unknown>)) {
    try {
      out[variable] = changeReasonSchema.validateSync(reason, { strict: true, abortEarly: false });
    } catch (err) {
      const detail = err instanceof cs.ValidationError ? err.errors.join('; ') : String(err);
      errors.push(`reasons.${variable}: ${detail}`);
    }
  }
  if (errors.length > 0) throw paramError(locale, errors);
  return out;
}

/** Reason codes must be the study's (editreasons.do); a reason with only free text has code null. */
async function checkReasonCodes(
  ctx: AppContext,
  studyId: string,
  reasons: Readonly<Record<string, ChangeReason>>,
  locale: Locale,
): Promise<void> {
  const given = Object.entries(reasons).filter(([, r]) => r.code !== null);
  if (given.length === 0) return;
  const known = new Set((await editReasonRows(ctx.db, studyId)).map((r) => r.code));
  const errors = given
    .filter(([, r]) => !known.has(r.code ?? ''))
    .map(([variable, r]) => `reasons.${variable}.code: ${String(r.code)} is not a reason of the study`);
  if (errors.length > 0) throw paramError(locale, errors);
}

/**
 * What the session's role may do on a form's records: readers `view` and `audit`; writers also `enter` (a first entry,
 * a new log-line row) and `change` (a saved record, with reasons). Granted by role for the whole form, so that the
 * answer of a save needs no second read; which action fits the record's state (nothing saved yet → enter, saved →
 * change and audit) is the client action's own rule. A page a beforeSave guard refuses as a whole (a freeze; later a
 * lock) loses `enter` and `change` in capabilitiesOf below (recordHooks.ts).
 */
export function recordCapabilities(rolecode: string, mark: string | null = null): RecordCapability[] {
  if (!roleMay(rolecode, 'read')) return [];
  // a page marked not collected, not occurred or invalid is read only until made valid again
  return roleMay(rolecode, 'write') && mark === null
    ? ['view', 'enter', 'change', 'audit']
    : ['view', 'audit'];
}

/** The page a capabilities answer is about (the beforeSave guards' SaveAttempt without study and changes). */
type PageAsked = Omit<SaveAttempt, 'studyId' | 'changed'>;
const pageOf = (
  subjectId: string,
  p: { visitnum: string; cycnum: number; svnum: number; tid: string },
): Omit<PageAsked, 'recordId'> => ({
  subjectId,
  visitnum: p.visitnum,
  cycnum: p.cycnum,
  svnum: p.svnum,
  tid: p.tid,
});

const idempotencyReused = (locale: Locale) => (): never => {
  throw paramError(locale, [message('idempotencyKeyReused', locale)]);
};

export function formDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const schemas = app.formSchemas;
  const hooks = app.recordHooks;
  const codeListNamesKept = createCodeListNamesCache();
  /** The data domain's capabilities of the role, with those the registered workflows add. */
  const capabilitiesOf = async (
    session: RoleSession,
    rolecode: string,
    mark: string | null,
    page: PageAsked,
    guardRead?: GuardValues,
  ): Promise<RecordCapability[]> => {
    let own = recordCapabilities(rolecode, mark);
    if (own.length === 0) return own;
    // a page the beforeSave guards refuse as a whole (frozen …) takes no entry or change, and says why
    const refusal = await hooks.checkSave(
      db,
      { ...page, studyId: session.studyId, changed: null },
      guardRead,
    );
    if (refusal) {
      own = own.filter((c) => c !== 'enter' && c !== 'change');
      if (refusal.capability) own.push(refusal.capability);
    }
    const extra = await hooks.extraCapabilities(db, {
      studyId: session.studyId,
      roleId: session.roleId,
      rolecode,
      permissions: session.permissions,
    });
    return [...own, ...extra.filter((c) => !own.includes(c))];
  };

  roleEndpoint(app, ctx, dataList, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale }) => {
      const rolecode = await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        const { subject } = await scopedForm(db, session, params);
        const row = await latestFormSchema(db, session.studyId, params.tid);
        if (!row) throw new NotFound('formNotFound');
        const ref = { ...params, subjectId: subject.id };
        let list: LineRow[] | null = null;
        let total: number;
        let innerPage = params.innerPage;
        if (row.logline) {
          let lines = await recordLines(db, ref, {
            limit: params.size,
            offset: (innerPage - 1) * params.size,
          });
          if (lines.rows.length === 0 && lines.total > 0 && innerPage > 1) {
            // a page beyond the end (rows are never removed, but the size may have changed): the last page
            innerPage = Math.ceil(lines.total / params.size);
            lines = await recordLines(db, ref, { limit: params.size, offset: (innerPage - 1) * params.size });
          }
          total = lines.total;
          list = lines.rows.map((r) => ({
            ...r.values,
            lineno: r.lineno,
            recordid: r.id,
            status: r.status,
            updatedat: new Date(r.updatedAt).toISOString(),
          }));
        } else {
          total = (await findRecord(db, ref, 1)) ? 1 : 0;
          innerPage = 1;
        }
        const columns = row.logline ? await loglineColumns(schemas, session.studyId, row) : null;
        return ok({
          tid: row.tid,
          formid: row.formid,
          name: metaTextOf(row.schema.name, row.tid),
          version: row.version,
          reftype: row.reftype,
          isGoDrug: row.reftype === '1',
          table: row.logline,
          columns,
          list,
          total,
          pageNum: Math.max(1, Math.ceil(total / params.size)),
          innerPage,
          page: params.page,
          // a log-line form takes new rows; its rows (when there are) can be changed and audited; a marked page
          // takes none
          capabilities: await capabilitiesOf(session, rolecode, await pageMark(db, subject.id, params), {
            ...pageOf(subject.id, params),
            recordId: null,
          }),
        });
      });
    },
  });

  roleEndpoint(app, ctx, dataInfo, {
    page: SUBJECTS_PAGE,
    // the code-list version with the session: the study's list names are kept while it is unchanged
    sessionRead: CODE_LIST_VERSION_READ,
    handler: async ({ params, session, locale, sessionRead }) => {
      const rolecode = await requireDataAccess(db, session, 'read', locale);
      return orNotFound(locale, async () => {
        // the latest version's number is read with the subject; its schema comes from the process's cache (stored
        // versions never change)
        // … and the read guards' values (a freeze …) for the capabilities, in the same statement
        const { subject, latestVersion, mark, carried } = await scopedFormWithLatest(
          db,
          session,
          params,
          hooks.guardColumns(SCOPED_PAGE_ON),
        );
        const latest =
          latestVersion === null ? null : await schemas.row(session.studyId, params.tid, latestVersion);
        if (!latest) throw new NotFound('formNotFound');
        const ref = { ...params, subjectId: subject.id };
        let record: RecordRow | null = null;
        if (params.lineno !== undefined) {
          record = await findRecord(db, ref, params.lineno);
          if (!record) throw new NotFound('recordNotFound');
        } else if (!latest.logline) {
          record = await findRecord(db, ref, 1);
        }
        const row =
          record && record.schemaVersion !== latest.version
            ? ((await schemas.row(session.studyId, params.tid, record.schemaVersion)) ?? latest)
            : latest;
        return ok({
          // serialised once per stored version (it never changes), not on every form open
          schema: keptJsonOf(row.schema),
          record: record ? recordInfo(record) : null,
          values: record?.values ?? {},
          items: record
            ? await hooks.itemStates(
                db,
                {
                  studyId: session.studyId,
                  recordId: record.id,
                  rolecode,
                  permissions: session.permissions,
                },
                record.itemStatus,
              )
            : {},
          capabilities: await capabilitiesOf(
            session,
            rolecode,
            mark,
            { ...pageOf(subject.id, params), recordId: record?.id ?? null },
            hooks.guardValues(carried),
          ),
          codeLists: [
            SITE_CODE_LIST,
            ...(await codeListNamesKept.names(db, session.studyId, codeListVersionOf(sessionRead))),
          ],
        });
      });
    },
  });

  roleEndpoint(app, ctx, saveData, {
    page: SUBJECTS_PAGE,
    // the code-list version with the session: the form's options are not read again while it is unchanged
    sessionRead: CODE_LIST_VERSION_READ,
    handler: async ({ params, session, locale, now, sessionRead }) => {
      const rolecode = await requireDataAccess(db, session, 'write', locale);
      return orNotFound(locale, async () => {
        // the form first, outside the transaction (a version not yet kept is read on the process's own handle); when
        // it is not found, the subject's scope answers first, as it did before the scope read moved into the save's
        // transaction (subjectNotFound before formVersionNotFound)
        const form = await compiledForm(
          schemas,
          session.studyId,
          params.tid,
          params.version,
          codeListVersionOf(sessionRead),
        ).catch(async (err: unknown) => {
          if (err instanceof NotFound) await scopedForm(db, session, params);
          throw err;
        });
        const formCtx = formContextOf(session, now);
        // the subject's id as asked: scopedForm finds it only by that id
        const target = {
          subjectid: params.subjectid,
          visitnum: params.visitnum,
          cycnum: params.cycnum,
          svnum: params.svnum,
          tid: params.tid,
        };
        const outcome = await once(
          db,
          {
            userId: session.userId,
            key: params.idempotencyKey,
            endpoint: saveData.name,
            fingerprint: saveFingerprint(target, params.version, params.values),
            at: now,
          },
          async (tx, { subject }) => {
            // a page marked not collected, not occurred or invalid takes no data (docs/casebook-visits.md); the
            // subject is locked first, as marking locks it, so a mark cannot land between this check and the write
            await lockSubject(tx, subject.id);
            const ref = {
              subjectId: subject.id,
              visitnum: params.visitnum,
              cycnum: params.cycnum,
              svnum: params.svnum,
              tid: params.tid,
            };
            // the mark, the latest version, the line (or the plain form's record) and the read guards' values (a
            // freeze …) in one statement, under the lock
            const place = await newEntryPlace(
              tx,
              session.studyId,
              ref,
              form.logline,
              hooks.guardColumns(ENTRY_PLACE_ON),
            );
            if (place.mark !== null) throw new NotFound('pageMarkedNoEntry');
            // a first entry goes against the form's latest version (the one datainfo serves for a new record)
            if (place.latestVersion !== form.version) throw new NotFound('formVersionOutdated');
            return saveNewRecord(tx, {
              actor: actorOf(session),
              subject,
              ref,
              place,
              guardRead: hooks.guardValues(place.row),
              form,
              ctx: formCtx,
              values: params.values,
              confirmWarnings: params.confirmWarnings,
              at: now,
              hooks,
              rolecode,
              permissions: session.permissions,
            });
          },
          idempotencyReused(locale),
          // the subject, its visit and the form in the study at the chosen site: sent with the claim
          (tx: Db) => scopedForm(tx, session, params),
        );
        return ok(outcome);
      });
    },
  });

  roleEndpoint(app, ctx, updateData, {
    page: SUBJECTS_PAGE,
    handler: async ({ params, session, locale, now }) => {
      const rolecode = await requireDataAccess(db, session, 'write', locale);
      const reasons = checkReasons(params.reasons, locale);
      await checkReasonCodes(ctx, session.studyId, reasons, locale);
      return orNotFound(locale, async () => {
        const record = await scopedRecord(ctx, session, params.recordid);
        const form = await compiledForm(schemas, session.studyId, record.tid, params.version);
        const formCtx = formContextOf(session, now);
        const outcome = await once(
          db,
          {
            userId: session.userId,
            key: params.idempotencyKey,
            endpoint: updateData.name,
            fingerprint: saveFingerprint({ recordid: record.id }, params.version, params.values),
            at: now,
          },
          async (tx) => {
            await lockSubject(tx, record.subjectId);
            const result = await updateExistingRecord(tx, {
              refuseMarked: true,
              actor: actorOf(session),
              recordId: record.id,
              rowversion: params.rowversion,
              form,
              ctx: formCtx,
              values: params.values,
              reasons,
              confirmWarnings: params.confirmWarnings,
              at: now,
              hooks,
              rolecode,
              permissions: session.permissions,
            });
            if (!result) throw new NotFound('recordNotFound');
            return result;
          },
          idempotencyReused(locale),
        );
        return ok(outcome);
      });
    },
  });
}
