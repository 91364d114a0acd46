/**
 * The ODM reader's findings (ImportIssue of ../types.ts): message ids under `interchange.issue.odm.*`, in both
 * catalogues (src/i18n/app/*.json) and in server/core/messages.ts.
 */
import type { ImportIssue, ImportIssueSeverity } from '../types';

export const ODM_ISSUE = {
  /** The text is not XML with an `ODM` root element. */
  notOdm: 'interchange.issue.odm.notOdm',
  /** Not well-formed XML: {line}, {column}, {message}. */
  malformedXml: 'interchange.issue.odm.malformedXml',
  /** No `Study` element. */
  noStudy: 'interchange.issue.odm.noStudy',
  /** No `MetaDataVersion` element. */
  noMetaDataVersion: 'interchange.issue.odm.noMetaDataVersion',
  /** Several versions: {version}, the first, is read. */
  severalVersions: 'interchange.issue.odm.severalVersions',
  /** `Include` of a prior version ({version}) is not followed. */
  include: 'interchange.issue.odm.include',
  /** A reference to a definition that is not in the file: {kind} {oid}. */
  missingDef: 'interchange.issue.odm.missingDef',
  /** A definition without a required attribute: {attribute}. */
  missingAttribute: 'interchange.issue.odm.missingAttribute',
  /** Two definitions with the same OID: {oid}; the first is read. */
  duplicateOid: 'interchange.issue.odm.duplicateOid',
  /** A data type without an equivalent ({dataType}): read as text. */
  unsupportedDataType: 'interchange.issue.odm.unsupportedDataType',
  /** A boolean item is read as a Yes/No radio. */
  booleanAsRadio: 'interchange.issue.odm.booleanAsRadio',
  /** An expression in a language that is not translated: {context} {expression}. */
  expressionNotTranslated: 'interchange.issue.odm.expressionNotTranslated',
  /** A range check read as a check rule ({comparator}). */
  rangeCheckAsRule: 'interchange.issue.odm.rangeCheckAsRule',
  /** A strict bound (LT/GT {value}) read as an inclusive range on a decimal item. */
  strictBound: 'interchange.issue.odm.strictBound',
  /** A range check whose value is not a number ({value}) on a numeric bound: dropped. */
  badCheckValue: 'interchange.issue.odm.badCheckValue',
  /** Repeating and non-repeating groups in one form: the repeating groups become the log-line form {logForm}. */
  mixedRepeating: 'interchange.issue.odm.mixedRepeating',
  /** A name that is not a variable name ({name}) is read as {variable}. */
  variableRenamed: 'interchange.issue.odm.variableRenamed',
  /** An item appears twice in a form ({variable}): the second is left out. */
  duplicateItem: 'interchange.issue.odm.duplicateItem',
  /** An external dictionary ({dictionary}) is read as an empty code list. */
  externalCodeList: 'interchange.issue.odm.externalCodeList',
  /** A visit that the protocol does not list ({visit}) is added at the end. */
  eventNotInProtocol: 'interchange.issue.odm.eventNotInProtocol',
  /** A vendor field type read approximately: {fieldType} as {as}. */
  vendorFieldType: 'interchange.issue.odm.vendorFieldType',
  /** An `edcweb:` alias whose value cannot be read: {context}. */
  badAlias: 'interchange.issue.odm.badAlias',
  /** A form without items is left out ({form}). */
  emptyForm: 'interchange.issue.odm.emptyForm',
  /** A condition or method defined but used by no item ({oid}). */
  unusedDefinition: 'interchange.issue.odm.unusedDefinition',
} as const;

export class OdmIssues {
  readonly list: ImportIssue[] = [];

  add(
    severity: ImportIssueSeverity,
    at: string,
    messageId: string,
    values: Record<string, string | number> = {},
  ): void {
    this.list.push({ severity, at, messageId, values });
  }
}

/** XPath-like address of a definition: `/ODM/Study/MetaDataVersion/ItemDef[@OID="I.AGE"]`. */
export const MDV_PATH = '/ODM/Study/MetaDataVersion';
export function defPath(kind: string, oid: string): string {
  return `${MDV_PATH}/${kind}[@OID="${oid}"]`;
}
