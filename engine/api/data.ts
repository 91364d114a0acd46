/**
 * Data entry (spec §7 `data/…`, §4–§5): one form's page (datalist) and record (datainfo), saving and updating with
 * reasons for change, the page audit trail (spec §3 audit columns: varname, originalvalue, currentvalue, note), the
 * edit-reasons dictionary and input assistance. Kept apart from session.ts and lists.ts so that neither the login
 * front nor the list screens carry these schemas.
 */
import * as cs from '../schema';
import type { FormProblems, FormValue, FormValues } from '../form/types';
import type { MetaText } from '../metadata/types';
import { endpoint, int, noParams, num, str } from './endpoint';
import { metaTextSchema } from './lists';
import { entryStatus, formKeysSchema, type EntryStatus } from './visits';

// ---------------------------------------------------------------------------------------------------------------
// Shared shapes

/**
 * What the server lets the session's role do on a form or record, decided by role, chosen site and record state
 * (never by the client): `view` read it; `enter` a first entry (no record yet, or a new log-line row); `change` a
 * saved record (with reasons for change); `audit` read its audit trail. Later workflows add theirs (`note`, `query`,
 * `sdv`, `sign`, `freeze`, `lock` …): the client draws a record action only when the capability it needs is granted.
 */
export const RECORD_CAPABILITIES = ['view', 'enter', 'change', 'audit'] as const;
export type RecordCapability = (typeof RECORD_CAPABILITIES)[number] | (string & {});

function capabilitiesSchema() {
  return cs.array(str().required().max(32)).required().max(64) as unknown as cs.Schema<RecordCapability[]>;
}

function isFormValue(v: unknown): v is FormValue {
  return v === null || typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Values by variable: text, list of codes or null; at most 5,000 items, 20,000 characters per value. */
export const formValuesSchema = cs
  .mixed<FormValues>()
  .test('form-values', '${path} must map variable names to text, lists of text or null', (v) => {
    if (v === undefined) return true;
    if (!isPlainObject(v)) return false;
    const entries = Object.entries(v);
    if (entries.length > 5000) return false;
    return entries.every(
      ([k, x]) => k.length <= 64 && isFormValue(x) && (typeof x !== 'string' || x.length <= 20000),
    );
  });

function isProblem(v: unknown): boolean {
  return (
    isPlainObject(v) && (v.level === 'error' || v.level === 'warning') && typeof v.messageId === 'string'
  );
}

/** Problems by variable (engine/form FieldProblem lists). */
export const formProblemsSchema = cs
  .mixed<FormProblems>()
  .test(
    'form-problems',
    '${path} must map variable names to lists of problems',
    (v) =>
      v === undefined ||
      (isPlainObject(v) && Object.values(v).every((list) => Array.isArray(list) && list.every(isProblem))),
  );

/** Rows of a log-line form: `lineno`, `recordid`, `status`, `updatedat` and the values by variable. */
export const lineRowSchema = cs.object({
  lineno: num().integer().min(1).required(),
  recordid: str().required(),
  status: entryStatus(),
  updatedat: str().required(),
}) as unknown as cs.ObjectSchema<LineRow>;
export interface LineRow {
  lineno: number;
  recordid: string;
  status: EntryStatus;
  updatedat: string;
  [variable: string]: unknown;
}

export const dataList = endpoint({
  name: 'dataList',
  path: '/edc/data/datalist.do',
  description:
    'The page of one form of a visit. `table` says whether it is a log-line form: then `columns` (list metadata) and one page (`innerPage`, `size`) of its rows in `list`, with `total`; otherwise the page opens the single record with datainfo. `page` is the page of the list the user came from, echoed back.',
  params: formKeysSchema.shape({
    size: int().min(1).max(100).default(20),
    page: int().min(1).default(1),
    innerPage: int().min(1).default(1),
  }),
  data: cs.object({
    tid: str().required(),
    formid: str().required(),
    name: metaTextSchema.required(),
    version: num().integer().min(1).required(),
    reftype: str().required(),
    isGoDrug: cs.boolean().strict().required(),
    table: cs.boolean().strict().required(),
    columns: cs.array(cs.mixed().defined()).nullable().defined(),
    list: cs.array(lineRowSchema.required()).nullable().defined(),
    total: num().integer().min(0).required(),
    pageNum: num().integer().min(1).required(),
    innerPage: num().integer().min(1).required(),
    page: num().integer().min(1).required(),
    /** What the session's role may do on this form's records (record actions are registered by capability). */
    capabilities: capabilitiesSchema(),
  }),
});

/** Per-item status of a record: data type (0/2 entered, −1/−2 derived or imported) and note state (0 none, 1 list, 2 review). */
export const itemStatusSchema = cs.object({
  datatype: num().integer().required(),
  note: num().integer().required(),
});
export type ItemStatus = cs.InferType<typeof itemStatusSchema>;

export const recordSchema = cs.object({
  recordid: str().required(),
  lineno: num().integer().min(1).required(),
  rowversion: num().integer().min(1).required(),
  status: entryStatus(),
  /** ISO 8601 UTC. */
  updatedat: str().required(),
  updatedby: str().required(),
});
export type RecordInfo = cs.InferType<typeof recordSchema>;

export const dataInfo = endpoint({
  name: 'dataInfo',
  path: '/edc/data/datainfo.do',
  description:
    'One record of a form: the form schema (docs/form-schema.md) of the version to enter against, the saved record (null when not entered; for a log-line form `lineno` names the row, none → a new row) and its values and per-item status.',
  params: formKeysSchema.shape({ lineno: int().min(1).optional() }),
  data: cs.object({
    schema: cs.mixed<object>().defined(),
    record: recordSchema.nullable().defined(),
    values: formValuesSchema.required(),
    items: cs.mixed<Record<string, ItemStatus>>().defined(),
    /** What the session's role may do on this record (record actions are registered by capability). */
    capabilities: capabilitiesSchema(),
    /**
     * The names of the study's code lists (SITE included): the client compiles the schema against them, so that a
     * select naming a list the study has not is a named problem of the form (docs/codelists.md). Absent from an
     * older server: no check.
     */
    codeLists: cs.array(str().required()).optional(),
  }),
});

// ---------------------------------------------------------------------------------------------------------------
// Saving

/** Idempotency key of a save: the same key for every retry of one save, a new key for the next one. */
const idempotencyKey = () =>
  str()
    .required()
    .matches(/^[A-Za-z0-9-]{16,64}$/);

/** A reason for change of one variable: a dictionary code (editReasons) and/or free text (text required). */
export const changeReasonSchema = cs.object({
  code: str().nullable().defined().max(32),
  text: str().required().min(1).max(500),
});
export type ChangeReason = cs.InferType<typeof changeReasonSchema>;

/**
 * What a save or update answers (always `success: true`; refusals for the user to act on are outcomes):
 * - `saved`: the record as it is now, with its per-item status (the icons of the items);
 * - `invalid`: errors by variable (type, range, length, required, hard checks) — nothing was written;
 * - `needsConfirmation`: only warnings (soft range, soft checks), not yet confirmed — nothing was written;
 * - `needsReason`: changed variables of a saved record without a reason — nothing was written;
 * - `conflict`: the record changed since it was read (`rowversion`) — nothing was written;
 * - `unchanged`: the values are those already saved — nothing was written.
 */
export type SaveOutcome =
  | { outcome: 'saved'; record: RecordInfo; problems: FormProblems; items: Record<string, ItemStatus> }
  | { outcome: 'invalid'; problems: FormProblems }
  | { outcome: 'needsConfirmation'; problems: FormProblems }
  | { outcome: 'needsReason'; variables: string[] }
  | { outcome: 'conflict'; record: RecordInfo }
  | { outcome: 'unchanged' };

export const SAVE_OUTCOMES = [
  'saved',
  'invalid',
  'needsConfirmation',
  'needsReason',
  'conflict',
  'unchanged',
] as const;

/** A per-item status map: an object whose every value is `{ datatype, note }` with integers. */
function isItemStatusMap(v: unknown): v is Record<string, ItemStatus> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.values(v).every((s) => itemStatusSchema.isValidSync(s, { strict: true }));
}

export const saveOutcomeSchema = cs
  .object({
    outcome: str()
      .oneOf([...SAVE_OUTCOMES])
      .required(),
    record: recordSchema.optional().default(undefined),
    problems: formProblemsSchema.optional(),
    variables: cs.array(str().required()).optional(),
    items: cs.mixed<Record<string, ItemStatus>>().optional(),
  })
  .test('save-outcome', '${path} is not a save outcome', (v) => {
    if (!v) return false;
    switch (v.outcome) {
      case 'saved':
        return v.record !== undefined && v.problems !== undefined && isItemStatusMap(v.items);
      case 'conflict':
        return v.record !== undefined;
      case 'invalid':
      case 'needsConfirmation':
        return v.problems !== undefined;
      case 'needsReason':
        return v.variables !== undefined;
      default:
        return true;
    }
  }) as unknown as cs.Schema<SaveOutcome>;

export const saveData = endpoint({
  name: 'saveData',
  path: '/edc/data/savedata.do',
  method: 'POST',
  description:
    'First entry of a record: a form without a record yet, or a new row appended at the end of a log-line form. Validated on the server with the same engine as the browser; an audit row per entered item is written in the same transaction. A retry with the same `idempotencyKey` answers the first outcome and writes nothing.',
  params: formKeysSchema.shape({
    /** Schema version the values were entered against. */
    version: int().min(1).required(),
    values: formValuesSchema.required(),
    /** The user confirmed the warnings (soft range, soft checks) shown to them. */
    confirmWarnings: cs.boolean().default(false),
    idempotencyKey: idempotencyKey(),
  }),
  data: saveOutcomeSchema,
});

export const updateData = endpoint({
  name: 'updateData',
  path: '/edc/data/updatedata.do',
  method: 'POST',
  description:
    'Change of a saved record: the whole values of the form, the `rowversion` read, and a reason for each changed variable. One audit row per changed item (old → new, reason) in the same transaction.',
  params: cs.object({
    recordid: str().required().max(100),
    rowversion: int().min(1).required(),
    version: int().min(1).required(),
    values: formValuesSchema.required(),
    reasons: cs.mixed<Record<string, ChangeReason>>().default({}),
    confirmWarnings: cs.boolean().default(false),
    idempotencyKey: idempotencyKey(),
  }),
  data: saveOutcomeSchema,
});

// ---------------------------------------------------------------------------------------------------------------
// Audit trail, edit reasons, input assistance

export const auditRowSchema = cs.object({
  id: str().required(),
  /**
   * create: first entry; update: a change; event: a review workflow's event on the record (a signature and its
   * manifestation, a broken signature …), worded by the server in `label`, `currentvalue` and `note`.
   */
  action: str().oneOf(['create', 'update', 'event']).required(),
  /** The item's variable (spec §3 audit column `varname`). */
  varname: str().required(),
  label: metaTextSchema.nullable().defined(),
  /** The value before the change; null for a first entry. */
  originalvalue: str().nullable().defined(),
  currentvalue: str().nullable().defined(),
  /** The reason for change (null for a first entry). */
  note: str().nullable().defined(),
  username: str().required(),
  realname: str().required(),
  role: metaTextSchema.required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type AuditTrailRow = cs.InferType<typeof auditRowSchema> & {
  label: MetaText | null;
  role: MetaText;
};

export const auditTrail = endpoint({
  name: 'auditTrail',
  path: '/edc/data/audittrail.do',
  description:
    'The audit trail of one record, oldest first: every entry and change with who, role, when and why.',
  params: cs.object({ recordid: str().required().max(100) }),
  data: cs.array(auditRowSchema).required(),
});

export const editReasonSchema = cs.object({
  code: str().required(),
  text: metaTextSchema.required(),
});
export type EditReason = cs.InferType<typeof editReasonSchema> & { text: MetaText };

export const editReasons = endpoint({
  name: 'editReasons',
  path: '/edc/data/editreasons.do',
  description: "The study's dictionary of reasons for change, in order.",
  params: noParams,
  data: cs.array(editReasonSchema).required(),
});

export const inputSuggestionSchema = cs.object({
  value: str().required(),
  label: metaTextSchema.required(),
});

export const dataInputAsst = endpoint({
  name: 'dataInputAsst',
  path: '/edc/data/dataInputasst.do',
  description:
    'Input assistance for a text item: up to 20 suggestions for what was typed (`q`), e.g. earlier adverse-event terms or medication names of the study.',
  params: cs.object({
    tid: str().required().max(64),
    variable: str().required().max(64),
    q: str().max(100).defined(),
  }),
  data: cs.array(inputSuggestionSchema).required(),
});

/** The data endpoints, by name. */
export const dataEndpoints = {
  dataList,
  dataInfo,
  saveData,
  updateData,
  auditTrail,
  editReasons,
  dataInputAsst,
} as const;
