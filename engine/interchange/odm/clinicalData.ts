/**
 * Clinical data → CDISC ODM 1.3.2 `AdminData` + `ClinicalData` (issue 17), written in chunks so that the server can
 * stream an export of any size: `odmDataStart`, then `odmSubjectData` once per subject, then `odmDataEnd`.
 *
 * OIDs are those `exportOdmMetadata` gives the same definition (visits `SE.`, forms `F.`, item groups `IG.`, items
 * `I.`), so the data file refers to the metadata file's definitions; users `U.<id>`, sites `L.<id>`, signature
 * definitions `SD.<meaning>`. The file is `Transactional`: an item whose audit entries carry their values is written
 * as one `ItemData` per change (Insert / Update / Remove, each with its `AuditRecord`); otherwise one `ItemData` with
 * the current value and the last change's `AuditRecord` (docs/interchange-odm.md).
 */
import type { RawFormSchema } from '../../form/types';
import type { StudyDefinition } from '../types';
import type { OdmFileInfo } from './exportOdm';
import { ODM_NS, OID, oidSafe } from './vocabulary';
import { attrs, element, textElement } from './xmlText';

export interface OdmUser {
  /** User id (UserRef). */
  id: string;
  loginName: string;
  displayName: string;
}

export interface OdmLocation {
  /** Site id (LocationRef, SiteRef). */
  id: string;
  sitecode: string;
  sitename: string;
}

/** Who changed a value, when, where and why (an ODM `AuditRecord`). */
export interface OdmAudit {
  userId: string;
  locationId: string;
  /** ISO 8601 with offset. */
  dateTime: string;
  reasonForChange: string | null;
  /** `insert` | `update` | `remove` (EditPoint/UsedMethod are not kept). */
  action: string;
  /**
   * The value after this change. When every entry of an item has it, each change is written as its own ItemData;
   * otherwise only the current value is written, with the last entry's AuditRecord.
   */
  value?: string | readonly string[] | null;
  /** The audit row's id (ODM `SourceID`). */
  sourceId?: string;
}

export interface OdmItemValue {
  variable: string;
  /** Text as stored, a list of codes for a multi-value item, or null. */
  value: string | readonly string[] | null;
  audit: readonly OdmAudit[];
  /** Queries on the item as ODM `Annotation`s (comment = the thread's text, flag = the query state). */
  annotations: readonly { id: string; comment: string; flag: string }[];
}

export interface OdmFormData {
  tid: string;
  /** The row of a log-line form (ItemGroupRepeatKey); 1 for an ordinary form. */
  lineno: number;
  items: readonly OdmItemValue[];
  /** A PI signature on the page (ODM `Signature`). */
  signature: { userId: string; locationId: string; dateTime: string; meaning: string } | null;
}

export interface OdmEventData {
  visitnum: string;
  /** StudyEventRepeatKey for repeating and unscheduled visits (cycnum, svnum), else null. */
  repeatKey: string | null;
  forms: readonly OdmFormData[];
}

export interface OdmSubject {
  subjectKey: string;
  siteId: string;
  events: readonly OdmEventData[];
}

export interface OdmDataHeader {
  file: OdmFileInfo;
  definition: StudyDefinition;
  users: readonly OdmUser[];
  locations: readonly OdmLocation[];
  /** Meanings of the signatures the export contains (`SignatureDef`s; a signature's `meaning` names one). */
  signatureMeanings?: readonly string[];
}

/** Code list OID a query annotation's `FlagValue` names (the query states, fixtures/lists QUERYSTATUS). */
export const QUERY_FLAG_CODELIST = 'CL.QUERYSTATUS';

const TRANSACTION: Readonly<Record<string, string>> = {
  insert: 'Insert',
  update: 'Update',
  remove: 'Remove',
};

export function odmDataStart(header: OdmDataHeader): string {
  const { file, definition } = header;
  const effective = file.creationDateTime.slice(0, 10);
  const users = header.users.map((u) =>
    element('User', { OID: OID.user(oidSafe(u.id)) }, [
      textElement('LoginName', u.loginName),
      textElement('DisplayName', u.displayName),
    ]),
  );
  const locations = header.locations.map((l) =>
    element(
      'Location',
      {
        OID: OID.location(oidSafe(l.id)),
        Name: `${l.sitecode} ${l.sitename}`.trim() || l.id,
        LocationType: 'Site',
      },
      element('MetaDataVersionRef', {
        StudyOID: definition.studycode,
        MetaDataVersionOID: definition.version,
        EffectiveDate: effective,
      }),
    ),
  );
  const signatures = (header.signatureMeanings ?? []).map((meaning) =>
    element('SignatureDef', { OID: OID.signature(meaning), Methodology: 'Electronic' }, [
      textElement('Meaning', meaning),
      textElement('LegalReason', 'Electronic signature (21 CFR Part 11)'),
    ]),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ODM${attrs({
      xmlns: ODM_NS,
      ODMVersion: '1.3.2',
      FileType: 'Transactional',
      FileOID: file.fileOid,
      CreationDateTime: file.creationDateTime,
      SourceSystem: file.sourceSystem,
    })}>\n` +
    element('AdminData', { StudyOID: definition.studycode }, [...users, ...locations, ...signatures]) +
    '\n' +
    `<ClinicalData${attrs({ StudyOID: definition.studycode, MetaDataVersionOID: definition.version })}>\n`
  );
}

interface FormLayout {
  logline: boolean;
  groupOf: Map<string, string>;
  firstGroup: string;
}

const layouts = new WeakMap<StudyDefinition, Map<string, FormLayout>>();

function layoutOf(definition: StudyDefinition, tid: string): FormLayout {
  let byTid = layouts.get(definition);
  if (byTid === undefined) {
    byTid = new Map();
    layouts.set(definition, byTid);
  }
  let layout = byTid.get(tid);
  if (layout === undefined) {
    const form: RawFormSchema | undefined = definition.forms.find((f) => f.tid === tid);
    const groupOf = new Map<string, string>();
    for (const s of form?.sections ?? [])
      for (const i of s.items) groupOf.set(i.variable, OID.group(tid, s.id));
    layout = {
      logline: form?.logline === true,
      groupOf,
      firstGroup: OID.group(tid, form?.sections[0]?.id ?? 'MAIN'),
    };
    byTid.set(tid, layout);
  }
  return layout;
}

function valueText(value: string | readonly string[] | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.join(',');
}

function auditRecord(a: OdmAudit): string {
  return element('AuditRecord', {}, [
    element('UserRef', { UserOID: OID.user(oidSafe(a.userId)) }),
    element('LocationRef', { LocationOID: OID.location(oidSafe(a.locationId)) }),
    textElement('DateTimeStamp', a.dateTime),
    ...(a.reasonForChange === null || a.reasonForChange === ''
      ? []
      : [textElement('ReasonForChange', a.reasonForChange)]),
    ...(a.sourceId === undefined ? [] : [textElement('SourceID', a.sourceId)]),
  ]);
}

function itemData(tid: string, item: OdmItemValue): string {
  const oid = OID.item(tid, item.variable);
  const annotations = item.annotations.map((q, i) =>
    element('Annotation', { SeqNum: i + 1, ID: `Q.${oidSafe(q.id)}` }, [
      textElement('Comment', q.comment),
      element('Flag', {}, textElement('FlagValue', q.flag, { CodeListOID: QUERY_FLAG_CODELIST })),
    ]),
  );
  const one = (value: string | null, tx: string | undefined, audit: OdmAudit | undefined, last: boolean) =>
    element(
      'ItemData',
      {
        ItemOID: oid,
        TransactionType: tx,
        Value: value ?? undefined,
        IsNull: value === null ? 'Yes' : undefined,
      },
      [...(audit === undefined ? [] : [auditRecord(audit)]), ...(last ? annotations : [])],
    );
  const withValues = item.audit.length > 0 && item.audit.every((a) => a.value !== undefined);
  if (withValues) {
    return item.audit
      .map((a, i) =>
        one(valueText(a.value), TRANSACTION[a.action] ?? 'Update', a, i === item.audit.length - 1),
      )
      .join('');
  }
  const last = item.audit[item.audit.length - 1];
  return one(
    valueText(item.value),
    last === undefined ? 'Upsert' : (TRANSACTION[last.action] ?? 'Update'),
    last,
    true,
  );
}

function formData(definition: StudyDefinition, tid: string, rows: readonly OdmFormData[]): string {
  const layout = layoutOf(definition, tid);
  const signed = rows.find((r) => r.signature !== null)?.signature ?? null;
  const groups: string[] = [];
  for (const row of rows) {
    const byGroup = new Map<string, string[]>();
    for (const item of row.items) {
      const group = layout.groupOf.get(item.variable) ?? layout.firstGroup;
      const list = byGroup.get(group) ?? [];
      list.push(itemData(tid, item));
      byGroup.set(group, list);
    }
    for (const [group, items] of byGroup)
      groups.push(
        element(
          'ItemGroupData',
          {
            ItemGroupOID: group,
            ItemGroupRepeatKey: layout.logline ? row.lineno : undefined,
            TransactionType: 'Upsert',
          },
          items,
        ),
      );
  }
  const signature =
    signed === null
      ? []
      : [
          element('Signature', {}, [
            element('UserRef', { UserOID: OID.user(oidSafe(signed.userId)) }),
            element('LocationRef', { LocationOID: OID.location(oidSafe(signed.locationId)) }),
            element('SignatureRef', { SignatureOID: OID.signature(signed.meaning) }),
            textElement('DateTimeStamp', signed.dateTime),
          ]),
        ];
  return element('FormData', { FormOID: OID.form(tid), TransactionType: 'Upsert' }, [
    ...signature,
    ...groups,
  ]);
}

/**
 * One subject's `SubjectData`, in parts of at most one `FormData` each (the open tag with its `SiteRef`, each
 * event's open tag, each form, the closing tags): a writer streams them without ever holding the subject's whole
 * text (tens of KB per subject with its audit trail). Joined, the parts are `odmSubjectData`.
 */
export function* odmSubjectParts(subject: OdmSubject, definition: StudyDefinition): Generator<string> {
  yield (
    `<SubjectData${attrs({ SubjectKey: subject.subjectKey, TransactionType: 'Upsert' })}>` +
    element('SiteRef', { LocationOID: OID.location(oidSafe(subject.siteId)) })
  );
  for (const event of subject.events) {
    // rows of one log-line form (and repeated pages of one form) go into one FormData
    const byTid = new Map<string, OdmFormData[]>();
    for (const f of event.forms) {
      const list = byTid.get(f.tid);
      if (list) list.push(f);
      else byTid.set(f.tid, [f]);
    }
    const open = `<StudyEventData${attrs({
      StudyEventOID: OID.event(event.visitnum),
      StudyEventRepeatKey: event.repeatKey ?? undefined,
      TransactionType: 'Upsert',
    })}`;
    if (byTid.size === 0) {
      yield `${open}/>`;
      continue;
    }
    yield `${open}>`;
    for (const [tid, rows] of byTid) yield formData(definition, tid, rows);
    yield '</StudyEventData>';
  }
  yield '</SubjectData>\n';
}

/** One subject's `SubjectData` as one string (tests, small files); a large export writes `odmSubjectParts`. */
export function odmSubjectData(subject: OdmSubject, definition: StudyDefinition): string {
  let out = '';
  for (const part of odmSubjectParts(subject, definition)) out += part;
  return out;
}

export function odmDataEnd(_header: OdmDataHeader): string {
  return '</ClinicalData>\n</ODM>\n';
}
