/**
 * The casebook's rules for subjects (issue 12, docs/casebook.md): who may add and change subjects (role permissions
 * of migration 0007, at the site chosen at /checkRole only), subject numbers (free in the study, following the
 * study's pattern), versions (the study's own), reasons for change (required, non-blank), the workflow
 * (subject_transitions and the permission each needs) and the audit trail, written in the transaction of the change.
 * A refusal throws Refused before anything is written, or inside the transaction, which then rolls back: a refused
 * request changes nothing.
 */
import type { Locale } from '../../../engine/api/localized';
import {
  SUBJECT_STATUS,
  type AddSite,
  type SubjectCapability,
  type SubjectRow,
  type SubjectStatus,
} from '../../../engine/api/subjects';
import {
  compileSubjectIdPattern,
  nextSubjectId,
  type CompiledSubjectIdPattern,
} from '../../../engine/subjects/subjectIdPattern';
import type { RoleSession } from '../../core/auth/guard';
import type { Db } from '../../core/db/db';
import { HttpAnswer, fail } from '../../core/http/envelope';
import { message, type ServerMessageId } from '../../core/messages';
import {
  appendSubjectAudit,
  findSite,
  insertSubject,
  lockSubjectFields,
  rolePermissions,
  siteSubjids,
  studyVersion,
  subjectByNumber,
  subjectIdsLike,
  subjectIdPattern,
  subjectRow,
  transitionsFrom,
  updateSubjectFields,
  type SiteRow,
  type SubjectAuditEntry,
  type SubjectFields,
  type VersionKind,
  type WritableField,
} from './casebookRepository';
import { openCasebook } from '../visits/casebookVisitsRepository';

export const PERMISSION = {
  add: 'subject.add',
  edit: 'subject.edit',
} as const;

/** A refusal: `status` 200 (success:false, for the user to act on) or 403 (the role or site may not). */
export class Refused extends Error {
  constructor(
    readonly messageId: ServerMessageId,
    readonly values: Record<string, string> = {},
    readonly status: 200 | 403 = 200,
  ) {
    super(messageId);
  }
  answer(locale: Locale): HttpAnswer {
    const msg = message(this.messageId, locale, this.values);
    return new HttpAnswer(this.status, fail(msg, this.status === 403 ? 403 : undefined));
  }
}

/** Who acts, for the audit trail. */
interface Actor {
  userId: string;
  roleId: string;
  siteId: string;
  studyId: string;
}

const actorOf = (s: RoleSession): Actor => ({
  userId: s.userId,
  roleId: s.roleId,
  siteId: s.siteId,
  studyId: s.studyId,
});

async function requirePermission(db: Db, session: RoleSession, permission: string, refusal: ServerMessageId) {
  const granted = await rolePermissions(db, session.roleId);
  if (!granted.has(permission)) throw new Refused(refusal, {}, 403);
}

/** The pattern of the study at a site. */
async function patternAt(db: Db, studyId: string, site: SiteRow): Promise<CompiledSubjectIdPattern> {
  const pattern = await subjectIdPattern(db, studyId);
  return compileSubjectIdPattern(pattern, { sitecode: site.sitecode, studycode: site.studycode });
}

async function proposeNext(db: Db, studyId: string, site: SiteRow, compiled: CompiledSubjectIdPattern) {
  // the literal start of the pattern at this site narrows the scan (BJ01-…)
  const prefix = compiled.format(0).replace(/0+$/, '').split(/\d/)[0] ?? '';
  return nextSubjectId(compiled, await siteSubjids(db, studyId, site.siteid, prefix));
}

/** sitecodeList.do: the chosen site with its pattern and next number when the role may add subjects; else none. */
export async function sitesForAdding(db: Db, session: RoleSession): Promise<AddSite[]> {
  const granted = await rolePermissions(db, session.roleId);
  if (!granted.has(PERMISSION.add)) return [];
  const site = await findSite(db, session.studyId, session.siteId);
  if (!site) return [];
  const compiled = await patternAt(db, session.studyId, site);
  return [
    {
      siteid: site.siteid,
      sitecode: site.sitecode,
      sitename: site.sitename,
      pattern: compiled.pattern,
      nextsubjid: await proposeNext(db, session.studyId, site, compiled),
    },
  ];
}

export type SubjidCheck =
  | { result: 'ok' }
  | { result: 'duplicate'; messageId: 'subjidTaken'; values: Record<string, string> }
  | { result: 'pattern'; messageId: 'subjidPattern'; values: Record<string, string> };

/** Whether `subjid` may be used at `site` (by the subject `ownId`, when renumbering). */
export async function checkSubjid(
  db: Db,
  studyId: string,
  site: SiteRow,
  subjid: string,
  ownId?: string,
): Promise<SubjidCheck> {
  const compiled = await patternAt(db, studyId, site);
  if (!compiled.matches(subjid)) {
    return {
      result: 'pattern',
      messageId: 'subjidPattern',
      values: { pattern: compiled.pattern, example: compiled.format(1) },
    };
  }
  const taken = await subjectByNumber(db, studyId, subjid);
  if (taken && taken.id !== ownId)
    return { result: 'duplicate', messageId: 'subjidTaken', values: { subjid } };
  return { result: 'ok' };
}

/** The chosen site (a site that is not the chosen one is refused: 403). */
async function chosenSite(db: Db, session: RoleSession, siteId: string): Promise<SiteRow> {
  const site = siteId === session.siteId ? await findSite(db, session.studyId, siteId) : null;
  if (!site) throw new Refused('siteNotChosen', {}, 403);
  return site;
}

/** checkSubject.do: at the chosen site only (403 elsewhere, as for saving). */
export async function checkSubjidAt(
  db: Db,
  session: RoleSession,
  siteId: string,
  subjid: string,
  ownId?: string,
) {
  const site = await chosenSite(db, session, siteId);
  return checkSubjid(db, session.studyId, site, subjid, ownId);
}

async function requireVersion(db: Db, studyId: string, kind: VersionKind, id: string): Promise<string> {
  const found = await studyVersion(db, studyId, kind, id);
  if (!found) throw new Refused(kind === 'protocol' ? 'unknownProtover' : 'unknownCrfver');
  return found.id;
}

function refuseSubjid(check: SubjidCheck): void {
  if (check.result !== 'ok') throw new Refused(check.messageId, check.values);
}

/** A unique violation (two adds of one number at once: the second is a duplicate). */
function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

export interface AddSubjectInput {
  siteid: string;
  subjid: string;
  protover: string;
  crfver: string;
  initials: string;
  sex: string;
  birthdate: string | null;
}

/**
 * The id of a new subject: `subj-` and its number in lower case, as the seed's (stable, readable in addresses);
 * with a suffix when a renumbered subject holds it already.
 */
export async function freeSubjectId(tx: Db, subjid: string): Promise<string> {
  const base = `subj-${subjid.toLowerCase()}`;
  const taken = new Set(await subjectIdsLike(tx, base));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** savesubject.do. */
export async function addSubject(
  db: Db,
  session: RoleSession,
  input: AddSubjectInput,
  at: Date,
): Promise<SubjectRow> {
  await requirePermission(db, session, PERMISSION.add, 'subjectAddNotAllowed');
  const subjid = input.subjid.trim();
  try {
    return await db.transaction(async (tx) => {
      const site = await chosenSite(tx, session, input.siteid);
      const protover = await requireVersion(tx, session.studyId, 'protocol', input.protover);
      const crfver = await requireVersion(tx, session.studyId, 'crf', input.crfver);
      refuseSubjid(await checkSubjid(tx, session.studyId, site, subjid));
      const id = await freeSubjectId(tx, subjid);
      await insertSubject(tx, {
        id,
        studyId: session.studyId,
        siteId: site.siteid,
        subjid,
        initials: input.initials.trim(),
        sex: input.sex,
        birthdate: input.birthdate,
        protover,
        crfver,
        at,
      });
      // the scheduled visits of the casebook (docs/casebook-visits.md)
      await openCasebook(tx, session.studyId, id);
      const created: [string, string | null][] = [
        ['subjid', subjid],
        ['siteid', site.sitecode],
        ['protover', protover],
        ['crfver', crfver],
        ['status', SUBJECT_STATUS.screening],
        ['initials', input.initials.trim() || null],
        ['sex', input.sex || null],
        ['birthdate', input.birthdate],
      ];
      const actor = actorOf(session);
      await appendSubjectAudit(
        tx,
        created
          .filter(([, v]) => v !== null)
          .map(([field, value]) => auditEntry(actor, id, 'create', field, null, value, null, at)),
      );
      const row = await subjectRow(tx, id);
      if (!row) throw new Error(`subject ${id} not found after insert`);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Refused('subjidTaken', { subjid });
    throw err;
  }
}

function auditEntry(
  actor: Actor,
  subjectId: string,
  action: SubjectAuditEntry['action'],
  field: string,
  oldvalue: string | null,
  newvalue: string | null,
  reason: string | null,
  at: Date,
): SubjectAuditEntry {
  return { ...actor, subjectId, action, field, oldvalue, newvalue, reason, at };
}

const auditText = (v: string | number | null): string | null => (v === null || v === '' ? null : String(v));

function requireReason(reason: string): string {
  const text = reason.trim();
  if (!text) throw new Refused('reasonRequired');
  return text;
}

/**
 * Changes fields of a subject at the chosen site (in a transaction; the subject locked): `decide` gets its stored
 * fields and answers the changes; each changed field is audited with the reason. Nothing changed → noNeedToSave.
 */
async function changeSubject(
  db: Db,
  session: RoleSession,
  req: { subjectid: string; updatedat: string; reason: string; action: 'update' | 'status' },
  at: Date,
  decide: (tx: Db, stored: SubjectFields) => Promise<Partial<Record<WritableField, string | number | null>>>,
): Promise<SubjectRow> {
  const reason = requireReason(req.reason);
  return db.transaction(async (tx) => {
    const stored = await lockSubjectFields(tx, session.studyId, [session.siteId], req.subjectid);
    if (!stored) throw new Refused('subjectNotFound');
    if (stored.updatedat !== req.updatedat) throw new Refused('subjectChanged');
    const wanted = await decide(tx, stored);
    const changes = Object.fromEntries(
      Object.entries(wanted).filter(
        ([field, value]) => auditText(stored[field as WritableField]) !== auditText(value ?? null),
      ),
    ) as Partial<Record<WritableField, string | number | null>>;
    if (Object.keys(changes).length === 0) throw new Refused('noNeedToSave');
    await updateSubjectFields(tx, stored.id, changes, at);
    const actor = actorOf(session);
    await appendSubjectAudit(
      tx,
      Object.entries(changes).map(([field, value]) =>
        auditEntry(
          actor,
          stored.id,
          field === 'status' ? 'status' : req.action,
          field,
          auditText(stored[field as WritableField]),
          auditText(value ?? null),
          reason,
          at,
        ),
      ),
    );
    const row = await subjectRow(tx, stored.id);
    if (!row) throw new Error(`subject ${stored.id} not found after update`);
    return row;
  });
}

export interface InfoInput {
  subjectid: string;
  updatedat: string;
  initials: string;
  sex: string;
  birthdate: string | null;
  age: number | null;
  reason: string;
}

/** updateinfo.do: the base info fields. */
export async function updateBaseInfo(db: Db, session: RoleSession, input: InfoInput, at: Date) {
  await requirePermission(db, session, PERMISSION.edit, 'subjectEditNotAllowed');
  return changeSubject(db, session, { ...input, action: 'update' }, at, async () => ({
    initials: input.initials.trim(),
    sex: input.sex,
    birthdate: input.birthdate,
    age: input.age,
  }));
}

export interface RegistrationInput {
  subjectid: string;
  updatedat: string;
  subjid: string;
  protover: string;
  crfver: string;
  reason: string;
}

/** updatesubject.do: the subject number and versions. */
export async function updateRegistration(db: Db, session: RoleSession, input: RegistrationInput, at: Date) {
  await requirePermission(db, session, PERMISSION.edit, 'subjectEditNotAllowed');
  const subjid = input.subjid.trim();
  try {
    return await changeSubject(db, session, { ...input, action: 'update' }, at, async (tx, stored) => {
      const site = await findSite(tx, session.studyId, stored.siteId);
      if (!site) throw new Refused('subjectNotFound');
      if (subjid !== stored.subjid)
        refuseSubjid(await checkSubjid(tx, session.studyId, site, subjid, stored.id));
      const protoverNow = (await studyVersion(tx, session.studyId, 'protocol', stored.protover))?.id ?? null;
      const crfverNow = (await studyVersion(tx, session.studyId, 'crf', stored.crfver))?.id ?? null;
      const protover = await requireVersion(tx, session.studyId, 'protocol', input.protover);
      const crfver = await requireVersion(tx, session.studyId, 'crf', input.crfver);
      // a subject still on "the current version" (null) keeps null unless another version is chosen
      return {
        subjid,
        ...(protover !== protoverNow ? { protover } : {}),
        ...(crfver !== crfverNow ? { crfver } : {}),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Refused('subjidTaken', { subjid });
    throw err;
  }
}

/** The statuses the session may move a subject in `status` to. */
export async function allowedTransitions(
  db: Db,
  session: RoleSession,
  status: string,
): Promise<SubjectStatus[]> {
  const granted = await rolePermissions(db, session.roleId);
  return (await transitionsFrom(db, status))
    .filter((t) => granted.has(t.permission))
    .map((t) => t.to as SubjectStatus);
}

export interface WorkflowInput {
  subjectid: string;
  updatedat: string;
  status: string;
  reason: string;
}

/** changewkflow.do: a transition of the workflow that the role holds; enrolment dates the subject (UTC day). */
export async function changeWorkflowState(db: Db, session: RoleSession, input: WorkflowInput, at: Date) {
  return changeSubject(db, session, { ...input, action: 'status' }, at, async (tx, stored) => {
    const transition = (await transitionsFrom(tx, stored.status)).find((t) => t.to === input.status);
    if (!transition) throw new Refused('transitionNotAllowed');
    const granted = await rolePermissions(tx, session.roleId);
    if (!granted.has(transition.permission)) throw new Refused('transitionNotPermitted', {}, 403);
    const enrolling = input.status === SUBJECT_STATUS.enrolled && stored.enrolldate === null;
    return { status: input.status, ...(enrolling ? { enrolldate: at.toISOString().slice(0, 10) } : {}) };
  });
}

/** subjectbase.do's capabilities of the session on a subject. */
export async function capabilitiesOf(db: Db, session: RoleSession, status: string) {
  const granted = await rolePermissions(db, session.roleId);
  const transitions = await allowedTransitions(db, session, status);
  const capabilities: SubjectCapability[] = [];
  if (granted.has(PERMISSION.edit)) capabilities.push('editInfo', 'editSubject');
  if (transitions.length > 0) capabilities.push('changeStatus');
  // abandonsubject.do (subjectManagement/abandonService.ts)
  if (granted.has('subject.abandon')) capabilities.push('abandon');
  // subjectSdvSign.do (sdv/service.ts): the monitor verifies the whole subject
  if (granted.has('sdv.verify')) capabilities.push('sdvSubject');
  return { capabilities, transitions };
}
