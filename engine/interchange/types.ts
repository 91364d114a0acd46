/**
 * Study interchange (issue 17): the study definition that imports produce and exports read, in the engine's own
 * terms. Every importer (CDISC ODM 1.3.2, REDCap data dictionary, …) turns a file into a `StudyDefinition` plus a
 * report; every exporter reads one. Pure data, no DOM, no Node APIs: the server and the builder's workbench share it.
 *
 * The definition is what the reference server stores for a study (docs/form-schema.md, docs/casebook-visits.md):
 * the visit schedule (`visit_schedule`), the form schemas (`form_schemas`, wire format `RawFormSchema`) and the code
 * lists (`codelist_items`).
 */
import type { MetaText } from '../metadata/types';
import type { RawFormSchema } from '../form/types';

/** How a visit is scheduled (visit_schedule.kind). `repeating` visits take cycles (`cycnum`). */
export type VisitKind = 'scheduled' | 'unscheduled' | 'repeating' | 'hidden';

export interface StudyVisit {
  /** Visit code (ODM `StudyEventDef/@OID` mapped to a code, REDCap's event or `V1` when there are no events). */
  visitnum: string;
  name: MetaText;
  kind: VisitKind;
  /** Planned study day from enrolment, or null. */
  day: number | null;
  /** The forms (`tid`) of the visit, in order. */
  tids: string[];
  /** Forms that can be added to the visit on demand. */
  optionalTids: string[];
}

export interface StudyCodeListItem {
  codevalue: string;
  codedesp: MetaText;
}

export interface StudyCodeList {
  /** The name items refer to with `codelisttype`. */
  name: string;
  /** ODM `DataType` of the codes (`text`, `integer`, …), kept for the round trip. */
  dataType: string;
  items: StudyCodeListItem[];
}

export interface StudyDefinition {
  /** Study code (ODM `Study/@OID`, REDCap project name), e.g. `DEMO-001`. */
  studycode: string;
  name: MetaText;
  /** Free description (ODM `GlobalVariables/ProtocolName` / `StudyDescription`). */
  description: MetaText | null;
  /** Version label of the definition (ODM `MetaDataVersion/@OID`). */
  version: string;
  visits: StudyVisit[];
  /** One schema per form, `tid` unique; `version` is 1 in an imported definition (publish renumbers). */
  forms: RawFormSchema[];
  codeLists: StudyCodeList[];
}

export type ImportIssueSeverity = 'error' | 'warning' | 'info';

/**
 * One finding of an import: where in the file (`at`: `line 12, column form_name` for a CSV, an XPath-like
 * `/ODM/Study/MetaDataVersion/ItemDef[@OID="IT.AGE"]` for ODM), what (`messageId`, a catalogue id under
 * `interchange.issue.*`, in both catalogues and in server/core/messages.ts) and its values.
 * `error`: the element was not imported; `warning`: imported with a loss (an expression not translated, an unknown
 * action tag); `info`: imported as something else (a REDCap slider as an integer with a range).
 */
export interface ImportIssue {
  severity: ImportIssueSeverity;
  at: string;
  messageId: string;
  values: Record<string, string | number>;
}

export interface ImportResult {
  /** null when the file could not be read at all (not CSV/XML, wrong columns, not ODM); the issues say why. */
  definition: StudyDefinition | null;
  issues: ImportIssue[];
  /** What was read, for the report: counts by kind (`forms`, `items`, `codeLists`, `visits`, `rules`). */
  counts: Record<string, number>;
}

/** An interchange format the server can import: detected by content, never by file name. */
export interface StudyImporter {
  /** `odm` | `redcap`. */
  format: string;
  /** True when the text looks like this format (an ODM root element; a REDCap header row). */
  detect(text: string): boolean;
  read(text: string): ImportResult;
}
