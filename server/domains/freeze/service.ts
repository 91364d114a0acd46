/**
 * Freeze transitions (docs/freeze.md):
 * - apply (applyFreeze.do): freeze.apply; targets at the chosen site; a freeze needs a target not frozen, an unfreeze
 *   a frozen one, and neither a target with a request pending; an approval role holding freeze.approve; a reason.
 *   One request and one `apply` audit row per target, all or nothing;
 * - decide (approveFreeze.do): freeze.approve; the session role is the request's approval role; the request pending,
 *   at the chosen site, and not the approver's own (four eyes); a reason. An approved freeze writes the freeze in
 *   force, an approved unfreeze deletes it; one `approve` / `reject` audit row each, all or nothing.
 * - withdraw (withdrawFreeze.do): freeze.apply; the request pending, at the chosen site, and the withdrawer's own;
 *   a reason. The request becomes `withdrawn` (decided by its requester) with one `withdraw` audit row each, all or
 *   nothing; nothing is frozen or lifted.
 * A refusal throws Refused (or NotFound) — before anything is written, or inside the transaction, which rolls back.
 */
import {
  FREEZE_PERMISSIONS,
  type FreezeAction,
  type FreezeDecision,
  type FreezeTarget,
} from '../../../engine/api/freeze';
import type { RoleSession } from '../../core/auth/guard';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db/db';
import { findRecordById, lockSubject } from '../data/recordsRepository';
import { NotFound, scopedForm, scopedSubject } from '../data/scope';
import { Refused } from '../notes/refused';
import { roleHasPermission } from '../notes/repository';
import {
  appendFreezeAudit,
  approvalRoles,
  decideRequest,
  deleteFreeze,
  findRequestForUpdate,
  freezeInForce,
  hasPendingRequest,
  insertFreeze,
  insertRequest,
  itemKey,
  pageKey,
  SUBJECT_KEY,
  type ResolvedTarget,
} from './repository';

export async function requireFreezePermission(
  db: Db,
  session: RoleSession,
  which: keyof typeof FREEZE_PERMISSIONS,
): Promise<void> {
  if (!(await roleHasPermission(db, session.roleId, FREEZE_PERMISSIONS[which])))
    throw new Refused(which === 'apply' ? 'freezeApplyNotAllowed' : 'freezeApproveNotAllowed', {}, 403);
}

/** The target at the chosen site, complete for its level (else freezeTargetInvalid / not found). */
async function resolveTarget(tx: Db, session: RoleSession, t: FreezeTarget): Promise<ResolvedTarget> {
  const subject = await scopedSubject(tx, session, t.subjectid);
  if (t.level === 'subject') {
    return {
      subjectId: subject.id,
      siteId: subject.siteId,
      level: 'subject',
      key: SUBJECT_KEY,
      page: null,
      recordId: null,
      variable: null,
    };
  }
  if (t.level === 'page') {
    if (!t.visitnum || !t.tid) throw new Refused('freezeTargetInvalid');
    const page = { visitnum: t.visitnum, cycnum: t.cycnum ?? 1, svnum: t.svnum ?? 1, tid: t.tid };
    await scopedForm(tx, session, { subjectid: subject.id, ...page });
    return {
      subjectId: subject.id,
      siteId: subject.siteId,
      level: 'page',
      key: pageKey(page),
      page,
      recordId: null,
      variable: null,
    };
  }
  // an item: a saved item of a record of this subject
  if (!t.recordid || !t.variable) throw new Refused('freezeTargetInvalid');
  const record = await findRecordById(tx, session.studyId, t.recordid);
  if (!record || record.subjectId !== subject.id) throw new NotFound('recordNotFound');
  if (!Object.hasOwn(record.itemStatus, t.variable)) throw new Refused('freezeTargetInvalid');
  return {
    subjectId: subject.id,
    siteId: subject.siteId,
    level: 'item',
    key: itemKey(record.id, t.variable),
    page: { visitnum: record.visitnum, cycnum: record.cycnum, svnum: record.svnum, tid: record.tid },
    recordId: record.id,
    variable: t.variable,
  };
}

export interface ApplyInput {
  action: FreezeAction;
  approvalRole: string;
  reason: string;
  list: readonly FreezeTarget[];
}

export async function applyForFreeze(
  ctx: AppContext,
  session: RoleSession,
  input: ApplyInput,
  now: Date,
): Promise<{ requestids: string[] }> {
  if (input.list.length === 0) throw new Refused('freezeSelectItems');
  const reason = (input.reason ?? '').trim(); // absent when the client left it out (the contract's default is not applied here)
  if (reason === '') throw new Refused('freezeReasonRequired');
  const roles = await approvalRoles(ctx.db, FREEZE_PERMISSIONS.approve);
  if (!roles.some((r) => r.rolecode === input.approvalRole)) throw new Refused('freezeApprovalRoleInvalid');
  return ctx.db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    // subjects locked in one order (two applications never deadlock), then every target checked before any write
    for (const id of [...new Set(input.list.map((t) => t.subjectid))].sort()) await lockSubject(tx, id);
    const targets: ResolvedTarget[] = [];
    const seen = new Set<string>();
    for (const t of input.list) {
      const target = await resolveTarget(tx, session, t);
      const id = `${target.subjectId}\u0000${target.key}`;
      if (seen.has(id)) continue; // the same target twice: one request
      seen.add(id);
      const frozen = await freezeInForce(tx, target.subjectId, target.key);
      if (input.action === 'freeze' && frozen) throw new Refused('freezeAlreadyFrozen');
      if (input.action === 'unfreeze' && !frozen) throw new Refused('freezeNotFrozen');
      if (await hasPendingRequest(tx, target.subjectId, target.key)) throw new Refused('freezePending');
      targets.push(target);
    }
    const requestids: string[] = [];
    for (const target of targets) {
      const id = await insertRequest(tx, {
        studyId: session.studyId,
        target,
        action: input.action,
        approvalRole: input.approvalRole,
        reason,
        userId: session.userId,
        roleId: session.roleId,
        at: now,
      });
      await appendFreezeAudit(tx, {
        studyId: session.studyId,
        siteId: target.siteId,
        subjectId: target.subjectId,
        requestId: id,
        targetKey: target.key,
        action: 'apply',
        request: input.action,
        reason,
        userId: session.userId,
        roleId: session.roleId,
        at: now,
      });
      requestids.push(id);
    }
    return { requestids };
  });
}

export interface DecideInput {
  decision: FreezeDecision;
  reason: string;
  requestids: readonly string[];
}

export async function decideFreezeRequests(
  ctx: AppContext,
  session: RoleSession,
  rolecode: string,
  input: DecideInput,
  now: Date,
): Promise<{ decided: number }> {
  if (input.requestids.length === 0) throw new Refused('freezeSelectRequests');
  const reason = (input.reason ?? '').trim(); // absent when the client left it out (the contract's default is not applied here)
  if (reason === '') throw new Refused('freezeReasonRequired');
  return ctx.db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    // requests locked in one order: two approvers of overlapping selections never deadlock
    const ids = [...new Set(input.requestids)].sort();
    for (const id of ids) {
      const request = await findRequestForUpdate(tx, session.studyId, id);
      if (!request || request.siteId !== session.siteId) throw new Refused('freezeRequestNotFound');
      if (request.status !== 'pending') throw new Refused('freezeRequestDecided');
      if (request.approvalRole !== rolecode)
        throw new Refused('freezeWrongApprover', { role: request.approvalRole });
      if (request.requestedBy === session.userId) throw new Refused('freezeSelfApproval');
      const approved = input.decision === 'approve';
      // the subject locked as a save locks it (before its read of the page, which carries the freeze guard's read): a
      // save under way finishes first
      if (approved) await lockSubject(tx, request.subjectId);
      await decideRequest(tx, request.id, {
        status: approved ? 'approved' : 'rejected',
        userId: session.userId,
        roleId: session.roleId,
        reason,
        at: now,
      });
      if (approved && request.action === 'freeze') await insertFreeze(tx, request, now);
      if (approved && request.action === 'unfreeze')
        await deleteFreeze(tx, request.subjectId, request.targetKey);
      await appendFreezeAudit(tx, {
        studyId: request.studyId,
        siteId: request.siteId,
        subjectId: request.subjectId,
        requestId: request.id,
        targetKey: request.targetKey,
        action: approved ? 'approve' : 'reject',
        request: request.action,
        reason,
        userId: session.userId,
        roleId: session.roleId,
        at: now,
      });
    }
    return { decided: ids.length };
  });
}

export interface WithdrawInput {
  reason: string;
  requestids: readonly string[];
}

export async function withdrawFreezeRequests(
  ctx: AppContext,
  session: RoleSession,
  input: WithdrawInput,
  now: Date,
): Promise<{ withdrawn: number }> {
  if (input.requestids.length === 0) throw new Refused('freezeSelectRequestsToWithdraw');
  const reason = (input.reason ?? '').trim(); // absent when the client left it out (the contract's default is not applied here)
  if (reason === '') throw new Refused('freezeReasonRequired');
  return ctx.db.transaction(async (tx) => {
    await tx.query(`select set_config('edc.user_id', $1, true)`, [session.userId]);
    // requests locked in one order, every one checked before any is written (a refusal rolls all back)
    const ids = [...new Set(input.requestids)].sort();
    for (const id of ids) {
      const request = await findRequestForUpdate(tx, session.studyId, id);
      if (!request || request.siteId !== session.siteId) throw new Refused('freezeRequestNotFound');
      if (request.requestedBy !== session.userId) throw new Refused('freezeWithdrawNotOwn');
      if (request.status !== 'pending') throw new Refused('freezeWithdrawNotPending');
      await decideRequest(tx, request.id, {
        status: 'withdrawn',
        userId: session.userId,
        roleId: session.roleId,
        reason,
        at: now,
      });
      await appendFreezeAudit(tx, {
        studyId: request.studyId,
        siteId: request.siteId,
        subjectId: request.subjectId,
        requestId: request.id,
        targetKey: request.targetKey,
        action: 'withdraw',
        request: request.action,
        reason,
        userId: session.userId,
        roleId: session.roleId,
        at: now,
      });
    }
    return { withdrawn: ids.length };
  });
}
