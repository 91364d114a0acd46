/**
 * The findings of a REDCap dictionary import: message ids (`interchange.issue.*`, texts in src/i18n/app/*.json and
 * server/core/messages.ts) and a collector that places each at its line and column.
 */
import type { ImportIssue, ImportIssueSeverity } from '../types';

export const REDCAP_MSG = {
  /** + line: a quoted field is never closed */
  csvUnterminatedQuote: 'interchange.issue.csvUnterminatedQuote',
  /** + columns (the missing ones, comma-separated) */
  missingColumns: 'interchange.issue.redcapMissingColumns',
  /** the file has a header but no field rows */
  noFields: 'interchange.issue.redcapNoFields',
  /** + variable */
  badVariable: 'interchange.issue.redcapBadVariable',
  /** + variable, first (line of the first) */
  duplicateVariable: 'interchange.issue.redcapDuplicateVariable',
  /** + variable */
  missingForm: 'interchange.issue.redcapMissingForm',
  /** + variable, form: the form's rows are not together (REDCap keeps a form's fields contiguous) */
  formSplit: 'interchange.issue.redcapFormSplit',
  /** + variable, fieldType */
  unknownFieldType: 'interchange.issue.redcapUnknownFieldType',
  /** + variable, fieldType */
  unsupportedFieldType: 'interchange.issue.redcapUnsupportedFieldType',
  /** + variable, fieldType, validation, as (the engine type), detail: imported as something close (info) */
  approximated: 'interchange.issue.redcapApproximated',
  /** + variable, validation */
  unknownValidation: 'interchange.issue.redcapUnknownValidation',
  /** + variable, choice (the part that has no code) */
  badChoice: 'interchange.issue.redcapBadChoice',
  /** + variable, code */
  duplicateChoice: 'interchange.issue.redcapDuplicateChoice',
  /** + variable, fieldType */
  noChoices: 'interchange.issue.redcapNoChoices',
  /** + variable, value */
  badRange: 'interchange.issue.redcapBadRange',
  /** + variable, fieldType: min/max on a field without a numeric, date or time validation */
  rangeIgnored: 'interchange.issue.redcapRangeIgnored',
  /** + variable */
  emptyLabel: 'interchange.issue.redcapEmptyLabel',
  /** + variable, tag */
  unknownActionTag: 'interchange.issue.redcapUnknownActionTag',
  /** + variable, tag */
  actionTagNotMapped: 'interchange.issue.redcapActionTagNotMapped',
  /** + variable, tag, value */
  badActionTag: 'interchange.issue.redcapBadActionTag',
  /** + group, items (count) */
  matrixGroup: 'interchange.issue.redcapMatrixGroup',
  /** + variable, event */
  eventPrefixDropped: 'interchange.issue.redcapEventPrefixDropped',
  /** + variable, expression, position, token: the logic cannot be read */
  logicSyntax: 'interchange.issue.redcapLogicSyntax',
  /** + variable, expression, position, token (the function) */
  logicUnsupportedFunction: 'interchange.issue.redcapLogicUnsupportedFunction',
  /** + variable, expression, position, token (smart variable, piping modifier, instance, 'now') */
  logicUnsupported: 'interchange.issue.redcapLogicUnsupported',
  /** + variable, expression, position, token (the field) */
  logicUnknownField: 'interchange.issue.redcapLogicUnknownField',
  /** + variable, expression, position, token (the field), form (where it is) */
  logicOtherForm: 'interchange.issue.redcapLogicOtherForm',
  /** + variable, expression, position, token (the field) */
  logicNotCheckbox: 'interchange.issue.redcapLogicNotCheckbox',
  /** + variable: a calc field whose formula was not translated is imported as a read-only text */
  calcAsText: 'interchange.issue.redcapCalcAsText',
  /** + variable, rule, issue (the compiler's message id), path: left out because the form would not compile */
  leftOut: 'interchange.issue.redcapLeftOut',
  /** an unexpected failure of the importer (a defect): nothing imported */
  internal: 'interchange.issue.redcapInternal',
} as const;

export type RedcapMessageId = (typeof REDCAP_MSG)[keyof typeof REDCAP_MSG];

export class IssueCollector {
  readonly issues: ImportIssue[] = [];

  add(
    severity: ImportIssueSeverity,
    at: string,
    messageId: RedcapMessageId,
    values: Record<string, string | number> = {},
  ): void {
    this.issues.push({ severity, at, messageId, values });
  }
}

/** `line 12, column Field Type` — where a cell of the dictionary is. */
export function cellAt(line: number, column: string): string {
  return `line ${line}, column ${column}`;
}
