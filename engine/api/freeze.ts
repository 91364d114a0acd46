/**
 * Freeze and unfreeze with approval (issue 14; spec §4 "Freeze or unfreeze is applied for with an approval role and a
 * reason", §5 "Select items to sign, verify, freeze or comment"). The spec names no freeze endpoint: the paths are
 * ours, in the spec's style under /edc/freeze/ (docs/freeze.md).
 *
 * A request freezes or unfreezes one target — an item of a saved record, a page (one form of a visit: every record
 * of it, log-line rows included) or a whole subject (every page) — and names the role that must approve it. The
 * approver (another user: no self-approval) approves or rejects it with a reason; an approved freeze makes the target
 * frozen, an approved unfreeze lifts it. Frozen data can still be queried, verified and signed, never changed: the
 * save is refused and the form is read only, saying why.
 */
import * as cs from '../schema';
import { bool, endpoint, int, num, str } from './endpoint';
import { listPageSchema, listParamsSchema, metaTextSchema } from './lists';

/** Route of the freeze requests page (the approver's worklist and everyone's history of requests). */
export const FREEZE_REQUESTS_PAGE = '/index/freezeRequests';
/** `listKey` of the freeze requests list's search fields and columns. */
export const FREEZE_LIST_KEY = 'freezeRequests';

export const FREEZE_LEVELS = ['item', 'page', 'subject'] as const;
export type FreezeLevel = (typeof FREEZE_LEVELS)[number];

export const FREEZE_ACTIONS = ['freeze', 'unfreeze'] as const;
export type FreezeAction = (typeof FREEZE_ACTIONS)[number];

export const FREEZE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type FreezeRequestStatus = (typeof FREEZE_REQUEST_STATUSES)[number];

export const FREEZE_DECISIONS = ['approve', 'reject'] as const;
export type FreezeDecision = (typeof FREEZE_DECISIONS)[number];

/** Permissions (role_permissions, fixtures/seed/freeze.json); the record capabilities datainfo grants. */
export const FREEZE_PERMISSIONS = { apply: 'freeze.apply', approve: 'freeze.approve' } as const;
/** Record capabilities: apply for a freeze or unfreeze; the record is frozen (page or subject: read only). */
export const FREEZE_CAPABILITIES = { apply: 'freeze.apply', frozen: 'frozen' } as const;

/** Most targets in one application, most requests in one decision. */
export const FREEZE_BATCH_MAX = 500;
export const FREEZE_REASON_MAX = 500;

/** A freeze target: `level` and what names it (page: the form of a visit; item: a saved record's variable). */
export const freezeTargetSchema = cs.object({
  level: str()
    .oneOf([...FREEZE_LEVELS])
    .required(),
  subjectid: str().required().max(100),
  visitnum: str().max(32).optional(),
  cycnum: int().min(1).optional(),
  svnum: int().min(1).optional(),
  tid: str().max(64).optional(),
  recordid: str().max(40).optional(),
  variable: str().max(64).optional(),
});
export type FreezeTarget = cs.InferType<typeof freezeTargetSchema>;

export const applyFreeze = endpoint({
  name: 'applyFreeze',
  path: '/edc/freeze/applyFreeze.do',
  method: 'POST',
  description:
    "Applies to freeze or unfreeze the selected targets (`list`: subjects, pages or items, each at the chosen site) with the role that must approve (`approvalRole`, a role holding freeze.approve) and a reason, in one transaction with an audit row per request. Permission freeze.apply. Refused: nothing selected ('select items to freeze'), no reason, a target already frozen (freeze) or not frozen (unfreeze), a target with a request pending. All or nothing.",
  params: cs.object({
    action: str()
      .oneOf([...FREEZE_ACTIONS])
      .required(),
    approvalRole: str().required().max(32),
    reason: str().max(FREEZE_REASON_MAX).default(''),
    list: cs.array(freezeTargetSchema.required()).required().max(FREEZE_BATCH_MAX),
  }),
  data: cs.object({
    /** The request ids created, in the order of `list`. */
    requestids: cs.array(str().required()).required(),
  }),
});

export const approveFreeze = endpoint({
  name: 'approveFreeze',
  path: '/edc/freeze/approveFreeze.do',
  method: 'POST',
  description:
    'Approves or rejects the selected pending requests (`requestids`) with a reason, in one transaction: an approved freeze freezes its target, an approved unfreeze lifts the freeze; an audit row each. Permission freeze.approve, the session role must be the approval role the request names, the request at the chosen site and pending, and never the requester (no self-approval). All or nothing.',
  params: cs.object({
    decision: str()
      .oneOf([...FREEZE_DECISIONS])
      .required(),
    reason: str().max(FREEZE_REASON_MAX).default(''),
    requestids: cs.array(str().required().max(40)).required().max(FREEZE_BATCH_MAX),
  }),
  data: cs.object({
    decided: num().integer().min(0).required(),
  }),
});

export const withdrawFreeze = endpoint({
  name: 'withdrawFreeze',
  path: '/edc/freeze/withdrawFreeze.do',
  method: 'POST',
  description:
    'Withdraws the selected pending requests (`requestids`) with a reason, in one transaction: each becomes withdrawn (nothing is frozen or lifted), with a `withdraw` audit row. Permission freeze.apply; only the user who applied for a request may withdraw it, while it is pending and at the chosen site. All or nothing.',
  params: cs.object({
    reason: str().max(FREEZE_REASON_MAX).default(''),
    requestids: cs.array(str().required().max(40)).required().max(FREEZE_BATCH_MAX),
  }),
  data: cs.object({
    withdrawn: num().integer().min(0).required(),
  }),
});

/** A freeze in force on a page: its level, who asked and who approved, why. */
export const freezeInForceSchema = cs.object({
  level: str()
    .oneOf([...FREEZE_LEVELS])
    .required(),
  /** Item level: the item. */
  variable: str().nullable().defined(),
  reason: str().required(),
  requestedBy: str().required(),
  approvedBy: str().required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type FreezeInForce = cs.InferType<typeof freezeInForceSchema>;

export const pendingFreezeSchema = cs.object({
  requestid: str().required(),
  level: str()
    .oneOf([...FREEZE_LEVELS])
    .required(),
  action: str()
    .oneOf([...FREEZE_ACTIONS])
    .required(),
  variable: str().nullable().defined(),
  approvalRole: str().required(),
  reason: str().required(),
  requestedBy: str().required(),
  at: str().required(),
  /** Applied for by the current user: they may withdraw it (withdrawFreeze.do). */
  mine: bool().required(),
});
export type PendingFreeze = cs.InferType<typeof pendingFreezeSchema>;

export const approvalRoleSchema = cs.object({
  rolecode: str().required(),
  name: metaTextSchema.required(),
});

export const freezeStatus = endpoint({
  name: 'freezeStatus',
  path: '/edc/freeze/freezeStatus.do',
  description:
    "A page's freeze state as the form shows it: the freezes in force on it (its subject, the page, items of the record `lineno` names), the requests pending for them, and the roles a request may name as approver. Data-read permission; the subject at the chosen site.",
  params: cs.object({
    subjectid: str().required().max(100),
    visitnum: str().required().max(32),
    cycnum: int().min(1).default(1),
    svnum: int().min(1).default(1),
    tid: str().required().max(64),
    lineno: int().min(1).optional(),
  }),
  data: cs.object({
    frozen: cs.array(freezeInForceSchema.required()).required(),
    pending: cs.array(pendingFreezeSchema.required()).required(),
    approvalRoles: cs.array(approvalRoleSchema.required()).required(),
  }),
});

/** A row of the freeze requests list. */
export const freezeRequestRowSchema = cs.object({
  requestid: str().required(),
  status: str()
    .oneOf([...FREEZE_REQUEST_STATUSES])
    .required(),
  action: str()
    .oneOf([...FREEZE_ACTIONS])
    .required(),
  level: str()
    .oneOf([...FREEZE_LEVELS])
    .required(),
  subjectid: str().required(),
  subjid: str().required(),
  sitecode: str().required(),
  visitnum: str().nullable().defined(),
  cycnum: num().integer().nullable().defined(),
  svnum: num().integer().nullable().defined(),
  tid: str().nullable().defined(),
  variable: str().nullable().defined(),
  approvalRole: str().required(),
  reason: str().required(),
  requestedBy: str().required(),
  requestedAt: str().required(),
  decidedBy: str().nullable().defined(),
  decidedAt: str().nullable().defined(),
  decisionReason: str().nullable().defined(),
});
export type FreezeRequestRow = cs.InferType<typeof freezeRequestRowSchema>;

export const freezeList = endpoint({
  name: 'freezeList',
  path: '/edc/freeze/freezeList.do',
  method: 'POST',
  openParams: true,
  description:
    'One page of the freeze requests (/index/freezeRequests) at the chosen site — pending, approved and rejected, with who asked, who decided and why — filtered by the search params (listKey `freezeRequests`) and sorted by `orderByField`/`asc`.',
  params: listParamsSchema,
  data: listPageSchema(freezeRequestRowSchema),
});

/** The freeze endpoints, by name. */
export const freezeEndpoints = {
  applyFreeze,
  approveFreeze,
  withdrawFreeze,
  freezeStatus,
  freezeList,
} as const;

/** What the freeze provider adds to an item's state in datainfo (`items`): the freeze in force on it. */
export interface FrozenItemFields {
  frozen: { level: FreezeLevel; reason: string; by: string; at: string };
  /** The generic item-state flag: the item's input is read only in the form. */
  readOnly: true;
}
