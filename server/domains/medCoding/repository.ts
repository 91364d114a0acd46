/**
 * The medical coding tables (migration 0014): the study's dictionaries and their entries, the terms to code (one per
 * codable item of a saved record) and their append-only history, the dictionary imports.
 */
import type {
  CodingAction,
  CodingDictionary,
  CodingEntry,
  CodingHistoryRow,
  CodingLevel,
  CodingTerm,
  DictionaryInfo,
} from '../../../engine/api/medCoding';
import { queryOne, sendInTransaction, type Db } from '../../core/db/db';
import type { RecordPlace } from '../data/recordHooks';
import { visitTnameSql } from '../queries/service';
import { nameKey } from './dictionaryFile';

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The select list of a term as the contract's CodingTerm (alias c, joins TERM_JOINS). */
export const TERM_COLUMNS = `
  c.id::text as termid, c.record_id::text as recordid, c.subject_id as subjectid, s.subjid, si.sitecode,
  r.visitnum, r.cycnum, r.svnum, c.tid, r.lineno, c.visit_tname as "visitTname", c.variable, c.dictionary,
  c.verbatim, c.status, c.auto, c.code, c.name, c.path, u.username as "codedBy", ${iso('c.coded_at')} as "codedAt"`;

export const TERM_JOINS = `join form_records r on r.id = c.record_id join subjects s on s.id = c.subject_id
  join sites si on si.id = c.site_id left join users u on u.id = c.coded_by`;

/** A term id is the decimal text of its identity; anything else names no term. */
export function parseTermId(id: string): string | null {
  return /^[1-9]\d{0,17}$/.test(id) ? id : null;
}

export interface TermState extends CodingTerm {
  studyId: string;
  siteId: string;
}

const STATE_COLUMNS = `${TERM_COLUMNS}, c.study_id as "studyId", c.site_id as "siteId"`;

export async function findTerm(
  db: Db,
  studyId: string,
  termId: string,
  forUpdate = false,
): Promise<TermState | null> {
  const id = parseTermId(termId);
  if (id === null) return null;
  return queryOne<TermState>(
    db,
    `select ${STATE_COLUMNS} from coding_terms c ${TERM_JOINS}
     where c.id = $1::bigint and c.study_id = $2 and s.abandoned_at is null${forUpdate ? ' for update of c' : ''}`,
    [id, studyId],
  );
}

export async function findTermOfItem(
  db: Db,
  studyId: string,
  recordId: string,
  variable: string,
): Promise<TermState | null> {
  const id = parseTermId(recordId);
  if (id === null) return null;
  return queryOne<TermState>(
    db,
    `select ${STATE_COLUMNS} from coding_terms c ${TERM_JOINS}
     where c.record_id = $1::bigint and c.variable = $2 and c.study_id = $3 and s.abandoned_at is null`,
    [id, variable, studyId],
  );
}

/** A term of a record as its item state shows it. */
export interface RecordTerm {
  termid: string;
  variable: string;
  dictionary: CodingDictionary;
  status: CodingTerm['status'];
  auto: boolean;
  code: string | null;
  name: string | null;
}

/**
 * The terms of a record with a verbatim text (`record`: its id as a bigint SQL expression) as ONE
 * json value, an array of RecordTerm in term order: a sub-select for the record hooks' combined item-state read.
 */
export function recordTermsSql(record: string): string {
  return `select coalesce(json_agg(json_build_object('termid', id::text, 'variable', variable, 'dictionary',
      dictionary, 'status', status, 'auto', auto, 'code', code, 'name', name) order by id), '[]'::json)
    from coding_terms where record_id = ${record} and verbatim <> ''`;
}

/** A stored term of a record (inside a save: its verbatim and code). */
export interface StoredTerm {
  id: string;
  variable: string;
  verbatim: string;
  status: string;
  code: string | null;
  name: string | null;
}

/** The stored terms of a record's items (inside a save), locked. */
export function storedTerms(tx: Db, recordId: string, variables: readonly string[]): Promise<StoredTerm[]> {
  return tx.query<StoredTerm>(
    `select id::text as id, variable, verbatim, status, code, name from coding_terms
     where record_id = $1::bigint and variable = any($2::text[]) order by id for update`,
    [recordId, [...variables]],
  );
}

/** The entries whose name is exactly a term's text (case and spaces ignored; at most two), as `matches`. */
const MATCHES_SQL = (study: string, dictionary: string, key: string) =>
  `coalesce((select jsonb_agg(jsonb_build_object('code', e.code, 'name', e.name, 'path', e.path) order by e.code)
     from (select code, name, path from coding_dictionary_entries
           where study_id = ${study} and dictionary = ${dictionary} and name_key = ${key}
           order by code limit 2) e), '[]'::jsonb) as matches`;

/** A term just written (inserted, or reset to a new verbatim text) with its exact dictionary matches (at most two). */
export interface WrittenTerm {
  id: string;
  variable: string;
  dictionary: CodingDictionary;
  verbatim: string;
  matches: EntryRow[];
}

export interface NewTerms {
  studyId: string;
  record: Omit<RecordPlace, 'lineno'>;
  /** In the form's order: the ids follow it. */
  terms: readonly { variable: string; dictionary: CodingDictionary; verbatim: string }[];
  /** Who saves: the auto-coded terms' history rows `autocode` are theirs. */
  actor: { userId: string; roleId: string };
  at: Date;
}

/**
 * Inserts a record's new terms, labelled with the visit and form name (queries/service.ts visitTnameSql): a term with
 * exactly one exact dictionary match is inserted coded to it (`auto`, no coder) with its history row `autocode`, the
 * others uncoded. One statement, sent without waiting (its rows are not needed; it commits with the save, or the
 * save's commit fails). The term's row image (clinical_audit) is its insert, coded or not: the uncoded state never
 * existed outside the save's transaction.
 */
export function insertTerms(tx: Db, n: NewTerms): void {
  // the terms as a VALUES list of parameters (not unnest of arrays): the planner then knows their number in a
  // generic plan as well, and the statement (one per number of codable items) keeps its cached plan — with an
  // array it was planned again on every save (pg_prepared_statements: custom plans only)
  const params: unknown[] = [
    n.studyId,
    n.record.id,
    n.record.subjectId,
    n.record.siteId,
    n.record.visitnum,
    n.record.cycnum,
    n.record.svnum,
    n.record.tid,
    n.at.toISOString(),
    n.actor.userId,
    n.actor.roleId,
  ];
  for (const t of n.terms) params.push(t.variable, t.dictionary, t.verbatim, nameKey(t.verbatim));
  sendInTransaction(tx, insertTermsSql(n.terms.length), params);
}

/** insertTerms' statements by number of terms: each built once (a text of several KB, hashed by postgres.ts when new). */
const INSERT_TERMS_SQL = new Map<number, string>();

function insertTermsSql(count: number): string {
  let sql = INSERT_TERMS_SQL.get(count);
  if (sql === undefined) {
    sql = buildInsertTermsSql(count);
    INSERT_TERMS_SQL.set(count, sql);
  }
  return sql;
}

/** The statement of `count` terms: the record's 11 parameters, then 4 per term (variable, dictionary, verbatim, key). */
function buildInsertTermsSql(count: number): string {
  const label = visitTnameSql({
    study: '$1',
    subject: '$3',
    visitnum: '$5',
    cycnum: '$6',
    svnum: '$7',
    tid: '$8',
  });
  const rows = Array.from({ length: count }, (_, i) => {
    const at = 12 + 4 * i;
    return `($${at}::text, $${at + 1}::text, $${at + 2}::text, $${at + 3}::text, ${i + 1})`;
  });
  return `with label as (${label}),
     t (variable, dictionary, verbatim, key, n) as (values ${rows.join(', ')}),
     m as materialized (
       select t.variable, t.dictionary, t.verbatim, t.n, ${MATCHES_SQL('$1', 't.dictionary', 't.key')} from t),
     c as (
       select m.*, jsonb_array_length(m.matches) = 1 as coded, m.matches -> 0 as entry from m),
     ins as (
       insert into coding_terms (study_id, record_id, variable, subject_id, site_id, tid, visit_tname, dictionary,
         verbatim, status, auto, code, name, path, coded_by, coded_at, updated_at)
       select $1, $2::bigint, c.variable, $3, $4, $8, label.visit_tname, c.dictionary, c.verbatim,
              case when c.coded then 'coded' else 'uncoded' end, c.coded,
              case when c.coded then c.entry ->> 'code' end, case when c.coded then c.entry ->> 'name' end,
              case when c.coded then c.entry -> 'path' else '[]'::jsonb end, null::text,
              case when c.coded then $9::timestamptz end, $9::timestamptz
       from c cross join label order by c.n
       returning id, variable)
     insert into coding_history (term_id, study_id, site_id, record_id, variable, action, verbatim, from_code,
       from_name, to_code, to_name, reason, user_id, role_id, at)
     select ins.id, $1, $4, $2::bigint, c.variable, 'autocode', c.verbatim, null::text, null::text,
            c.entry ->> 'code', c.entry ->> 'name', null::text, $10, $11, $9::timestamptz
     from c join ins on ins.variable = c.variable where c.coded order by c.n`;
}

/** Who and where of the coding history rows a save writes (its actor; the record's site and id). */
export interface SaveHistoryBase {
  studyId: string;
  siteId: string;
  recordId: string;
  userId: string;
  roleId: string;
  at: Date;
}

/**
 * New verbatim texts of stored terms: each loses its code (uncoded), a term that was coded gets its history row
 * `reset` (from its code to none), and each with a text is answered with its exact dictionary matches: one statement.
 */
export function resetTerms(
  tx: Db,
  terms: readonly {
    id: string;
    variable: string;
    dictionary: CodingDictionary;
    verbatim: string;
    /** The stored term's code when it was coded (a history row `reset`), else null. */
    was: { code: string | null; name: string | null } | null;
  }[],
  h: SaveHistoryBase,
): Promise<WrittenTerm[]> {
  const params: unknown[] = [h.at.toISOString(), h.studyId, h.siteId, h.recordId, h.userId, h.roleId];
  // a VALUES list of parameters, as insertTerms: a generic plan knows the number of rows (an array kept it custom)
  const rows = terms.map((t, i) => {
    params.push(t.id, t.variable, t.dictionary, t.verbatim, nameKey(t.verbatim), t.was !== null);
    params.push(t.was?.code ?? null, t.was?.name ?? null);
    const a = params.length - 7;
    return `($${a}::bigint, $${a + 1}::text, $${a + 2}::text, $${a + 3}::text, $${a + 4}::text, $${a + 5}::boolean,
      $${a + 6}::text, $${a + 7}::text, ${i + 1})`;
  });
  return tx.query<WrittenTerm>(
    `with t (id, variable, dictionary, verbatim, key, was_coded, from_code, from_name, n) as (values ${rows.join(', ')}),
     reset as (
       update coding_terms c set verbatim = t.verbatim, status = 'uncoded', auto = false, code = null, name = null,
         path = '[]'::jsonb, coded_by = null, coded_at = null, updated_at = $1::timestamptz
       from t where c.id = t.id
       returning c.id),
     history as (
       insert into coding_history (term_id, study_id, site_id, record_id, variable, action, verbatim, from_code,
         from_name, to_code, to_name, reason, user_id, role_id, at)
       select t.id, $2, $3, $4::bigint, t.variable, 'reset', t.verbatim, t.from_code, t.from_name, null::text,
              null::text, null::text, $5, $6, $1::timestamptz
       from t join reset on reset.id = t.id where t.was_coded order by t.n)
     select t.id::text as id, t.variable, t.dictionary, t.verbatim, ${MATCHES_SQL('$2', 't.dictionary', 't.key')}
     from t join reset on reset.id = t.id where t.verbatim <> '' order by t.n`,
    params,
  );
}

/**
 * Auto-codes terms, each to its one exact match (no coder: `coded_by` null, `auto`), with the history row `autocode`
 * of each: one statement.
 */
export async function autocodeTerms(
  tx: Db,
  terms: readonly { id: string; variable: string; verbatim: string; entry: CodingEntry }[],
  h: SaveHistoryBase,
): Promise<void> {
  const params: unknown[] = [h.at.toISOString(), h.studyId, h.siteId, h.recordId, h.userId, h.roleId];
  // a VALUES list of parameters, as insertTerms: with unnest of arrays the planner guessed 100 rows and joined
  // coding_terms by a scan of the whole table (a save's cost grew with the study's terms: 0.83 ms per save at 4,000
  // terms under load, docs/load.md stop 29) and kept no generic plan
  const rows = terms.map((t, i) => {
    params.push(t.id, t.variable, t.verbatim, t.entry.code, t.entry.name, JSON.stringify(t.entry.path));
    const a = params.length - 5;
    return `($${a}::bigint, $${a + 1}::text, $${a + 2}::text, $${a + 3}::text, $${a + 4}::text, $${a + 5}::text, ${i + 1})`;
  });
  await tx.query(
    `with m (id, variable, verbatim, code, name, path, n) as (values ${rows.join(', ')}),
     coded as (
       update coding_terms c set status = 'coded', auto = true, code = m.code, name = m.name, path = m.path::jsonb,
         coded_by = null, coded_at = $1::timestamptz, updated_at = $1::timestamptz
       from m where c.id = m.id
       returning c.id)
     insert into coding_history (term_id, study_id, site_id, record_id, variable, action, verbatim, from_code,
       from_name, to_code, to_name, reason, user_id, role_id, at)
     select m.id, $2, $3, $4::bigint, m.variable, 'autocode', m.verbatim, null::text, null::text, m.code, m.name,
            null::text, $5, $6, $1::timestamptz
     from m join coded on coded.id = m.id order by m.n`,
    params,
  );
}

/** Codes a term to an entry (a coder's user id, or null for auto-coding). */
export async function codeTerm(
  tx: Db,
  termId: string,
  entry: CodingEntry,
  by: { userId: string | null; auto: boolean },
  at: Date,
): Promise<void> {
  await tx.query(
    `update coding_terms set status = 'coded', auto = $3, code = $4, name = $5, path = $6::jsonb, coded_by = $2,
       coded_at = $7, updated_at = $7
     where id = $1::bigint`,
    [termId, by.userId, by.auto, entry.code, entry.name, JSON.stringify(entry.path), at.toISOString()],
  );
}

export interface HistoryEntry {
  termId: string;
  studyId: string;
  siteId: string;
  recordId: string;
  variable: string;
  action: CodingAction;
  verbatim: string;
  from: { code: string | null; name: string | null };
  to: { code: string | null; name: string | null };
  reason: string | null;
  userId: string;
  roleId: string;
  at: Date;
}

export async function appendHistory(tx: Db, e: HistoryEntry): Promise<void> {
  await tx.query(
    `insert into coding_history (term_id, study_id, site_id, record_id, variable, action, verbatim, from_code,
       from_name, to_code, to_name, reason, user_id, role_id, at)
     values ($1::bigint, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      e.termId,
      e.studyId,
      e.siteId,
      e.recordId,
      e.variable,
      e.action,
      e.verbatim,
      e.from.code,
      e.from.name,
      e.to.code,
      e.to.name,
      e.reason,
      e.userId,
      e.roleId,
      e.at.toISOString(),
    ],
  );
}

export function termHistory(db: Db, termId: string): Promise<CodingHistoryRow[]> {
  return db.query<CodingHistoryRow>(
    `select h.id::text as id, h.action, h.verbatim, h.from_code as "fromCode", h.from_name as "fromName",
            h.to_code as "toCode", h.to_name as "toName", h.reason, u.username, u.realname, ${iso('h.at')} as at
     from coding_history h join users u on u.id = h.user_id
     where h.term_id = $1::bigint order by h.id`,
    [termId],
  );
}

// --- dictionaries ----------------------------------------------------------------------------------------------

export function dictionaryInfo(
  db: Db,
  studyId: string,
  dictionary: CodingDictionary,
): Promise<DictionaryInfo | null> {
  return queryOne<DictionaryInfo>(
    db,
    `select dictionary, version, demo, entries, ${iso('imported_at')} as "importedAt"
     from coding_dictionaries where study_id = $1 and dictionary = $2`,
    [studyId, dictionary],
  );
}

const ENTRY_CHUNK = 2000;

/** Replaces the study's dictionary of a kind (entries and version) — inside the caller's transaction. */
export async function replaceDictionary(
  tx: Db,
  d: { studyId: string; dictionary: CodingDictionary; version: string; demo: boolean; at: Date },
  entries: readonly CodingEntry[],
): Promise<void> {
  await tx.query(
    `insert into coding_dictionaries (study_id, dictionary, version, demo, entries, imported_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (study_id, dictionary) do update
       set version = excluded.version, demo = excluded.demo, entries = excluded.entries,
           imported_at = excluded.imported_at`,
    [d.studyId, d.dictionary, d.version, d.demo, entries.length, d.at.toISOString()],
  );
  await tx.query('delete from coding_dictionary_entries where study_id = $1 and dictionary = $2', [
    d.studyId,
    d.dictionary,
  ]);
  for (let i = 0; i < entries.length; i += ENTRY_CHUNK) {
    const chunk = entries.slice(i, i + ENTRY_CHUNK);
    await tx.query(
      `insert into coding_dictionary_entries (study_id, dictionary, code, name, name_key, path)
       select $1, $2, t.code, t.name, t.key, t.path::jsonb
       from unnest($3::text[], $4::text[], $5::text[], $6::text[]) as t(code, name, key, path)`,
      [
        d.studyId,
        d.dictionary,
        chunk.map((e) => e.code),
        chunk.map((e) => e.name),
        chunk.map((e) => nameKey(e.name)),
        chunk.map((e) => JSON.stringify(e.path)),
      ],
    );
  }
}

export async function recordImport(
  tx: Db,
  i: {
    studyId: string;
    dictionary: CodingDictionary;
    version: string;
    entries: number;
    filename: string;
    sha256: string;
    userId: string;
    roleId: string;
    siteId: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into coding_imports (study_id, dictionary, version, entries, filename, sha256, user_id, role_id, site_id, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      i.studyId,
      i.dictionary,
      i.version,
      i.entries,
      i.filename,
      i.sha256,
      i.userId,
      i.roleId,
      i.siteId,
      i.at.toISOString(),
    ],
  );
}

interface EntryRow {
  code: string;
  name: string;
  path: CodingLevel[];
}

export function findEntry(
  db: Db,
  studyId: string,
  dictionary: CodingDictionary,
  code: string,
): Promise<EntryRow | null> {
  return queryOne<EntryRow>(
    db,
    `select code, name, path from coding_dictionary_entries where study_id = $1 and dictionary = $2 and code = $3`,
    [studyId, dictionary, code],
  );
}

/** Entries whose name is exactly the text (case and spaces ignored): at most two (more than one: ambiguous). */
export function exactMatches(
  db: Db,
  studyId: string,
  dictionary: CodingDictionary,
  text: string,
): Promise<EntryRow[]> {
  return db.query<EntryRow>(
    `select code, name, path from coding_dictionary_entries
     where study_id = $1 and dictionary = $2 and name_key = $3 order by code limit 2`,
    [studyId, dictionary, nameKey(text)],
  );
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Entries whose name, code or level above (PT, ATC4) contains the text (case and spaces ignored): exact names
 * first, then names starting with it, then by name.
 */
export function searchEntries(
  db: Db,
  studyId: string,
  dictionary: CodingDictionary,
  text: string,
  size: number,
): Promise<EntryRow[]> {
  const key = nameKey(text);
  if (key === '') return Promise.resolve([]);
  const like = `%${likeLiteral(key)}%`;
  return db.query<EntryRow>(
    `select code, name, path from coding_dictionary_entries
     where study_id = $1 and dictionary = $2
       and (name_key like $3 or lower(code) = $4 or lower(path -> 1 ->> 'name') like $3)
     order by (name_key = $4) desc, (name_key like $5) desc, name_key, code
     limit $6`,
    [studyId, dictionary, like, key, `${likeLiteral(key)}%`, size],
  );
}

/** Terms at the chosen site with a verbatim text still to code. */
export async function termsToCode(db: Db, studyId: string, siteId: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `select count(*)::int as n from coding_terms c join subjects s on s.id = c.subject_id
     where c.study_id = $1 and c.site_id = $2 and c.status = 'uncoded' and c.verbatim <> ''
       and s.abandoned_at is null`,
    [studyId, siteId],
  );
  return row?.n ?? 0;
}
