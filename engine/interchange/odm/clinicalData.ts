/**
 * Clinical data → CDISC ODM 1.3.2 `ClinicalData` (issue 17), written in chunks so that the server can stream an
 * export of any size: `odmDataStart`, then `odmSubjectData` once per subject, then `odmDataEnd`. Placeholder until
 * the writer lands; the shapes below are the contract between the server's export job and the writer.
 *
 * OIDs are those `exportOdmMetadata` gives the same definition (visits, forms, item groups, items), so the data file
 * refers to the metadata file's definitions. `AdminData` (users, locations, signature definitions) is written by
 * `odmDataStart` from the users and sites the export names.
 */
import type { StudyDefinition } from '../types';
import type { OdmFileInfo } from './exportOdm';

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
}

export function odmDataStart(_header: OdmDataHeader): string {
  throw new Error('odmDataStart: not implemented yet');
}

export function odmSubjectData(_subject: OdmSubject, _definition: StudyDefinition): string {
  throw new Error('odmSubjectData: not implemented yet');
}

export function odmDataEnd(_header: OdmDataHeader): string {
  throw new Error('odmDataEnd: not implemented yet');
}
