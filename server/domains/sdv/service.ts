/**
 * Verifying source data: selected items and pages (saveVarStatusList.do) or a whole subject (subjectSdvSign.do), in
 * one transaction with an SDV audit row per item newly verified; and the reset of a verified item by a later change
 * of its value (the data domain's onSaved hook, in the save's own transaction).
 */
import type { VerifiedItem } from '../../../engine/api/sdv';
import { toAuditText } from '../../../engine/form/index';
import type { RoleSession } from '../../core/auth/guard';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db/db';
import type { SavedRecord } from '../data/recordHooks';
import { findRecordById } from '../data/recordsRepository';
import { scopedSubject, subjectInScope, NotFound } from '../data/scope';
import type { FormSchemaService } from '../data/formSchemas';
import { Refused } from '../notes/refused';
import { roleHasPermission } from '../notes/repository';
import {
  appendSdvAudit,
  markVerified,
  resetVerified,
  subjectPlanItems,
  type Verification,
} from './repository';

export const SDV_PERMISSION = 'sdv.verify';

export async function requireSdvPermission(db: Db, session: RoleSession): Promise<void> {
  if (!(await roleHasPermission(db, session.roleId, SDV_PERMISSION)))
    throw new Refused('sdvNotAllowed', {}, 403);
}

export interface SdvTarget {
  recordid: string;
  variable?: string | undefined;
  rowversion?: number | undefined;
}

export interface VerifyOutcome {
  verified: number;
  already: number;
  items: VerifiedItem[];
}

/**
 * Verifies the targets: every record at the chosen site (else the whole batch is refused), an item saved on it (a
 * page: all its saved items), the record as the monitor saw it (`rowversion`, when given). All or nothing.
 */
export async function verifyTargets(
  ctx: AppContext,
  schemas: FormSchemaService,
  session: RoleSession,
  targets: readonly SdvTarget[],
  now: Date,
): Promise<VerifyOutcome> {
  if (targets.length === 0) throw new Refused('sdvSelectItems');
  // named items must be items of their forms (the schemas are read outside the transaction: PGlite has one connection)
  for (const t of targets) {
    if (!t.variable) continue;
    const record = await findRecordById(ctx.db, session.studyId, t.recordid);
    if (!record || !(await subjectInScope(ctx.db, session, record.subjectId))) continue;
    const loaded = await schemas.load(session.studyId, record.tid, record.schemaVersion);
    if (!loaded?.ok || !loaded.form.items.has(t.variable)) throw new Refused('itemNotFound');
  }
  return ctx.db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    const wanted = new Map<string, Verification & { scope: string }>();
    for (const t of targets) {
      const record = await findRecordById(tx, session.studyId, t.recordid, true);
      if (!record || !(await subjectInScope(tx, session, record.subjectId)))
        throw new NotFound('recordNotFound');
      if (t.rowversion !== undefined && t.rowversion !== record.rowversion)
        throw new Refused('sdvRecordChanged');
      // entered items only: derived and imported values (data type −1, −2) have no source document
      const saved = Object.entries(record.itemStatus)
        .filter(([, status]) => status.datatype === 0 || status.datatype === 2)
        .map(([variable]) => variable);
      let variables: string[];
      if (t.variable === undefined || t.variable === '') {
        variables = saved;
      } else if (saved.includes(t.variable)) {
        variables = [t.variable];
      } else {
        throw new Refused('itemNotEntered', { variable: t.variable });
      }
      for (const variable of variables) {
        const key = `${record.id}\u0000${variable}`;
        if (!wanted.has(key) || t.variable) {
          wanted.set(key, { recordId: record.id, variable, scope: t.variable ? 'item' : 'page' });
        }
      }
    }
    const list = [...wanted.values()];
    const done = await markVerified(tx, list, { studyId: session.studyId, userId: session.userId, at: now });
    const doneKeys = new Set(done.map((d) => `${d.recordId}\u0000${d.variable}`));
    const fresh = list.filter((w) => doneKeys.has(`${w.recordId}\u0000${w.variable}`));
    await appendSdvAudit(
      tx,
      fresh.map((w) => ({ ...w, action: 'verify' as const, oldvalue: null, newvalue: null })),
      { userId: session.userId, roleId: session.roleId, at: now },
    );
    const at = now.toISOString();
    return {
      verified: fresh.length,
      already: list.length - fresh.length,
      items: fresh.map((w) => ({
        recordid: w.recordId,
        variable: w.variable,
        sdv: 'verified' as const,
        sdvBy: session.username,
        sdvAt: at,
      })),
    };
  });
}

/** Verifies every saved item of a subject at the chosen site not verified yet (`plan`: those the plan requires). */
export async function verifySubject(
  ctx: AppContext,
  session: RoleSession,
  subjectId: string,
  scope: 'plan' | 'all',
  now: Date,
): Promise<{ subjectid: string; verified: number; already: number }> {
  const subject = await scopedSubject(ctx.db, session, subjectId);
  return ctx.db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    const items = (await subjectPlanItems(tx, subject.id)).filter((i) => scope === 'all' || i.required);
    const todo = items.filter((i) => i.status !== 'verified');
    const done = await markVerified(
      tx,
      todo.map((i) => ({ recordId: i.recordId, variable: i.variable })),
      { studyId: session.studyId, userId: session.userId, at: now },
    );
    await appendSdvAudit(
      tx,
      done.map((d) => ({
        ...d,
        action: 'verify' as const,
        scope: 'subject',
        oldvalue: null,
        newvalue: null,
      })),
      { userId: session.userId, roleId: session.roleId, at: now },
    );
    return { subjectid: subject.id, verified: done.length, already: items.length - done.length };
  });
}

/**
 * The onSaved hook `sdv.reset`: a changed value that was verified loses its verification, with why (the change: who,
 * when, old → new) on the item and an SDV audit row — in the save's transaction.
 */
export async function resetOnSave(tx: Db, saved: SavedRecord): Promise<void> {
  if (saved.kind !== 'update' || saved.changed.length === 0) return;
  const text = (variable: string, values: SavedRecord['after'] | null) => {
    const item = saved.form.items.get(variable);
    const value = values?.[variable] ?? null;
    if (!item) return typeof value === 'string' ? value : value === null ? null : value.join(',');
    return toAuditText(item, value);
  };
  const changes = saved.changed.map((variable) => ({
    variable,
    from: text(variable, saved.before),
    to: text(variable, saved.after),
  }));
  const reset = await resetVerified(tx, saved.record.id, changes, {
    userId: saved.actor.userId,
    at: saved.at,
  });
  if (reset.length === 0) return;
  const byVariable = new Map(changes.map((c) => [c.variable, c]));
  await appendSdvAudit(
    tx,
    reset.map((variable) => ({
      recordId: saved.record.id,
      variable,
      action: 'reset' as const,
      scope: 'change',
      oldvalue: byVariable.get(variable)?.from ?? null,
      newvalue: byVariable.get(variable)?.to ?? null,
    })),
    { userId: saved.actor.userId, roleId: saved.actor.roleId, at: saved.at },
  );
}
