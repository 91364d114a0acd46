/**
 * Saving a record (savedata.do: first entry or a new log-line row; updatedata.do: a change), validated with the
 * engine's planSave — the same plan the browser makes — on the values the server received:
 * - `empty` (a new record with nothing entered) and `unchanged` → outcome `unchanged`, nothing written;
 * - `invalid` → errors by variable; `confirm` → `needsConfirmation` (warnings not confirmed); `reasons` →
 *   `needsReason` (changed variables without a reason);
 * - `ready` → the record is written with one audit row per entered item (create) or per changed item (update, with
 *   its reason), in one transaction. Status '2' (complete) when the saved values raise no problem at all, '1'
 *   (entered) when they carry confirmed warnings.
 * Optimistic locking by `rowversion` (a stale one → `conflict`, nothing written); a plain form entered meanwhile by
 * someone else, or a change entered against another schema version than the record's → `conflict` as well. A
 * `saved` outcome carries the per-item status as written (the item icons: the page reads nothing again). The
 * outcome is stored under the user's idempotency key in the same transaction, so that a retry (even a concurrent
 * one) answers it again and writes nothing.
 */
import { hash } from 'node:crypto';
import type { ChangeReason, RecordInfo, SaveOutcome } from '../../../engine/api/data';
import type { ItemStatus } from '../../../engine/api/data';
import { planSave, toAuditText, type SavePlan } from '../../../engine/form/index';
import type { CompiledForm, FormContext, FormProblems, FormValues } from '../../../engine/form/types';
import { isBlankValue } from '../../../engine/form/values';
import type { Db } from '../../core/db/db';
import type { AuditedItem } from './auditRepository';
import {
  findRecordToChange,
  insertRecord,
  lockSubject,
  newEntryPlace,
  RECORD_TO_CHANGE_ON,
  subjectLocked,
  updateRecord,
  type EntryPlace,
  type FormRef,
  type RecordRow,
} from './recordsRepository';
import type { GuardValues, RecordActor, RecordHooks, SaveAttempt, SavedRecord } from './recordHooks';
import { NotFound } from './scope';
import { claimSaveRequest, finishSaveRequest } from './saveRequests';

export type SaveActor = RecordActor;

/**
 * The registered workflows' part of a written save (recordHooks.ts): their onSaved hooks run in the transaction, then
 * the answer's item states carry their fields. Without hooks (the seed), the saved statuses as they are.
 */
async function afterWrite(
  tx: Db,
  hooks: RecordHooks | undefined,
  saved: SavedRecord,
  items: Record<string, ItemStatus>,
  asker: { rolecode?: string; permissions?: ReadonlySet<string> },
): Promise<Record<string, ItemStatus>> {
  if (!hooks) return items;
  await hooks.runSaved(tx, saved);
  return hooks.itemStates(
    tx,
    {
      studyId: saved.actor.studyId,
      recordId: saved.record.id,
      fresh: saved.kind === 'create',
      rolecode: asker.rolecode ?? '',
      permissions: asker.permissions ?? NO_PERMISSIONS,
    },
    items,
  );
}

const NO_PERMISSIONS: ReadonlySet<string> = new Set();

export function hasProblems(problems: FormProblems): boolean {
  return Object.values(problems).some((list) => list.length > 0);
}

export function recordInfo(
  r: Pick<RecordRow, 'id' | 'lineno' | 'rowversion' | 'status' | 'updatedAt' | 'updatedByName'>,
): RecordInfo {
  return {
    recordid: r.id,
    lineno: r.lineno,
    rowversion: r.rowversion,
    status: r.status,
    updatedat: new Date(r.updatedAt).toISOString(),
    updatedby: r.updatedByName,
  };
}

/** Per-item status of saved values: entered items datatype 0, calculated −1; notes kept from before. */
export function itemStatusOf(
  form: CompiledForm,
  values: FormValues,
  before: Record<string, ItemStatus> = {},
): Record<string, ItemStatus> {
  const out: Record<string, ItemStatus> = {};
  for (const item of form.items.values()) {
    const note = before[item.variable]?.note ?? 0;
    if (isBlankValue(values[item.variable]) && note === 0) continue;
    out[item.variable] = { datatype: item.fieldtype === 'calculated' ? -1 : 0, note };
  }
  return out;
}

/**
 * What makes two requests the same save for an idempotency key: the endpoint's target (the form of a visit, or the
 * record), the schema version and the values (key order does not matter). Not the confirmation, the reasons or the
 * rowversion: a retry after a lost answer may come back confirmed or with reasons, and the stored outcome is then
 * still the one of these values.
 */
export function saveFingerprint(
  target: Readonly<Record<string, string | number>>,
  version: number,
  values: FormValues,
) {
  const sorted = (o: Readonly<Record<string, unknown>>) =>
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k] ?? null]);
  // one-shot crypto.hash (no Hash object per save); a string is hashed as UTF-8, as Hash.update does
  return hash('sha256', JSON.stringify([sorted(target), version, sorted(values)]), 'hex');
}

/**
 * Runs `decide` once per idempotency key (in one transaction with what it writes). The key coming back with another
 * endpoint or another save (fingerprint) → `onReused` (nothing answered from the first: its outcome is not theirs).
 * `alongside`: a read the save needs before anything else (the subject's scope), sent right behind the claim —
 * on PostgreSQL in the same round trip — and answered to `decide`; when it throws (not found), nothing is answered
 * from the claim either, a retry included, and the transaction rolls back.
 */
export async function once<R = undefined>(
  db: Db,
  q: { userId: string; key: string; endpoint: string; fingerprint: string; at: Date },
  decide: (tx: Db, read: NoInfer<R>) => Promise<SaveOutcome>,
  onReused: () => never,
  alongside?: (tx: Db) => Promise<R>,
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    // the claim names the app user for the database's own row images of this transaction (clinical_audit,
    // migration 0006) in the same statement: the first one of the transaction
    const claiming = claimSaveRequest(tx, q);
    const reading = alongside ? alongside(tx) : Promise.resolve(undefined as R);
    // both are awaited below; until then a failure of one is not an unhandled rejection
    claiming.catch(() => undefined);
    reading.catch(() => undefined);
    const read = await reading;
    const claim = await claiming;
    if (claim.kind === 'done') {
      if (claim.endpoint !== q.endpoint || claim.fingerprint !== q.fingerprint) onReused();
      return claim.response as SaveOutcome;
    }
    const outcome = await decide(tx, read);
    await finishSaveRequest(tx, { userId: q.userId, key: q.key, response: outcome });
    return outcome;
  });
}

/**
 * The workflows' beforeSave guards (recordHooks.ts: a frozen page or item), asked inside the save's transaction
 * before anything is written: a refusal throws its message and the transaction rolls back.
 */
async function guardSave(
  tx: Db,
  hooks: RecordHooks | undefined,
  attempt: SaveAttempt,
  read?: GuardValues,
): Promise<void> {
  if (!hooks) return;
  const refusal = await hooks.checkSave(tx, attempt, read);
  if (refusal) throw new NotFound(refusal.messageId, refusal.values);
}

/** What a plan that writes nothing answers: empty and unchanged → unchanged (nothing written either way). */
function refusalOf(plan: Exclude<SavePlan, { kind: 'ready' }>): SaveOutcome {
  switch (plan.kind) {
    case 'empty':
    case 'unchanged':
      return { outcome: 'unchanged' };
    case 'invalid':
      return { outcome: 'invalid', problems: plan.problems };
    case 'confirm':
      return { outcome: 'needsConfirmation', problems: plan.problems };
    case 'reasons':
      return { outcome: 'needsReason', variables: [...plan.variables] };
  }
}

export interface NewRecordSave {
  actor: SaveActor;
  subject: { id: string; siteId: string };
  ref: FormRef;
  form: CompiledForm;
  ctx: FormContext;
  values: FormValues;
  confirmWarnings: boolean;
  at: Date;
  /** The workflows' hooks (the app's `recordHooks`); none in the seed. */
  hooks?: RecordHooks;
  /** The saving role's code (what item-state providers may show it). */
  rolecode?: string;
  /** The saving role's permissions (the request's access context, RoleSession): what item-state providers show. */
  permissions?: ReadonlySet<string>;
  /**
   * What the caller has already read of the page under the subject lock (newEntryPlace: the route checks its mark and
   * version with it); absent: read here.
   */
  place?: EntryPlace;
  /**
   * The read guards' values (recordHooks.ts beforeSaveRead), when `place` was read carrying their columns
   * (`hooks.guardColumns(ENTRY_PLACE_ON)`), under the subject lock; absent: the guards read for themselves.
   */
  guardRead?: GuardValues;
}

/** savedata.do's decision and writes (inside `once`). */
export async function saveNewRecord(tx: Db, s: NewRecordSave): Promise<SaveOutcome> {
  await lockSubject(tx, s.subject.id);
  const place = s.place ?? (await newEntryPlace(tx, s.actor.studyId, s.ref, s.form.logline));
  const { lineno } = place;
  if (place.existing) return { outcome: 'conflict', record: recordInfo(place.existing) };
  const plan = planSave({
    form: s.form,
    ctx: s.ctx,
    saved: null,
    values: s.values,
    confirmedWarnings: s.confirmWarnings,
    reasons: {},
  });
  if (plan.kind !== 'ready') return refusalOf(plan);
  await guardSave(
    tx,
    s.hooks,
    {
      ...s.ref,
      studyId: s.actor.studyId,
      recordId: null,
      changed: [...s.form.items.keys()].filter((v) => !isBlankValue(plan.values[v] ?? null)),
    },
    s.guardRead,
  );
  const status = hasProblems(plan.problems) ? '1' : '2';
  const items = itemStatusOf(s.form, plan.values);
  const audit: AuditedItem[] = [];
  for (const item of s.form.items.values()) {
    const value = plan.values[item.variable] ?? null;
    if (isBlankValue(value)) continue;
    audit.push({
      variable: item.variable,
      oldvalue: null,
      newvalue: toAuditText(item, value),
      reasonCode: null,
      reasonText: null,
    });
  }
  // the record and its audit rows in one statement (recordsRepository.ts)
  const id = await insertRecord(tx, {
    ...s.ref,
    studyId: s.actor.studyId,
    siteId: s.subject.siteId,
    lineno,
    schemaVersion: s.form.version,
    status,
    values: plan.values,
    itemStatus: items,
    userId: s.actor.userId,
    roleId: s.actor.roleId,
    at: s.at,
    audit,
  });
  const answered = await afterWrite(
    tx,
    s.hooks,
    {
      kind: 'create',
      actor: s.actor,
      record: { ...s.ref, id, siteId: s.subject.siteId, lineno },
      form: s.form,
      before: null,
      after: plan.values,
      changed: audit.map((a) => a.variable),
      problems: plan.problems,
      reasons: {},
      at: s.at,
    },
    items,
    s,
  );
  return {
    outcome: 'saved',
    record: recordInfo({
      id,
      lineno,
      rowversion: 1,
      status,
      updatedAt: s.at,
      updatedByName: s.actor.username,
    }),
    problems: plan.problems,
    items: answered,
  };
}

export interface RecordUpdate {
  actor: SaveActor;
  recordId: string;
  rowversion: number;
  form: CompiledForm;
  ctx: FormContext;
  values: FormValues;
  reasons: Readonly<Record<string, ChangeReason>>;
  confirmWarnings: boolean;
  at: Date;
  /** The workflows' hooks (the app's `recordHooks`); none in the seed. */
  hooks?: RecordHooks;
  /** The saving role's code (what item-state providers may show it). */
  rolecode?: string;
  /** The saving role's permissions (the request's access context, RoleSession): what item-state providers show. */
  permissions?: ReadonlySet<string>;
  /** A marked page refuses the change (pageMarkedNoEntry): updatedata.do; the seed writes regardless. */
  refuseMarked?: boolean;
}

/**
 * updatedata.do's decision and writes (inside `once`); null when the record is gone. Call with the record's subject
 * locked (lockSubject): the record, its mark and the beforeSave guards' reads (a freeze, which its approval writes
 * under the same lock) are read in one statement that must see what was committed before the lock.
 */
export async function updateExistingRecord(tx: Db, u: RecordUpdate): Promise<SaveOutcome | null> {
  // the record, its page's mark and the read guards' values (a freeze …) in one statement, under the subject lock
  const found = await findRecordToChange(
    tx,
    u.actor.studyId,
    u.recordId,
    u.hooks?.guardColumns(RECORD_TO_CHANGE_ON) ?? '',
  );
  if (!found) return null;
  if (u.hooks && !subjectLocked(tx, found.subjectId)) {
    throw new Error('updateExistingRecord: the record’s subject must be locked first (lockSubject)');
  }
  const { mark, ...record } = found;
  // a page marked not collected, not occurred or invalid takes no change (docs/casebook-visits.md); read with the
  // record, under the subject lock that marking takes too
  if (u.refuseMarked && mark !== null) throw new NotFound('pageMarkedNoEntry');
  // a stale read, or values entered against another version of the form than the record's (its variables would be
  // dropped unaudited): the user reloads the record with its own version
  if (record.rowversion !== u.rowversion || record.schemaVersion !== u.form.version) {
    return { outcome: 'conflict', record: recordInfo(record) };
  }
  const plan = planSave({
    form: u.form,
    ctx: u.ctx,
    saved: record.values,
    values: u.values,
    confirmedWarnings: u.confirmWarnings,
    reasons: u.reasons,
  });
  if (plan.kind !== 'ready') return refusalOf(plan);
  await guardSave(
    tx,
    u.hooks,
    {
      studyId: u.actor.studyId,
      subjectId: record.subjectId,
      visitnum: record.visitnum,
      cycnum: record.cycnum,
      svnum: record.svnum,
      tid: record.tid,
      recordId: record.id,
      changed: [...plan.changed],
    },
    u.hooks?.guardValues(found),
  );
  const status = hasProblems(plan.problems) ? '1' : '2';
  const items = itemStatusOf(u.form, plan.values, record.itemStatus);
  const audit: AuditedItem[] = [];
  for (const variable of plan.changed) {
    const item = u.form.items.get(variable);
    if (!item) continue;
    const reason = u.reasons[variable];
    audit.push({
      variable,
      oldvalue: toAuditText(item, record.values[variable] ?? null),
      newvalue: toAuditText(item, plan.values[variable] ?? null),
      reasonCode: reason?.code ?? null,
      reasonText: reason?.text ?? null,
    });
  }
  // the record and its audit rows in one statement; a stale rowversion writes neither (recordsRepository.ts)
  const updated = await updateRecord(tx, {
    id: record.id,
    rowversion: record.rowversion,
    schemaVersion: u.form.version,
    status,
    values: plan.values,
    itemStatus: items,
    userId: u.actor.userId,
    roleId: u.actor.roleId,
    at: u.at,
    audit,
  });
  if (!updated) return { outcome: 'conflict', record: recordInfo(record) };
  const answered = await afterWrite(
    tx,
    u.hooks,
    {
      kind: 'update',
      actor: u.actor,
      record: {
        id: record.id,
        subjectId: record.subjectId,
        siteId: record.siteId,
        visitnum: record.visitnum,
        cycnum: record.cycnum,
        svnum: record.svnum,
        tid: record.tid,
        lineno: record.lineno,
      },
      form: u.form,
      before: record.values,
      after: plan.values,
      changed: [...plan.changed],
      problems: plan.problems,
      reasons: u.reasons,
      at: u.at,
    },
    items,
    u,
  );
  return {
    outcome: 'saved',
    record: recordInfo({
      id: record.id,
      lineno: record.lineno,
      rowversion: record.rowversion + 1,
      status,
      updatedAt: u.at,
      updatedByName: u.actor.username,
    }),
    problems: plan.problems,
    items: answered,
  };
}
