/**
 * What queries add to the data domain's records (server/domains/data/recordHooks.ts), without editing the save:
 * - `queries.system` (onSaved, in the save's transaction): a warning the user confirmed (a soft range or soft check)
 *   raises a system query on its item with the check's message — one open query per item and check, not one per
 *   save —; an open system query whose check the saved values now satisfy closes itself; a closed query whose item
 *   changed is flagged closed-modified (nothing is re-opened silently); a value corrected under an open query puts
 *   the change (old → new) and its reason for change into the thread. Every action writes its history row;
 * - `queries` item states: `{ query: { state, count } }` per item that has queries, for the roles that see queries;
 * - `queries` capabilities: the role's `query.*` permissions.
 */
import type { FieldProblem } from '../../../engine/form/types';
import { itemQueryOf, type ItemQuery, type QueryStatus } from '../../../engine/api/queries';
import type { MetaText } from '../../../engine/metadata/types';
import type { Db } from '../../core/db/db';
import { SERVER_MESSAGES } from '../../core/messages';
import type {
  CapabilityProvider,
  ItemStateFields,
  ItemStateRead,
  RecordSavedHook,
  SavedRecord,
} from '../data/recordHooks';
import {
  closedUnflagged,
  insertHistory,
  insertQuery,
  itemQueryStatesSql,
  openOnItems,
  openSystemQueries,
  updateQuery,
} from './repository';
import { valueText, visitTnameOf } from './service';

/** The close reason of a system query closed by the save that satisfied its check. */
export const AUTO_CLOSE_REASON = 'AUTO';

/** The check a warning comes from: a check rule's id, or the item's own (range) message. */
export function checkIdOf(problem: FieldProblem): string {
  return problem.ruleId ?? problem.messageId;
}

const RANGE_MESSAGES = {
  'form.outOfSoftRange': SERVER_MESSAGES.systemQueryOutOfRange,
  'form.belowSoftMin': SERVER_MESSAGES.systemQueryBelowMin,
  'form.aboveSoftMax': SERVER_MESSAGES.systemQueryAboveMax,
} as const;

const fill = (text: string, values: Readonly<Record<string, string | number>> = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** The query text of a warning: the check's own message, or the range's in both locales. */
export function systemQueryNote(problem: FieldProblem): MetaText {
  if (problem.text !== undefined) return problem.text;
  const known = (RANGE_MESSAGES as Record<string, { zh_CN: string; en: string }>)[problem.messageId];
  if (known) return { zh_CN: fill(known.zh_CN, problem.values), en: fill(known.en, problem.values) };
  return {
    zh_CN: fill(SERVER_MESSAGES.systemQueryCheck.zh_CN, { check: problem.messageId }),
    en: fill(SERVER_MESSAGES.systemQueryCheck.en, { check: problem.messageId }),
  };
}

export const systemQueryHook: RecordSavedHook = async (tx: Db, saved: SavedRecord) => {
  const { record, actor, at } = saved;
  const who = { userId: actor.userId, roleId: actor.roleId, siteId: actor.siteId };

  // A first entry (`create`) is a record this transaction has just inserted: no query can be on it yet (another
  // transaction cannot see the row, and queries are raised on it only below), so its existing queries are not read.
  const fresh = saved.kind === 'create';
  // a changed value under a closed query: flagged for the monitor, the thread stays closed
  for (const q of fresh ? [] : await closedUnflagged(tx, record.id, saved.changed)) {
    await updateQuery(tx, q.id, { modified: true, at });
    await insertHistory(tx, {
      queryId: q.id,
      action: 'valueChanged',
      from: q.status,
      to: q.status,
      note: null,
      reason: null,
      toRole: null,
      ...who,
      at,
    });
  }

  // a value corrected under an open query: the change and its reason for change go into the thread, so the
  // answer and the correction read together (the query's state and `updatedat` stay: a reply read before is valid)
  if (saved.kind === 'update') {
    for (const q of await openOnItems(tx, record.id, saved.changed)) {
      const from = valueText(saved.before?.[q.variable]) ?? '';
      const to = valueText(saved.after[q.variable]) ?? '';
      const reason = saved.reasons[q.variable];
      await insertHistory(tx, {
        queryId: q.id,
        action: 'valueChanged',
        from: q.status,
        to: q.status,
        note: `${from || '—'} → ${to || '—'}`,
        reason: reason ? reason.text.trim() || reason.code : null,
        toRole: null,
        ...who,
        at,
      });
    }
  }

  const wanted = new Map<string, { variable: string; problem: FieldProblem }>();
  for (const [variable, problems] of Object.entries(saved.problems)) {
    for (const problem of problems) {
      if (problem.level !== 'warning') continue;
      wanted.set(`${variable}\u0000${checkIdOf(problem)}`, { variable, problem });
    }
  }
  const open = fresh ? [] : await openSystemQueries(tx, record.id);
  const openKeys = new Set(open.map((q) => `${q.variable}\u0000${q.checkId}`));
  for (const q of open) {
    if (wanted.has(`${q.variable}\u0000${q.checkId}`)) continue;
    await updateQuery(tx, q.id, { status: 'closed', closeReason: AUTO_CLOSE_REASON, at });
    await insertHistory(tx, {
      queryId: q.id,
      action: 'autoclose',
      from: q.status,
      to: 'closed',
      note: null,
      reason: AUTO_CLOSE_REASON,
      toRole: null,
      ...who,
      at,
    });
  }
  let visitTname: MetaText | null = null;
  for (const [key, { variable, problem }] of wanted) {
    if (openKeys.has(key)) continue;
    visitTname ??= await visitTnameOf(tx, actor.studyId, record);
    const note = systemQueryNote(problem);
    const id = await insertQuery(tx, {
      studyId: actor.studyId,
      subjectId: record.subjectId,
      siteId: record.siteId,
      recordId: record.id,
      visitnum: record.visitnum,
      cycnum: record.cycnum,
      svnum: record.svnum,
      tid: record.tid,
      lineno: record.lineno,
      visitTname,
      kind: 'system',
      variable,
      checkId: checkIdOf(problem),
      status: 'created',
      value: valueText(saved.after[variable]),
      note,
      issueType: null,
      follows: null,
      userId: actor.userId,
      roleId: actor.roleId,
      at,
    });
    await insertHistory(tx, {
      queryId: id,
      action: 'create',
      from: null,
      to: 'created',
      note,
      reason: null,
      toRole: null,
      ...who,
      at,
    });
  }
};

/** The `queries` item states, read with the other SQL providers' in one statement (data/recordHooks.ts). */
export const queryItemStates: ItemStateRead = {
  // the asking role's permissions, read with its session (ItemStateQuery): a role not shown queries reads nothing
  reads: (q) => q.permissions.has('query.view'),
  select: (on) => itemQueryStatesSql(on.record),
  fields: (value) => {
    const byVariable = new Map<string, { querystatus: QueryStatus; modified: boolean }[]>();
    for (const row of (value ?? []) as { variable: string; status: QueryStatus; modified: boolean }[]) {
      const list = byVariable.get(row.variable) ?? [];
      list.push({ querystatus: row.status, modified: row.modified });
      byVariable.set(row.variable, list);
    }
    const out: Record<string, { query: ItemQuery }> = {};
    for (const [variable, list] of byVariable) out[variable] = { query: itemQueryOf(list) };
    return out satisfies ItemStateFields;
  },
};

/**
 * The role's query permissions (query.*) as capabilities, in the order the session statement read them (by
 * permission): from the request's access context.
 */
export const queryCapabilities: CapabilityProvider = (_db, q) =>
  Promise.resolve([...q.permissions].filter((p) => p.startsWith('query.')));
