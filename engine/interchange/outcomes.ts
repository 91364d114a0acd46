/**
 * An import's report in three words (issue 17: "faithful / approximated / not supported"): what the importer says
 * about each finding, by message id, and how many imported items no finding names (docs/interchange-sources.md).
 *
 * - **unsupported**: something of the file is not in the definition — an error (the row or element was not
 *   imported), an expression left out, a field type or a check dropped;
 * - **approximated**: in the definition, but not as the file has it (a type read as another, a name made valid, a
 *   strict bound made inclusive, a form split in two …);
 * - **notes**: nothing lost (a definition nobody uses, a visit the protocol does not list);
 * - **faithfulItems**: imported items that no approximated or unsupported finding names (ODM: its `ItemDef`;
 *   REDCap dictionary: its line).
 */
import { ODM_ISSUE } from './odm/issues';
import { REDCAP_MSG } from './redcap/issues';
import type { ImportResult } from './types';

/** Findings that mean something of the file is not in the definition. */
const LEFT_OUT: ReadonlySet<string> = new Set<string>([
  ODM_ISSUE.expressionNotTranslated,
  ODM_ISSUE.badCheckValue,
  ODM_ISSUE.duplicateItem,
  ODM_ISSUE.emptyForm,
  ODM_ISSUE.missingDef,
  ODM_ISSUE.include,
  ODM_ISSUE.severalVersions,
  REDCAP_MSG.unknownFieldType,
  REDCAP_MSG.unsupportedFieldType,
  REDCAP_MSG.badChoice,
  REDCAP_MSG.duplicateChoice,
  REDCAP_MSG.badRange,
  REDCAP_MSG.rangeIgnored,
  REDCAP_MSG.unknownActionTag,
  REDCAP_MSG.actionTagNotMapped,
  REDCAP_MSG.badActionTag,
  REDCAP_MSG.eventPrefixDropped,
  REDCAP_MSG.logicSyntax,
  REDCAP_MSG.logicUnsupportedFunction,
  REDCAP_MSG.logicUnsupported,
  REDCAP_MSG.logicUnknownField,
]);

/** Findings that lose nothing. */
const NOTES: ReadonlySet<string> = new Set<string>([
  ODM_ISSUE.unusedDefinition,
  ODM_ISSUE.eventNotInProtocol,
]);

export interface ImportOutcomes {
  items: number;
  faithfulItems: number;
  approximated: number;
  unsupported: number;
  notes: number;
}

/** The item an issue names (`ItemDef[@OID="…"]` or a dictionary line), or null. */
function itemOf(at: string): string | null {
  return /ItemDef\[@OID="[^"]*"\]/.exec(at)?.[0] ?? /^line \d+/.exec(at)?.[0] ?? null;
}

/** The outcomes of an import (its definition and findings; the counts are not needed). */
export function importOutcomes(result: Pick<ImportResult, 'definition' | 'issues'>): ImportOutcomes {
  const items =
    result.definition?.forms.reduce((n, f) => n + f.sections.reduce((m, s) => m + s.items.length, 0), 0) ?? 0;
  let approximated = 0;
  let unsupported = 0;
  let notes = 0;
  const touched = new Set<string>();
  for (const issue of result.issues) {
    if (NOTES.has(issue.messageId) && issue.severity !== 'error') {
      notes += 1;
      continue;
    }
    if (issue.severity === 'error' || LEFT_OUT.has(issue.messageId)) unsupported += 1;
    else approximated += 1;
    const item = itemOf(issue.at);
    if (item !== null) touched.add(item);
  }
  return { items, faithfulItems: Math.max(0, items - touched.size), approximated, unsupported, notes };
}
