/**
 * The casebook's visits and pages (issue 12; docs/casebook-visits.md): a subject's visits and forms with their
 * marks and what the session may do (visitlist.do, tablelist.do), visits added (savevisit, addNextVisit) and deleted
 * (deletevisit, delCurrentVisit), optional forms added and removed (updateVisitTable), marks set and lifted
 * (activedata, checked first by checkDataCaseBook / checkActiveByCaseBook). Every change is checked — role
 * permission (403), subject at the chosen site, subject state, the visit's data and marks — and audited in its
 * transaction; a refusal throws before anything is written, or inside the transaction, which then rolls back.
 */
import type {
  CasebookMark,
  CasebookMarkKind,
  MarkAction,
  TableRow,
  VisitKind,
  VisitRow,
} from '../../../engine/api/visits';
import { MARK_OF_ACTION } from '../../../engine/api/visits';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import { latestFormSummaries, subjectVisits, type SubjectVisitRow } from '../data/formsRepository';
import { formEntryStatus, subjectEntryCounts, type FormEntryCount } from '../data/recordsRepository';
import { scopedSubject, scopedVisit, NotFound, type ScopedSubject } from '../data/scope';
import { metaTextOf } from '../data/service';
import type { RecordHooks } from '../data/recordHooks';
import { rolePermissions } from '../subjects/casebookRepository';
import { Refused } from '../subjects/casebookService';
import {
  ADDING_STATES,
  VISIT_PERMISSION,
  formRemoveRefusal,
  markRefusal,
  pageActions,
  visitActions,
  visitDeleteRefusal,
} from './casebookRules';
import {
  appendVisitAudit,
  deleteMark,
  deleteSubjectVisit,
  enteredTids,
  insertMark,
  insertSubjectVisit,
  invalidationReasonByCode,
  lastInstance,
  lockSubject,
  recordCount,
  scheduleVisit,
  selectableVisits,
  setExtraTids,
  subjectMarks,
  subjectStatus,
  type MarkRow,
  type MarkTarget,
  type VisitAuditEntry,
  type VisitKeysRow,
} from './casebookVisitsRepository';

const keyOf = (k: VisitKeysRow, tid = '') => `${k.visitnum}\u0000${k.cycnum}\u0000${k.svnum}\u0000${tid}`;

export function markOf(r: MarkRow): CasebookMark {
  return {
    mark: r.mark,
    reasoncode: r.reasoncode,
    reason: { zh_CN: r.reasonZh, en: r.reasonEn },
    reasontext: r.reasontext,
    realname: r.realname,
    at: new Date(r.at).toISOString(),
  };
}

/** A subject in scope, or Refused(subjectNotFound) (success:false, as for an unknown id). */
async function subjectInScope(db: Db, session: RoleSession, subjectId: string): Promise<ScopedSubject> {
  try {
    return await scopedSubject(db, session, subjectId);
  } catch (err) {
    if (err instanceof NotFound) throw new Refused(err.messageId);
    throw err;
  }
}

async function visitInScope(db: Db, session: RoleSession, keys: VisitKeysRow & { subjectid: string }) {
  try {
    return await scopedVisit(db, session, keys);
  } catch (err) {
    if (err instanceof NotFound) throw new Refused(err.messageId);
    throw err;
  }
}

async function requirePermission(db: Db, session: RoleSession, permission: string) {
  const granted = await rolePermissions(db, session.roleId);
  if (!granted.has(permission)) {
    const refusal =
      permission === VISIT_PERMISSION.add
        ? 'visitAddNotAllowed'
        : permission === VISIT_PERMISSION.delete
          ? 'visitDeleteNotAllowed'
          : 'markNotAllowed';
    throw new Refused(refusal, {}, 403);
  }
  return granted;
}

function audit(
  session: RoleSession,
  subjectId: string,
  keys: VisitKeysRow,
  at: Date,
  entry: Pick<VisitAuditEntry, 'action'> & Partial<VisitAuditEntry>,
): VisitAuditEntry {
  return {
    studyId: session.studyId,
    subjectId,
    visitnum: keys.visitnum,
    cycnum: keys.cycnum,
    svnum: keys.svnum,
    tid: '',
    oldvalue: null,
    newvalue: null,
    reasonCode: null,
    reasonText: null,
    userId: session.userId,
    roleId: session.roleId,
    siteId: session.siteId,
    at,
    ...entry,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading: the visits and forms with their marks and actions

const countKey = (c: VisitKeysRow, tid: string) => keyOf(c, tid);

function visitStatus(statuses: readonly ('0' | '1' | '2')[]): '0' | '1' | '2' {
  if (statuses.every((s) => s === '0')) return '0';
  return statuses.every((s) => s === '2') ? '2' : '1';
}

/** The last cycle of each visitnum the subject has. */
function lastCycles(visits: readonly SubjectVisitRow[]): Map<string, number> {
  const last = new Map<string, number>();
  for (const v of visits) last.set(v.visitnum, Math.max(last.get(v.visitnum) ?? 0, v.cycnum));
  return last;
}

/** visitlist.do: the subject's visits in schedule order with their entry status, marks and actions. */
export async function describeVisits(
  db: Db,
  session: RoleSession,
  subject: ScopedSubject,
): Promise<VisitRow[]> {
  const visits = await subjectVisits(db, session.studyId, subject.id);
  const forms = await latestFormSummaries(db, session.studyId, [...new Set(visits.flatMap((v) => v.tids))]);
  const counts = new Map(
    (await subjectEntryCounts(db, subject.id)).map((c: FormEntryCount) => [countKey(c, c.tid), c]),
  );
  const marks = await subjectMarks(db, subject.id);
  const markAt = new Map(marks.map((m) => [keyOf(m, m.tid), m]));
  const granted = await rolePermissions(db, session.roleId);
  const status = (await subjectStatus(db, subject.id)) ?? '';
  const last = lastCycles(visits);
  return visits.map((v) => {
    const tids = v.tids.filter((tid) => forms.has(tid));
    const statuses = tids.map((tid) => formEntryStatus(counts.get(countKey(v, tid))));
    const own = markAt.get(keyOf(v)) ?? null;
    const records = tids.reduce((n, tid) => n + (counts.get(countKey(v, tid))?.lines ?? 0), 0);
    const visitMarks = marks.filter(
      (m) => m.visitnum === v.visitnum && m.cycnum === v.cycnum && m.svnum === v.svnum,
    ).length;
    return {
      visitnum: v.visitnum,
      cycnum: v.cycnum,
      svnum: v.svnum,
      name: { zh_CN: v.name_zh, en: v.name_en },
      visitdate: v.visitdate,
      status: visitStatus(statuses),
      formCount: statuses.length,
      enteredCount: statuses.filter((s) => s !== '0').length,
      kind: v.kind as VisitKind,
      added: v.added,
      mark: own ? markOf(own) : null,
      actions: visitActions(granted, status, {
        kind: v.kind as VisitKind,
        added: v.added,
        cycnum: v.cycnum,
        lastCycle: last.get(v.visitnum) === v.cycnum,
        records,
        marks: visitMarks,
        ownMark: own?.mark ?? null,
        enteredForms: statuses.filter((s) => s !== '0').length,
        addableForms: v.optional_tids.filter((t) => !v.extra_tids.includes(t) && forms.has(t)).length,
      }),
    };
  });
}

/** visitlist.do of one subject id (scoped). */
export async function visitRows(db: Db, session: RoleSession, subjectId: string): Promise<VisitRow[]> {
  return describeVisits(db, session, await subjectInScope(db, session, subjectId));
}

/** One visit as visitlist.do shows it. */
async function visitRow(db: Db, session: RoleSession, subjectId: string, keys: VisitKeysRow) {
  const rows = await visitRows(db, session, subjectId);
  const row = rows.find((r) => keyOf(r) === keyOf(keys));
  if (!row) throw new Error(`visit ${keyOf(keys)} of ${subjectId} not found after writing it`);
  return row;
}

/** tablelist.do: the forms of a visit with their entry status, marks and actions. */
export async function describeForms(
  db: Db,
  session: RoleSession,
  subject: ScopedSubject,
  visit: SubjectVisitRow,
): Promise<TableRow[]> {
  const forms = await latestFormSummaries(db, session.studyId, visit.tids);
  const counts = new Map(
    (await subjectEntryCounts(db, subject.id, visit)).map((c) => [countKey(c, c.tid), c]),
  );
  const marks = new Map((await subjectMarks(db, subject.id, visit)).map((m) => [m.tid, m]));
  const granted = await rolePermissions(db, session.roleId);
  const visitMark = marks.get('')?.mark ?? null;
  return visit.tids.flatMap((tid) => {
    const form = forms.get(tid);
    if (!form) return [];
    const count = counts.get(countKey(visit, tid));
    const own = marks.get(tid) ?? null;
    const optional = visit.extra_tids.includes(tid);
    return [
      {
        tid,
        formid: form.formid,
        name: metaTextOf(form.name, tid),
        reftype: form.reftype,
        logline: form.logline,
        status: formEntryStatus(count),
        lines: count?.lines ?? 0,
        optional,
        mark: own ? markOf(own) : null,
        actions: pageActions(granted, {
          optional,
          records: count?.lines ?? 0,
          ownMark: own?.mark ?? null,
          visitMark,
        }),
      },
    ];
  });
}

export async function tableRows(
  db: Db,
  session: RoleSession,
  keys: VisitKeysRow & { subjectid: string },
): Promise<TableRow[]> {
  const { subject, visit } = await visitInScope(db, session, keys);
  return describeForms(db, session, subject, visit);
}

// ---------------------------------------------------------------------------------------------------------------
// Adding and deleting visits

/** hidevisitlist.do. */
export async function selectableFor(db: Db, session: RoleSession, subjectId: string) {
  const subject = await subjectInScope(db, session, subjectId);
  const granted = await rolePermissions(db, session.roleId);
  const status = (await subjectStatus(db, subject.id)) ?? '';
  const visits = await selectableVisits(db, session.studyId, subject.id);
  return {
    allowed: granted.has(VISIT_PERMISSION.add) && ADDING_STATES.has(status),
    visits: visits.map((v) => ({
      visitnum: v.visitnum,
      name: { zh_CN: v.name_zh, en: v.name_en },
      kind: v.kind as VisitKind,
    })),
  };
}

/** Locks the subject (in scope) and checks that visits may be added to it now. */
async function subjectForAdding(tx: Db, session: RoleSession, subjectId: string) {
  const subject = await subjectInScope(tx, session, subjectId);
  const locked = await lockSubject(tx, subject.id);
  if (!locked || !ADDING_STATES.has(locked.status)) throw new Refused('subjectStateNoVisits');
  return subject;
}

export interface SaveVisitInput {
  subjectid: string;
  visitnum: string;
  visitdate: string | null;
}

/** savevisit.do: a hidden visit (cycle 1, sub-visit 1) or the next sub-visit of an unscheduled visit. */
export async function addVisit(db: Db, session: RoleSession, input: SaveVisitInput, at: Date) {
  await requirePermission(db, session, VISIT_PERMISSION.add);
  const keys = await db.transaction(async (tx) => {
    const subject = await subjectForAdding(tx, session, input.subjectid);
    const selectable = await selectableVisits(tx, session.studyId, subject.id);
    if (selectable.length === 0) throw new Refused('noSelectableVisit');
    const chosen = selectable.find((v) => v.visitnum === input.visitnum);
    if (!chosen) throw new Refused('visitNotAddable');
    const last = await lastInstance(tx, subject.id, chosen.visitnum);
    const keys = {
      visitnum: chosen.visitnum,
      cycnum: 1,
      svnum: chosen.kind === 'unscheduled' ? last.svnum + 1 : 1,
    };
    await insertSubjectVisit(tx, subject.id, keys, input.visitdate);
    await appendVisitAudit(
      tx,
      audit(session, subject.id, keys, at, { action: 'addVisit', newvalue: input.visitdate }),
    );
    return keys;
  });
  return visitRow(db, session, input.subjectid, keys);
}

/** addNextVisit.do: the cycle after the subject's last one of a repeating visit. */
export async function addNextCycle(
  db: Db,
  session: RoleSession,
  input: { subjectid: string; visitnum: string },
  at: Date,
) {
  await requirePermission(db, session, VISIT_PERMISSION.add);
  const keys = await db.transaction(async (tx) => {
    const subject = await subjectForAdding(tx, session, input.subjectid);
    const scheduled = await scheduleVisit(tx, session.studyId, input.visitnum);
    if (!scheduled) throw new Refused('visitNotFound');
    if (scheduled.kind !== 'repeating') throw new Refused('notRepeating');
    const last = await lastInstance(tx, subject.id, scheduled.visitnum);
    const keys = { visitnum: scheduled.visitnum, cycnum: last.cycnum + 1, svnum: 1 };
    await insertSubjectVisit(tx, subject.id, keys, null);
    await appendVisitAudit(tx, audit(session, subject.id, keys, at, { action: 'addVisit' }));
    return keys;
  });
  return visitRow(db, session, input.subjectid, keys);
}

async function deleteEmptyVisit(
  tx: Db,
  session: RoleSession,
  keys: VisitKeysRow & { subjectid: string },
  via: 'deleteVisit' | 'delCurrentVisit',
  at: Date,
): Promise<void> {
  const { subject, visit } = await visitInScope(tx, session, keys);
  await lockSubject(tx, subject.id);
  const last = await lastInstance(tx, subject.id, visit.visitnum);
  const refusal = visitDeleteRefusal(
    {
      kind: visit.kind as VisitKind,
      added: visit.added,
      cycnum: visit.cycnum,
      lastCycle: last.cycnum === visit.cycnum,
      records: await recordCount(tx, subject.id, visit),
      marks: (await subjectMarks(tx, subject.id, visit)).length,
    },
    via,
  );
  if (refusal) throw new Refused(refusal);
  await deleteSubjectVisit(tx, subject.id, visit);
  await appendVisitAudit(
    tx,
    audit(session, subject.id, visit, at, { action: 'deleteVisit', oldvalue: visit.visitdate }),
  );
}

/** deletevisit.do: a visit a user added (hidden, unscheduled), while empty. */
export async function removeVisit(
  db: Db,
  session: RoleSession,
  keys: VisitKeysRow & { subjectid: string },
  at: Date,
) {
  await requirePermission(db, session, VISIT_PERMISSION.delete);
  await db.transaction((tx) => deleteEmptyVisit(tx, session, keys, 'deleteVisit', at));
}

/** delCurrentVisit.do: the last cycle (after the first) of a repeating visit, while empty. */
export async function removeLastCycle(
  db: Db,
  session: RoleSession,
  input: { subjectid: string; visitnum: string },
  at: Date,
) {
  await requirePermission(db, session, VISIT_PERMISSION.delete);
  await db.transaction(async (tx) => {
    const subject = await subjectInScope(tx, session, input.subjectid);
    const scheduled = await scheduleVisit(tx, session.studyId, input.visitnum);
    if (!scheduled) throw new Refused('visitNotFound');
    if (scheduled.kind !== 'repeating') throw new Refused('notRepeating');
    const last = await lastInstance(tx, subject.id, scheduled.visitnum);
    if (last.cycnum <= 1) throw new Refused('visitNotDeletable');
    const keys = { subjectid: input.subjectid, visitnum: scheduled.visitnum, cycnum: last.cycnum, svnum: 1 };
    await deleteEmptyVisit(tx, session, keys, 'delCurrentVisit', at);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Adding and removing optional forms

/** hidetablelist.do. */
export async function addableForms(db: Db, session: RoleSession, keys: VisitKeysRow & { subjectid: string }) {
  const { subject, visit } = await visitInScope(db, session, keys);
  const granted = await rolePermissions(db, session.roleId);
  const status = (await subjectStatus(db, subject.id)) ?? '';
  const candidates = visit.optional_tids.filter((t) => !visit.extra_tids.includes(t));
  const forms = await latestFormSummaries(db, session.studyId, candidates);
  const visitMark = (await subjectMarks(db, subject.id, visit)).some((m) => m.tid === '');
  return {
    allowed: granted.has(VISIT_PERMISSION.add) && ADDING_STATES.has(status) && !visitMark,
    forms: candidates.flatMap((tid) => {
      const form = forms.get(tid);
      return form ? [{ tid, name: metaTextOf(form.name, tid) }] : [];
    }),
  };
}

export interface VisitTableInput extends VisitKeysRow {
  subjectid: string;
  tid: string;
  action: string;
}

/** updateVisitTable.do: adds an optional form to a visit, or removes an added one while empty. */
export async function changeVisitTable(db: Db, session: RoleSession, input: VisitTableInput, at: Date) {
  const adding = input.action === 'add';
  await requirePermission(db, session, adding ? VISIT_PERMISSION.add : VISIT_PERMISSION.delete);
  await db.transaction(async (tx) => {
    const subject = adding
      ? await subjectForAdding(tx, session, input.subjectid)
      : await subjectInScope(tx, session, input.subjectid);
    const { visit: found } = await visitInScope(tx, session, input);
    const marks = await subjectMarks(tx, subject.id, found);
    if (adding) {
      if (!found.optional_tids.includes(input.tid) || found.extra_tids.includes(input.tid))
        throw new Refused('formNotAddable');
      if (marks.some((m) => m.tid === '')) throw new Refused('visitAlreadyMarked');
      if ((await latestFormSummaries(tx, session.studyId, [input.tid])).size === 0)
        throw new Refused('formNotAddable');
      await setExtraTids(tx, subject.id, found, [...found.extra_tids, input.tid]);
      await appendVisitAudit(
        tx,
        audit(session, subject.id, found, at, { action: 'addForm', tid: input.tid }),
      );
    } else {
      if (!found.tids.includes(input.tid)) throw new Refused('formNotFound');
      const refusal = formRemoveRefusal({
        optional: found.extra_tids.includes(input.tid),
        records: await recordCount(tx, subject.id, found, input.tid),
        ownMark: marks.find((m) => m.tid === input.tid)?.mark ?? null,
        visitMark: null,
      });
      if (refusal) throw new Refused(refusal);
      await setExtraTids(
        tx,
        subject.id,
        found,
        found.extra_tids.filter((t) => t !== input.tid),
      );
      await appendVisitAudit(
        tx,
        audit(session, subject.id, found, at, { action: 'removeForm', tid: input.tid }),
      );
    }
  });
  return tableRows(db, session, input);
}

// ---------------------------------------------------------------------------------------------------------------
// Marks

export interface MarkTargetInput extends VisitKeysRow {
  subjectid: string;
  /** '' for the whole visit. */
  tid: string;
}

interface MarkFacts {
  target: MarkTarget;
  /** The pages the mark is on: the form, or every form of the visit. */
  tids: readonly string[];
  pages: number;
  entered: number;
  own: MarkRow | null;
  visit: MarkRow | null;
}

async function markFacts(db: Db, session: RoleSession, input: MarkTargetInput): Promise<MarkFacts> {
  const { subject, visit } = await visitInScope(db, session, input);
  if (input.tid !== '' && !visit.tids.includes(input.tid)) throw new Refused('formNotFound');
  const marks = await subjectMarks(db, subject.id, visit);
  const entered = await enteredTids(db, subject.id, visit);
  const target: MarkTarget = { subjectId: subject.id, ...keysOf(visit), tid: input.tid };
  return {
    target,
    tids: input.tid === '' ? visit.tids : [input.tid],
    pages: input.tid === '' ? visit.tids.length : 1,
    entered:
      input.tid === '' ? visit.tids.filter((t) => entered.has(t)).length : entered.has(input.tid) ? 1 : 0,
    own: marks.find((m) => m.tid === input.tid) ?? null,
    visit: input.tid === '' ? null : (marks.find((m) => m.tid === '') ?? null),
  };
}

const keysOf = (k: VisitKeysRow): VisitKeysRow => ({
  visitnum: k.visitnum,
  cycnum: k.cycnum,
  svnum: k.svnum,
});

function refusalOf(action: MarkAction, f: MarkFacts) {
  return markRefusal(action, { own: f.own?.mark ?? null, visit: f.visit?.mark ?? null, entered: f.entered });
}

/** checkDataCaseBook.do / checkActiveByCaseBook.do: whether the action may be applied now, and why not. */
export async function checkMark(db: Db, session: RoleSession, input: MarkTargetInput, action: MarkAction) {
  const facts = await markFacts(db, session, input);
  return {
    refusal: refusalOf(action, facts),
    pages: facts.pages,
    entered: facts.entered,
    mark: facts.own ? markOf(facts.own) : null,
  };
}

export interface ActiveDataInput extends MarkTargetInput {
  action: MarkAction;
  reasoncode: string;
  reasontext: string;
}

/**
 * activedata.do: sets a mark (not collected, not occurred, invalid) or lifts it (activate), with a reason. A mark
 * changes what a page holds: a page the data domain's beforeSave guards refuse as a whole (a frozen page or subject,
 * docs/freeze.md) is refused with their message — for a visit mark, any of the visit's pages.
 */
export async function applyMark(
  db: Db,
  session: RoleSession,
  input: ActiveDataInput,
  at: Date,
  hooks?: RecordHooks,
) {
  await requirePermission(db, session, VISIT_PERMISSION.mark);
  const reason = await invalidationReasonByCode(db, session.studyId, input.reasoncode);
  if (!reason) throw new Refused('unknownReason');
  const text = input.reasontext.trim();
  if (reason.needs_text && text === '') throw new Refused('reasonTextRequired');
  await db.transaction(async (tx) => {
    const subject = await subjectInScope(tx, session, input.subjectid);
    await lockSubject(tx, subject.id);
    const facts = await markFacts(tx, session, input);
    const refusal = refusalOf(input.action, facts);
    if (refusal) throw new Refused(refusal);
    const { target } = facts;
    for (const tid of hooks ? facts.tids : []) {
      const page = { ...keysOf(target), subjectId: target.subjectId, tid };
      const guarded = await hooks!.checkSave(tx, {
        ...page,
        studyId: session.studyId,
        recordId: null,
        changed: null,
      });
      if (guarded) throw new Refused(guarded.messageId, { ...guarded.values });
    }
    const entry = { tid: target.tid, reasonCode: reason.code, reasonText: text || null };
    if (input.action === 'activate') {
      await deleteMark(tx, target);
      await appendVisitAudit(
        tx,
        audit(session, target.subjectId, target, at, {
          action: 'unmark',
          oldvalue: facts.own?.mark ?? null,
          ...entry,
        }),
      );
    } else {
      const mark: CasebookMarkKind = MARK_OF_ACTION[input.action];
      await insertMark(tx, target, mark, { code: reason.code, text: text || null }, session, at);
      await appendVisitAudit(
        tx,
        audit(session, target.subjectId, target, at, { action: 'mark', newvalue: mark, ...entry }),
      );
    }
    await hooks?.runMarked(tx, {
      actor: { userId: session.userId, roleId: session.roleId },
      studyId: session.studyId,
      subjectId: target.subjectId,
      ...keysOf(target),
      tids: facts.tids,
      mark: input.action === 'activate' ? null : MARK_OF_ACTION[input.action],
      at,
    });
  });
  const after = await subjectMarks(db, input.subjectid, input);
  const own = after.find((m) => m.tid === input.tid);
  return { mark: own ? markOf(own) : null };
}

/** The subject's marks of one kind (disUnCollected.do, disUnHappen.do). */
export async function markedPages(
  db: Db,
  session: RoleSession,
  subjectId: string,
  rows: (subjectId: string) => Promise<MarkRow[]>,
) {
  const subject = await subjectInScope(db, session, subjectId);
  const marks = await rows(subject.id);
  const visits = new Map(
    (await subjectVisits(db, session.studyId, subject.id)).map((v) => [keyOf(v), v] as const),
  );
  const forms = await latestFormSummaries(db, session.studyId, [
    ...new Set(marks.map((m) => m.tid).filter(Boolean)),
  ]);
  return marks.map((m) => {
    const v = visits.get(keyOf(m));
    const form = m.tid ? forms.get(m.tid) : undefined;
    return {
      visitnum: m.visitnum,
      cycnum: m.cycnum,
      svnum: m.svnum,
      visitname: v ? { zh_CN: v.name_zh, en: v.name_en } : m.visitnum,
      tid: m.tid,
      formname: m.tid === '' ? null : form ? metaTextOf(form.name, m.tid) : m.tid,
      mark: markOf(m),
    };
  });
}
