/**
 * Form schemas as the server validates with them: compiled with the engine (the same compileForm as the browser),
 * once per study + tid + version, with the options of the code lists they name resolved from the study's stored code
 * lists (recompiled when one of those options changes); a form naming a code list the study has not does not load
 * (its issues name the item). Also the validation context of a user (FormContext).
 */
import { todayInZone } from './todayInZone';
import { compileForm, withOptions } from '../../../engine/form/index';
import type { CodeListCatalog, CompiledForm, FormContext, FormSchemaIssue } from '../../../engine/form/types';
import { textLimitOf } from '../../../engine/input/textLimit';
import type { CodeOption } from '../../../engine/metadata/types';
import type { Db } from '../../core/db/db';
import {
  codeListOptions,
  formSchemaVersion,
  latestFormSchema,
  latestFormVersion,
  type FormSchemaRow,
} from './formsRepository';
import { findUserById } from '../../core/auth/users';
import { SITE_CODE_LIST } from '../lists/engine/registry';

export type LoadedForm =
  | { ok: true; row: FormSchemaRow; form: CompiledForm }
  | { ok: false; row: FormSchemaRow; issues: readonly FormSchemaIssue[] };

interface CacheEntry {
  row: FormSchemaRow;
  /** The compiled form without code-list options (or the issues). */
  compiled: ReturnType<typeof compileForm>;
  codelisttypes: string[];
  signature: string;
  withOptions: CompiledForm | null;
  /** The problems of the form against the study's code lists (a list it names that the study has not). */
  listIssues: readonly FormSchemaIssue[];
  /** The code-list version (migration 0025) `withOptions`/`listIssues` were made at; null: none known. */
  codeListVersion: string | null;
}

export interface FormSchemaService {
  /**
   * The version of the form (latest when `version` is undefined), compiled; null when there is no such form/version.
   * With the request's code-list version (codeListVersion.ts), options kept at that version are used without reading
   * the study's code lists again.
   */
  load(
    studyId: string,
    tid: string,
    version?: number,
    codeListVersion?: string | null,
  ): Promise<LoadedForm | null>;
  /**
   * The stored row (the schema as stored) of a version, latest when `version` is undefined; null when there is none.
   * The latest version's number is read on every call (a new version may have been published by any instance); the
   * row itself once per process, as a stored version never changes: a form open does not read and parse its schema
   * again on every request.
   */
  row(studyId: string, tid: string, version?: number): Promise<FormSchemaRow | null>;
}

export function createFormSchemaService(db: Db): FormSchemaService {
  const cache = new Map<string, CacheEntry>();

  const keyOf = (studyId: string, tid: string, version: number) => `${studyId}\u0000${tid}\u0000${version}`;

  function entryFor(row: FormSchemaRow, studyId: string): CacheEntry {
    const key = keyOf(studyId, row.tid, row.version);
    let entry = cache.get(key);
    if (!entry) {
      const compiled = compileForm(row.schema);
      const codelisttypes = compiled.ok
        ? [
            ...new Set(
              [...compiled.form.items.values()].flatMap((i) => (i.codelisttype ? [i.codelisttype] : [])),
            ),
          ]
        : [];
      entry = {
        row,
        compiled,
        codelisttypes,
        signature: '',
        withOptions: null,
        listIssues: [],
        codeListVersion: null,
      };
      cache.set(key, entry);
    }
    return entry;
  }

  return {
    async row(studyId, tid, version) {
      const wanted = version ?? (await latestFormVersion(db, studyId, tid));
      if (wanted === null) return null;
      const cached = cache.get(keyOf(studyId, tid, wanted));
      if (cached) return cached.row;
      const row = await formSchemaVersion(db, studyId, tid, wanted);
      return row ? entryFor(row, studyId).row : null;
    },
    async load(studyId, tid, version, codeListVersion = null) {
      // a stored version never changes (form_schemas rows are only ever inserted): a cached one is not read again
      let entry = version === undefined ? undefined : cache.get(keyOf(studyId, tid, version));
      if (!entry) {
        const row =
          version === undefined
            ? await latestFormSchema(db, studyId, tid)
            : await formSchemaVersion(db, studyId, tid, version);
        if (!row) return null;
        entry = entryFor(row, studyId);
      }
      const { row } = entry;
      if (!entry.compiled.ok) return { ok: false, row, issues: entry.compiled.issues };
      if (entry.codelisttypes.length === 0) return { ok: true, row, form: entry.compiled.form };
      // the options as kept when no code list has changed since (the version is read before the lists, so options
      // read after a change are never kept under the version before it)
      const current = codeListVersion !== null && entry.codeListVersion === codeListVersion;
      // answered from what this request computed or found current (a concurrent refresh at another version may
      // change the entry meanwhile)
      const made = current
        ? { withOptions: entry.withOptions, listIssues: entry.listIssues }
        : await refreshOptions(entry, studyId, codeListVersion);
      if (!made.withOptions) return { ok: false, row, issues: made.listIssues };
      return { ok: true, row, form: made.withOptions };
    },
  };

  /**
   * The options of the form's lists read again; the version tag set with them, in one synchronous step. Answers the
   * compiled form (or the problems) as they are right after this read.
   */
  async function refreshOptions(
    entry: CacheEntry,
    studyId: string,
    codeListVersion: string | null,
  ): Promise<Pick<CacheEntry, 'withOptions' | 'listIssues'>> {
    const { row, compiled } = entry;
    if (!compiled.ok) return { withOptions: null, listIssues: compiled.issues };
    const { options, signature } = await codeListOptions(db, studyId, entry.codelisttypes);
    entry.codeListVersion = codeListVersion;
    if (entry.signature !== signature || (!entry.withOptions && entry.listIssues.length === 0)) {
      const catalog = studyCatalog(options);
      // compiled again against the study's code lists: a list the study does not have is a named problem of the
      // form (form.unknownCodeList at the item's codelisttype), never an empty select
      const checked = compileForm(row.schema, { codeLists: catalog });
      entry.signature = signature;
      if (checked.ok) {
        entry.listIssues = [];
        entry.withOptions = withOptions(compiled.form, (type) => catalog[type] ?? null);
      } else {
        entry.listIssues = checked.issues;
        entry.withOptions = null;
      }
    }
    return { withOptions: entry.withOptions, listIssues: entry.listIssues };
  }
}

/** The study's code lists as compileForm takes them: the stored ones with their options; SITE (the role's sites). */
function studyCatalog(
  options: ReadonlyMap<string, readonly { codevalue: string; zh_CN: string; en: string }[]>,
): CodeListCatalog {
  const catalog: Record<string, readonly CodeOption[] | null> = { [SITE_CODE_LIST]: null };
  for (const [type, list] of options)
    catalog[type] = list.map((o) => ({ value: o.codevalue, label: { zh_CN: o.zh_CN, en: o.en } }));
  return catalog;
}

/** The validation switches of a user (login info) and today's date in their time zone. */
export async function userFormContext(db: Db, userId: string, now: Date): Promise<FormContext> {
  const user = await findUserById(db, userId);
  return formContextOf(
    {
      strLength: user?.strLength,
      numfieldUKallowed: user?.numfieldUKallowed ?? false,
      timezone: user?.timezone ?? 'UTC',
    },
    now,
  );
}

/**
 * The same from the user's switches already read (a request's session carries them: sessions.ts reads them with the
 * session, so a save does not read the user row again).
 */
export function formContextOf(
  user: { strLength: number | undefined; numfieldUKallowed: boolean; timezone: string },
  now: Date,
): FormContext {
  return {
    textLimit: textLimitOf(user.strLength),
    numUnknownAllowed: user.numfieldUKallowed,
    today: todayInZone(now, user.timezone),
  };
}
