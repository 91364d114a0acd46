/**
 * What the review workflows add to a record without editing the data domain (a workflow is a domain folder plus
 * registrations): the data plugin decorates `app.recordHooks`; a workflow's plugin (declaring `edc-data` as its
 * dependency) registers
 * - `onSaved` hooks, run in the save's own transaction after the record and its audit rows are written (a system
 *   query raised by a confirmed warning, an SDV mark reset by a changed value). A hook that throws rolls the whole
 *   save back: nothing is half-written;
 * - `itemState` providers, whose per-item fields are merged into the `items` of datainfo.do and of a save's answer
 *   (the item adornments read them: query state, SDV state …). A provider whose state is one SQL read registers it
 *   as `itemStateRead` instead (its sub-select and how to read its value back): the sub-selects of every such
 *   provider are sent as ONE statement per record, each domain's SQL staying in its domain (stop 29);
 * - `capabilities` providers, whose record capabilities join the data domain's own (record actions are registered
 *   by capability on the client);
 * - `beforeSave` guards, run in the save's transaction after the save plan is ready and BEFORE anything is written
 *   (savedata.do, updatedata.do; `changed` = the variables the save would change). A guard that answers a refusal
 *   stops the save: the transaction rolls back and the user gets the refusal's translated message (success:false),
 *   nothing changed. The same guards are asked for the page as a whole (`changed` null) when datalist.do and
 *   datainfo.do grant capabilities: a refusal then withholds `enter` and `change` (the form is read only) and adds
 *   the refusal's own capability (e.g. `frozen`, whose record action says why). A guard decided by one SQL read of
 *   the page registers it as `beforeSaveRead` instead: its sub-select travels as a column of the data domain's own
 *   read of the page (below, stop 31). Freeze (and later lock) use them;
 * - `auditEvents` providers, whose events on a record (a signature, its break …) join the record's audit trail
 *   (audittrail.do) beside the data changes, in time order, each as an `event` row the provider words itself;
 * - `onMarked` hooks, run in the transaction of a casebook mark (activedata.do: not collected, not occurred,
 *   invalid, or valid again) after the mark and its audit row are written: a page made invalid no longer carries
 *   the signature given to its data. A hook that throws rolls the mark back.
 * Hooks and providers run in registration order; names must be unique (a second registration of a name is a
 * programming error and throws at start-up).
 */
import type { AuditTrailRow, ChangeReason, ItemStatus, RecordCapability } from '../../../engine/api/data';
import type { CompiledForm, FormProblems, FormValues } from '../../../engine/form/types';
import type { Locale } from '../../../engine/api/localized';
import { queryOne, type Db } from '../../core/db/db';
import type { ServerMessageId } from '../../core/messages';
import { lockSubject } from './recordsRepository';

/** Who saved: the session's user, role, chosen site and study. */
export interface RecordActor {
  userId: string;
  username: string;
  roleId: string;
  siteId: string;
  studyId: string;
}

/** Where a record sits: its id, subject, the subject's site and the form of a visit (with its log-line number). */
export interface RecordPlace {
  id: string;
  subjectId: string;
  siteId: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number;
}

/** A save that has just been written (inside its transaction). */
export interface SavedRecord {
  kind: 'create' | 'update';
  actor: RecordActor;
  record: RecordPlace;
  form: CompiledForm;
  /** The values before the save; null for a first entry. */
  before: FormValues | null;
  /** The values as written. */
  after: FormValues;
  /** Variables whose value changed (a first entry: the entered ones). */
  changed: readonly string[];
  /** What the written values still raise: warnings the user confirmed (errors never reach a save). */
  problems: FormProblems;
  /** Reasons for change by variable (an update). */
  reasons: Readonly<Record<string, ChangeReason>>;
  at: Date;
}

export type RecordSavedHook = (tx: Db, saved: SavedRecord) => Promise<void>;

/**
 * The record whose item states are asked for, and who asks: the role's code and permissions from the request's access
 * context (RoleSession, read once with the session), so that no provider reads role_permissions again.
 */
export interface ItemStateQuery {
  studyId: string;
  recordId: string;
  /**
   * The record was inserted by the asking transaction (a save's first entry, after its onSaved hooks): no other
   * transaction can see it yet, so a provider whose state only other requests create on a stored record (a note, a
   * signature, an item freeze) answers without reading; one an onSaved hook may write (a system query, a coding term)
   * or that follows from the plan (SDV) still reads. Absent: a stored record.
   */
  fresh?: boolean;
  rolecode: string;
  permissions: ReadonlySet<string>;
}

/** Per variable, the fields a workflow adds to the item's state (e.g. `{ query: { state: 'open', count: 1 } }`). */
export type ItemStateFields = Readonly<Record<string, Readonly<Record<string, unknown>>>>;
export type ItemStateProvider = (db: Db, q: ItemStateQuery) => Promise<ItemStateFields>;

/**
 * An item-state provider whose state is one SQL read: the registry sends the sub-selects of all such providers of a
 * record together, `select (<a>) as s0, (<b>) as s1, … from (select $1::bigint as record_id, $2::text as study_id) p`,
 * one round trip instead of one per provider.
 */
export interface ItemStateRead {
  /**
   * Whether there is anything to read for this query (absent: always). false: the provider answers `fields(null, q)`
   * without reading (a role not shown the state; a record the asking save has just inserted, whose state only other
   * requests create).
   */
  reads?(q: ItemStateQuery): boolean;
  /**
   * A sub-select answering ONE value (json or jsonb, or null) with the provider's state of the record, naming the
   * record and its study by the SQL expressions given (`on.record`: the record's id, bigint; `on.study`: the asking
   * study, text). Of `on` alone, never of the query: the registry builds the statement once per set of providers
   * reading. Prefer json (`json_agg`, `json_build_object`, `to_json`): the value is only answered, and PostgreSQL
   * builds json as text where jsonb is built as a tree then printed (`to_jsonb` of a row looks up each column's
   * type on every row: the SDV read of a save cost ~55 µs more so, docs/load.md stop 31).
   */
  select(on: { record: string; study: string }): string;
  /** The value read (null when it `reads` nothing for the query) as the items' fields. */
  fields(value: unknown, q: ItemStateQuery): ItemStateFields;
}

/** Who asks for capabilities: the role and its permissions from the request's access context (RoleSession). */
export interface CapabilityQuery {
  studyId: string;
  roleId: string;
  rolecode: string;
  permissions: ReadonlySet<string>;
}
export type CapabilityProvider = (db: Db, q: CapabilityQuery) => Promise<readonly RecordCapability[]>;

/** A save about to be written (or, `changed` null, the page asked about as a whole). */
export interface SaveAttempt {
  studyId: string;
  subjectId: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  /** The saved record; null for a first entry or a new log-line row (or the page as a whole). */
  recordId: string | null;
  /** The variables the save would change; null: any change of the page (capabilities). */
  changed: readonly string[] | null;
}

/** Why a save is refused: a translated server message, and the capability that tells the client why. */
export interface SaveRefusal {
  messageId: ServerMessageId;
  values?: Readonly<Record<string, string>>;
  capability?: RecordCapability;
}
export type SaveGuard = (db: Db, attempt: SaveAttempt) => Promise<SaveRefusal | null>;

/*
 * beforeSave guards whose decision is one SQL read of the page (`beforeSaveRead`, stop 31): their sub-selects travel
 * as columns of the data domain's own read of the page — the save's read under the subject lock (recordsRepository.ts
 * newEntryPlace, findRecordToChange) and the form open's scope statement (scope.ts) — instead of a statement of their
 * own. Each domain's SQL stays in its domain: the data domain places the columns and hands their values back.
 */

/** SQL expressions naming the page (and its record, or `null::bigint`) inside the statement that carries the read. */
export interface PageOnSql {
  /** The subject's id (text). */
  subject: string;
  visitnum: string;
  /** integer */
  cycnum: string;
  /** integer */
  svnum: string;
  tid: string;
  /** The record's id (bigint), or `null::bigint` for a first entry or the page as a whole. */
  record: string;
}

/** A beforeSave guard decided by one read of the page. */
export interface SaveGuardRead {
  /**
   * A sub-select answering ONE value (json, or null) about the page, of the expressions of `on` alone (the statement
   * is built once per placement). Read under the subject lock for a save (the statement that carries it comes after
   * the lock), without it for a page asked as a whole (`changed` null).
   */
  select(on: PageOnSql): string;
  /** The refusal of the attempt from the value read; null: the save may go on. */
  refusal(value: unknown, attempt: SaveAttempt): SaveRefusal | null;
}

/** The values the read guards' columns answered, by the guard's position among the read guards. */
export type GuardValues = readonly unknown[];

/** The one column that carries the read guards' values (a json array, the k-th read guard's value at k). */
export const GUARDS_COLUMN = 'guards';

/** The select-list entry of the reads (`json_build_array((<read 0>), …) as "guards"`), or '' without any. */
export function guardColumnsSql(reads: readonly SaveGuardRead[], on: PageOnSql): string {
  if (reads.length === 0) return '';
  return `json_build_array(${reads.map((read) => `(${read.select(on)})`).join(',\n')}) as "${GUARDS_COLUMN}"`;
}

/**
 * The values of the reads of a row that carried their column (in the reads' order). A row without the column (a
 * statement that did not carry it) or with anything but a list of `count` values throws: a guard never decides on a
 * value it was not given (it would read as "nothing frozen").
 */
export function guardValuesOf(row: Readonly<Record<string, unknown>>, count: number): GuardValues {
  if (count === 0) return [];
  const carried = row[GUARDS_COLUMN];
  if (!Array.isArray(carried) || carried.length !== count) {
    throw new Error(`the beforeSave guards' column "${GUARDS_COLUMN}" was not read with ${count} value(s)`);
  }
  return carried.map((v: unknown) => v ?? null);
}

/** Without a statement to carry them: the reads alone, the page named by the parameters $1–$6 (standaloneParams). */
export const STANDALONE_ON: PageOnSql = {
  subject: '$1::text',
  visitnum: '$2::text',
  cycnum: '$3::int',
  svnum: '$4::int',
  tid: '$5::text',
  record: '$6::bigint',
};

export function standaloneParams(attempt: SaveAttempt): unknown[] {
  return [attempt.subjectId, attempt.visitnum, attempt.cycnum, attempt.svnum, attempt.tid, attempt.recordId];
}

/** An item's state as answered: the saved status, with what workflows add. */
export type AnsweredItemState = ItemStatus & Readonly<Record<string, unknown>>;

/**
 * The state of an item that has no saved value but is known to a workflow (a query on an empty item): data type 1,
 * "nothing saved" (0/2 entered, −1/−2 derived are the saved kinds), no note.
 */
export const NOTHING_SAVED: ItemStatus = { datatype: 1, note: 0 };

/** The record whose audit trail is read. */
export interface AuditEventQuery {
  studyId: string;
  recordId: string;
  /** The request's locale: the provider words its events in it. */
  locale: Locale;
}
/** A workflow's event on a record, as an audit trail row (`action` 'event'; `id` unique across providers). */
export type AuditEventRow = AuditTrailRow & { action: 'event' };
export type AuditEventProvider = (db: Db, q: AuditEventQuery) => Promise<readonly AuditEventRow[]>;

/** Pages just marked (or made valid again) by activedata.do, inside its transaction. */
export interface MarkedPages {
  actor: { userId: string; roleId: string };
  studyId: string;
  subjectId: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  /** The marked pages: one for a page mark, every page of the visit for a visit mark. */
  tids: readonly string[];
  /** The mark set (`uncollected`, `unoccurred`, `invalid`); null when a mark is lifted (valid again). */
  mark: string | null;
  at: Date;
}
export type PagesMarkedHook = (tx: Db, marked: MarkedPages) => Promise<void>;

export interface RecordHooks {
  onSaved(name: string, hook: RecordSavedHook): void;
  onMarked(name: string, hook: PagesMarkedHook): void;
  /** Runs every onMarked hook, in order, in the mark's transaction. */
  runMarked(tx: Db, marked: MarkedPages): Promise<void>;
  auditEvents(name: string, provider: AuditEventProvider): void;
  /** Every provider's events on the record. */
  recordEvents(db: Db, q: AuditEventQuery): Promise<AuditEventRow[]>;
  itemState(name: string, provider: ItemStateProvider): void;
  /** An item-state provider read in SQL, together with the other such providers (names shared with itemState). */
  itemStateRead(name: string, read: ItemStateRead): void;
  capabilities(name: string, provider: CapabilityProvider): void;
  beforeSave(name: string, guard: SaveGuard): void;
  /** A beforeSave guard decided by one read of the page, carried by the data domain's read (names shared with beforeSave). */
  beforeSaveRead(name: string, read: SaveGuardRead): void;
  /**
   * The read guards' columns for a statement of the data domain that reads the page (`on`: how it names the page),
   * '' when none is registered; the statement answers them to `guardValues`. Built once per `on` (keep `on` a
   * constant of the caller).
   */
  guardColumns(on: PageOnSql): string;
  /** The read guards' values of a row of a statement that carried `guardColumns`. */
  guardValues(row: Readonly<Record<string, unknown>>): GuardValues;
  /**
   * The first refusal of the beforeSave guards, in registration order; null: the save may go on. `read`: the read
   * guards' values, read by the caller's statement (under the subject lock for a save); absent: read here, in one
   * statement, after locking the subject for a save (`changed` not null).
   */
  checkSave(db: Db, attempt: SaveAttempt, read?: GuardValues): Promise<SaveRefusal | null>;
  /** Runs every onSaved hook, in order, in the save's transaction. */
  runSaved(tx: Db, saved: SavedRecord): Promise<void>;
  /**
   * The saved item statuses merged with every provider's fields, in registration order; the `itemStateRead`
   * providers' sub-selects in one statement (none when none has anything to read).
   */
  itemStates(
    db: Db,
    q: ItemStateQuery,
    saved: Readonly<Record<string, ItemStatus>>,
  ): Promise<Record<string, AnsweredItemState>>;
  /** The capabilities every provider adds for this role (deduplicated, in registration order). */
  extraCapabilities(db: Db, q: CapabilityQuery): Promise<RecordCapability[]>;
}

function uniqueNames<T>(kind: string) {
  const entries: { name: string; value: T }[] = [];
  return {
    add(name: string, value: T) {
      if (entries.some((e) => e.name === name)) throw new Error(`record ${kind} "${name}" registered twice`);
      entries.push({ name, value });
    },
    values: () => entries.map((e) => e.value),
  };
}

/** The SQL providers' sub-selects name the record and its study by the combined statement's parameters. */
const ITEM_STATE_ON = { record: 'p.record_id', study: 'p.study_id' };

/** The combined item-state statement of some `itemStateRead` providers: column s<k> is the k-th one's value. */
function itemStatesSql(reads: readonly ItemStateRead[]): string {
  return `select ${reads.map((read, k) => `(${read.select(ITEM_STATE_ON)}) as s${k}`).join(',\n')}
           from (select $1::bigint as record_id, $2::text as study_id) p`;
}

export function createRecordHooks(): RecordHooks {
  const saved = uniqueNames<RecordSavedHook>('onSaved hook');
  const states = uniqueNames<
    { kind: 'provider'; provider: ItemStateProvider } | { kind: 'read'; read: ItemStateRead }
  >('itemState provider');
  const caps = uniqueNames<CapabilityProvider>('capabilities provider');
  const guards = uniqueNames<{ kind: 'guard'; guard: SaveGuard } | { kind: 'read'; read: SaveGuardRead }>(
    'beforeSave guard',
  );
  /** The read guards, in registration order (their values' positions). */
  const guardReads = () => guards.values().flatMap((g) => (g.kind === 'read' ? [g.read] : []));
  /** guardColumns per `on` object (a constant of each caller), and the standalone statement. */
  const guardColumnsByOn = new WeakMap<PageOnSql, string>();
  let standaloneGuardSql: string | null = null;
  /** Once a statement carries the read guards' columns, no read guard may be added (its column would be missing). */
  let guardsBuilt = false;
  const events = uniqueNames<AuditEventProvider>('auditEvents provider');
  const marked = uniqueNames<PagesMarkedHook>('onMarked hook');
  /**
   * The combined statement per set of providers reading (their positions, e.g. "0,2,5"): built once, not on every
   * read (a text of several KB, which the statement names would otherwise hash afresh every time: postgres.ts).
   */
  const statements = new Map<string, string>();
  return {
    onMarked: marked.add,
    async runMarked(tx, pages) {
      for (const hook of marked.values()) await hook(tx, pages);
    },
    auditEvents: events.add,
    async recordEvents(db, q) {
      const out: AuditEventRow[] = [];
      for (const provider of events.values()) out.push(...(await provider(db, q)));
      return out;
    },
    onSaved: saved.add,
    itemState: (name, provider) => states.add(name, { kind: 'provider', provider }),
    itemStateRead: (name, read) => {
      states.add(name, { kind: 'read', read });
      statements.clear();
    },
    capabilities: caps.add,
    beforeSave: (name, guard) => guards.add(name, { kind: 'guard', guard }),
    beforeSaveRead: (name, read) => {
      if (guardsBuilt)
        throw new Error(`beforeSaveRead "${name}" registered after the guards' statements were built`);
      guards.add(name, { kind: 'read', read });
    },
    guardColumns(on) {
      let sql = guardColumnsByOn.get(on);
      if (sql === undefined) {
        guardsBuilt = true;
        sql = guardColumnsSql(guardReads(), on);
        guardColumnsByOn.set(on, sql);
      }
      return sql;
    },
    guardValues: (row) => guardValuesOf(row, guardReads().length),
    async checkSave(db, attempt, read) {
      const reads = guardReads();
      let values = read;
      if (values === undefined && reads.length > 0) {
        // a save's guards read under the subject lock: a freeze (or lock) approved meanwhile, which takes it too, is
        // either seen here or waits for this save
        if (attempt.changed !== null) await lockSubject(db, attempt.subjectId);
        guardsBuilt = true;
        standaloneGuardSql ??= `select ${guardColumnsSql(reads, STANDALONE_ON)}`;
        const row = await queryOne<Record<string, unknown>>(
          db,
          standaloneGuardSql,
          standaloneParams(attempt),
        );
        values = guardValuesOf(row ?? {}, reads.length);
      }
      let k = 0;
      for (const entry of guards.values()) {
        const refusal =
          entry.kind === 'guard'
            ? await entry.guard(db, attempt)
            : entry.read.refusal(values?.[k++] ?? null, attempt);
        if (refusal) return refusal;
      }
      return null;
    },
    async runSaved(tx, record) {
      for (const hook of saved.values()) await hook(tx, record);
    },
    async itemStates(db, q, base) {
      const entries = states.values();
      // the SQL providers with something to read, one statement: column s<k> is the k-th of them
      const sent = entries.flatMap((e, i) =>
        e.kind === 'read' && (e.read.reads?.(q) ?? true) ? [{ read: e.read, i }] : [],
      );
      const values = new Map<number, unknown>();
      if (sent.length > 0) {
        const key = sent.map((s) => s.i).join(',');
        let sql = statements.get(key);
        if (sql === undefined) {
          sql = itemStatesSql(sent.map((s) => s.read));
          statements.set(key, sql);
        }
        const rows = await db.query<Record<string, unknown>>(sql, [q.recordId, q.studyId]);
        sent.forEach((s, k) => values.set(s.i, rows[0]?.[`s${k}`] ?? null));
      }
      const out: Record<string, AnsweredItemState> = { ...base };
      for (const [i, entry] of entries.entries()) {
        const fields =
          entry.kind === 'provider'
            ? await entry.provider(db, q)
            : entry.read.fields(values.get(i) ?? null, q);
        for (const [variable, extra] of Object.entries(fields)) {
          out[variable] = { ...(out[variable] ?? NOTHING_SAVED), ...extra };
        }
      }
      return out;
    },
    async extraCapabilities(db, q) {
      const out: RecordCapability[] = [];
      for (const provider of caps.values()) {
        for (const c of await provider(db, q)) if (!out.includes(c)) out.push(c);
      }
      return out;
    },
  };
}
