/**
 * What a freeze does to a record, through the data domain's record hooks (server/domains/data/recordHooks.ts):
 * - the beforeSave guard `freeze`: a save of a page whose subject or page is frozen is refused (and, asked for the
 *   page as a whole, the page is read only with the capability `frozen`); a save that would change a frozen item is
 *   refused naming the item — in the save's transaction, before anything is written;
 * - the item-state provider `freeze`: each saved item of a frozen subject or page, and each frozen item, carries
 *   `frozen: { level, reason, by, at }` (the frozen adornment draws it) and the generic `readOnly: true` (the form
 *   shows its input read only — an item-level freeze leaves the rest of the page editable).
 */
import { FREEZE_CAPABILITIES, type FrozenItemFields } from '../../../engine/api/freeze';
import type {
  ItemStateFields,
  ItemStateRead,
  SaveAttempt,
  SaveGuardRead,
  SaveRefusal,
} from '../data/recordHooks';
import { pageFreezesSql, recordFreezesSql, type FreezeRow } from './repository';

/** Whether the attempt is refused by the freezes in force on its page (pageFreezes' rows, in its order). */
export function freezeRefusal(rows: readonly FreezeRow[], attempt: SaveAttempt): SaveRefusal | null {
  const whole = rows.find((r) => r.level !== 'item');
  if (whole) {
    return {
      messageId: 'freezeFrozenPage',
      values: { reason: whole.reason },
      capability: FREEZE_CAPABILITIES.frozen,
    };
  }
  if (attempt.changed === null) return null;
  const changed = new Set(attempt.changed);
  const item = rows.find((r) => r.level === 'item' && r.variable !== null && changed.has(r.variable));
  return item
    ? { messageId: 'freezeFrozenItem', values: { variable: item.variable ?? '', reason: item.reason } }
    : null;
}

/**
 * The beforeSave guard: its read (pageFreezesSql) travels with the data domain's read of the page, which a save sends
 * after locking the subject — a freeze approved meanwhile (decideFreezeRequests locks it too) is either seen or waits
 * for the save.
 */
export const freezeGuard: SaveGuardRead = {
  select: (on) => pageFreezesSql(on),
  refusal: (value, attempt) => freezeRefusal((value ?? []) as FreezeRow[], attempt),
};

const fieldsOf = (r: FreezeRow): FrozenItemFields & Record<string, unknown> => ({
  frozen: { level: r.level, reason: r.reason, by: r.approvedBy, at: r.at },
  // the generic item-state flag the form reads: this item's input is read only (renderers/ecrf/FieldRow.tsx)
  readOnly: true,
});

export const frozenItemStates: ItemStateRead = {
  // A record inserted by the asking save: its save passed `freezeGuard` in the same transaction, under the subject lock
  // that every freeze approval takes too (service.ts) and that is held until commit, so no subject or page freeze is
  // in force; an item freeze names a stored record (record_id), which this one was not before. Nothing is frozen.
  reads: (q) => !q.fresh,
  select: (on) => recordFreezesSql(on.record, on.study),
  fields: (value): ItemStateFields => {
    const found = value as { rows: FreezeRow[]; variables: string[] } | null;
    if (!found || found.rows.length === 0) return {};
    const { rows, variables } = found;
    const out: Record<string, FrozenItemFields & Record<string, unknown>> = {};
    const whole = rows.find((r) => r.level !== 'item');
    if (whole) for (const v of variables) out[v] = fieldsOf(whole);
    for (const r of rows)
      if (r.level === 'item' && r.variable && !out[r.variable]) out[r.variable] = fieldsOf(r);
    return out;
  },
};
