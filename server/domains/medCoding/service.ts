/**
 * Medical coding: the terms of codable items kept in step with the saved values (the onSaved hook: a new term is
 * auto-coded on an exact match, a changed verbatim term loses its code), a coder's code and recode (with a reason),
 * a term's coding info, the dictionary search and the import of a licensed dictionary. Every change writes its
 * coding_history row (or, for an import, its coding_imports row) in the same transaction; every refusal writes
 * nothing.
 */
import { createHash } from 'node:crypto';
import type {
  CodingAction,
  CodingDictionary,
  CodingEntry,
  CodingTerm,
  DictionaryInfo,
} from '../../../engine/api/medCoding';
import type { CompiledForm, FormValues } from '../../../engine/form/types';
import { roleMay } from '../../core/auth/permissions';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import type { UploadedFile } from '../../core/http/upload';
import type { RecordPlace, SavedRecord } from '../data/recordHooks';
import { NotFound } from '../data/scope';
import { Refused } from '../notes/refused';
import { roleHasPermission } from '../notes/repository';
import { DictionaryFileProblem, parseDictionaryRows, readWorkbookRows } from './dictionaryFile';
import {
  appendHistory,
  autocodeTerms,
  codeTerm,
  dictionaryInfo,
  exactMatches,
  findEntry,
  findTerm,
  findTermOfItem,
  insertTerms,
  recordImport,
  replaceDictionary,
  resetTerms,
  storedTerms,
  termHistory,
  type SaveHistoryBase,
  type TermState,
} from './repository';

/** Who may code terms, and who may import a dictionary (role_permissions; fixtures/seed/coding.json). */
export const CODING_PERMISSIONS = { code: 'coding.code', import: 'coding.import' } as const;

export async function requireCodingPermission(
  db: Db,
  session: RoleSession,
  which: keyof typeof CODING_PERMISSIONS,
): Promise<void> {
  if (!(await roleHasPermission(db, session.roleId, CODING_PERMISSIONS[which])))
    throw new Refused(which === 'code' ? 'codingNotAllowed' : 'codingImportNotAllowed', {}, 403);
}

/** The codable items of a form: variable and dictionary. */
export function codableItems(form: CompiledForm): { variable: string; dictionary: CodingDictionary }[] {
  const out: { variable: string; dictionary: CodingDictionary }[] = [];
  for (const item of form.items.values()) {
    if (item.coding) out.push({ variable: item.variable, dictionary: item.coding.dictionary });
  }
  return out;
}

const verbatimOf = (values: FormValues | null, variable: string): string => {
  const v = values?.[variable];
  return typeof v === 'string' ? v.trim() : '';
};

export interface TermSync {
  studyId: string;
  record: Omit<RecordPlace, 'lineno'>;
  codable: readonly { variable: string; dictionary: CodingDictionary }[];
  values: FormValues;
  /**
   * The record was inserted by this very transaction (a first entry): it has no stored term yet, so none is read.
   * Absent: the stored terms are read.
   */
  fresh?: boolean;
  actor: { userId: string; roleId: string };
  at: Date;
}

/**
 * Brings the terms of a record in step with its values (inside the save's transaction): a new verbatim term gets a
 * term row; a changed one loses its code (history `reset`); either is then auto-coded when exactly one dictionary
 * entry has its name (case and spaces ignored; history `autocode`). Set-based, whatever the number of codable items:
 * the stored terms (not on a first entry), the resets with their history and matches, the inserts (a term with its
 * one match inserted coded, with its history), the auto-codes of reset terms with their history — one statement
 * each, and only when there is one to make. A new term's row image (clinical_audit, migration 0006) is its insert as
 * committed, coded or not; a reset term's are its reset and its auto-code.
 */
export async function syncRecordTerms(tx: Db, s: TermSync): Promise<void> {
  const items = s.codable.map((c) => ({ ...c, text: verbatimOf(s.values, c.variable) }));
  const stored = new Map(
    (s.fresh
      ? []
      : await storedTerms(
          tx,
          s.record.id,
          items.map((i) => i.variable),
        )
    ).map((t) => [t.variable, t]),
  );
  const history: SaveHistoryBase = {
    studyId: s.studyId,
    siteId: s.record.siteId,
    recordId: s.record.id,
    userId: s.actor.userId,
    roleId: s.actor.roleId,
    at: s.at,
  };
  const toReset = items.flatMap(({ variable, dictionary, text }) => {
    const t = stored.get(variable);
    if (!t || t.verbatim === text) return [];
    const was = t.status === 'coded' ? { code: t.code, name: t.name } : null;
    return [{ id: t.id, variable, dictionary, verbatim: text, was }];
  });
  const toInsert = items
    .filter((i) => !stored.has(i.variable) && i.text !== '')
    .map(({ variable, dictionary, text }) => ({ variable, dictionary, verbatim: text }));
  // a reset term is auto-coded by a second statement; a new one is inserted coded when it has its one match
  const reset = toReset.length > 0 ? await resetTerms(tx, toReset, history) : [];
  if (toInsert.length > 0) {
    insertTerms(tx, { studyId: s.studyId, record: s.record, terms: toInsert, actor: s.actor, at: s.at });
  }
  const toCode = reset.flatMap((t) => (t.matches.length === 1 ? [{ ...t, entry: t.matches[0]! }] : []));
  if (toCode.length > 0) await autocodeTerms(tx, toCode, history);
}

/** The onSaved hook `medCoding.terms`: the record's codable items, in the save's transaction. */
export async function syncTermsOnSave(tx: Db, saved: SavedRecord): Promise<void> {
  const codable = codableItems(saved.form);
  if (codable.length === 0) return;
  await syncRecordTerms(tx, {
    fresh: saved.kind === 'create',
    studyId: saved.actor.studyId,
    record: saved.record,
    codable,
    values: saved.after,
    actor: { userId: saved.actor.userId, roleId: saved.actor.roleId },
    at: saved.at,
  });
}

/** A term at the session's chosen site, else NotFound. */
function atChosenSite(term: TermState | null, session: RoleSession): TermState {
  if (!term || term.siteId !== session.siteId) throw new NotFound('codingTermNotFound');
  return term;
}

const publicTerm = (t: TermState): CodingTerm => {
  const { studyId: _study, siteId: _site, ...term } = t;
  return term;
};

export interface CodingInfo {
  term: CodingTerm;
  history: Awaited<ReturnType<typeof termHistory>>;
  dictionary: DictionaryInfo | null;
  canCode: boolean;
}

/** getCodingInfo.do: for coders and for the roles that read data; the term at the chosen site, with a verbatim. */
export async function codingInfo(
  db: Db,
  session: RoleSession,
  rolecode: string,
  by: { termid?: string | undefined; recordid?: string | undefined; variable?: string | undefined },
): Promise<CodingInfo> {
  const canCode = await roleHasPermission(db, session.roleId, CODING_PERMISSIONS.code);
  if (!canCode && !roleMay(rolecode, 'read')) throw new Refused('codingNotAllowed', {}, 403);
  let found: TermState | null = null;
  if (by.termid) found = await findTerm(db, session.studyId, by.termid);
  else if (by.recordid && by.variable)
    found = await findTermOfItem(db, session.studyId, by.recordid, by.variable);
  else throw new Refused('codingNoTerm');
  if (!found && by.recordid) throw new Refused('codingNoTerm');
  const term = atChosenSite(found, session);
  if (term.verbatim === '') throw new Refused('codingNoTerm');
  return {
    term: publicTerm(term),
    history: await termHistory(db, term.termid),
    dictionary: await dictionaryInfo(db, session.studyId, term.dictionary),
    canCode,
  };
}

/** saveCoding.do: code (or recode, with a reason) a term at the chosen site to a dictionary entry. */
export async function saveTermCode(
  db: Db,
  session: RoleSession,
  params: { termid: string; code: string; verbatim: string; reason: string | null },
  now: Date,
): Promise<CodingTerm> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    const term = atChosenSite(await findTerm(tx, session.studyId, params.termid, true), session);
    if (term.verbatim === '') throw new Refused('codingNoTerm');
    if (term.verbatim !== params.verbatim) throw new Refused('codingTermChanged');
    const entry = await findEntry(tx, session.studyId, term.dictionary, params.code.trim());
    if (!entry) throw new Refused('codingUnknownCode', { code: params.code.trim() });
    const reason = params.reason?.trim() ? params.reason.trim() : null;
    let action: CodingAction = 'code';
    if (term.status === 'coded') {
      if (term.code === entry.code) throw new Refused('codingUnchanged', { code: entry.code });
      if (reason === null) throw new Refused('codingReasonRequired');
      action = 'recode';
    }
    await codeTerm(tx, term.termid, entry, { userId: session.userId, auto: false }, now);
    await appendHistory(tx, {
      termId: term.termid,
      studyId: session.studyId,
      siteId: term.siteId,
      recordId: term.recordid,
      variable: term.variable,
      action,
      verbatim: term.verbatim,
      from: { code: term.code, name: term.name },
      to: { code: entry.code, name: entry.name },
      reason,
      userId: session.userId,
      roleId: session.roleId,
      at: now,
    });
    return publicTerm((await findTerm(tx, session.studyId, term.termid))!);
  });
}

/**
 * After an import: the study's uncoded terms of that dictionary that now have exactly one exact match are auto-coded
 * (history `autocode`, by the importing user), in the import's transaction. Answers how many.
 */
async function autocodeUncoded(
  tx: Db,
  session: RoleSession,
  dictionary: CodingDictionary,
  now: Date,
): Promise<number> {
  const terms = await tx.query<{
    id: string;
    verbatim: string;
    recordId: string;
    variable: string;
    siteId: string;
  }>(
    `select id::text as id, verbatim, record_id::text as "recordId", variable, site_id as "siteId"
     from coding_terms where study_id = $1 and dictionary = $2 and status = 'uncoded' and verbatim <> ''
     order by id for update`,
    [session.studyId, dictionary],
  );
  let coded = 0;
  for (const t of terms) {
    const matches = await exactMatches(tx, session.studyId, dictionary, t.verbatim);
    if (matches.length !== 1) continue;
    const entry = matches[0]!;
    await codeTerm(tx, t.id, entry, { userId: null, auto: true }, now);
    await appendHistory(tx, {
      termId: t.id,
      studyId: session.studyId,
      siteId: t.siteId,
      recordId: t.recordId,
      variable: t.variable,
      action: 'autocode',
      verbatim: t.verbatim,
      from: { code: null, name: null },
      to: { code: entry.code, name: entry.name },
      reason: null,
      userId: session.userId,
      roleId: session.roleId,
      at: now,
    });
    coded += 1;
  }
  return coded;
}

/** Checks a dictionary file and replaces the study's dictionary with it, in one transaction with its audit row. */
export async function importDictionaryFile(
  db: Db,
  session: RoleSession,
  params: { dictionary: CodingDictionary; version: string },
  file: UploadedFile,
  now: Date,
): Promise<DictionaryInfo & { autocoded: number }> {
  let entries: CodingEntry[];
  try {
    entries = parseDictionaryRows(params.dictionary, await readWorkbookRows(file.bytes));
  } catch (err) {
    if (err instanceof DictionaryFileProblem) throw new Refused(err.messageId, err.values);
    throw err;
  }
  const version = params.version.trim();
  const autocoded = await db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    await replaceDictionary(
      tx,
      { studyId: session.studyId, dictionary: params.dictionary, version, demo: false, at: now },
      entries,
    );
    await recordImport(tx, {
      studyId: session.studyId,
      dictionary: params.dictionary,
      version,
      entries: entries.length,
      filename: file.filename.slice(0, 255),
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      userId: session.userId,
      roleId: session.roleId,
      siteId: session.siteId,
      at: now,
    });
    return autocodeUncoded(tx, session, params.dictionary, now);
  });
  return { ...(await dictionaryInfo(db, session.studyId, params.dictionary))!, autocoded };
}
