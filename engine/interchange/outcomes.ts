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
import type { ImportResult } from './types';

const LEFT_OUT: ReadonlySet<string> = new Set([
  'interchange.issue.odm.expressionNotTranslated',
  'interchange.issue.odm.badCheckValue',
  'interchange.issue.odm.duplicateItem',
  'interchange.issue.odm.emptyForm',
  'interchange.issue.odm.missingDef',
  'interchange.issue.odm.include',
  'interchange.issue.odm.severalVersions',
  'interchange.issue.redcapUnknownFieldType',
  'interchange.issue.redcapUnsupportedFieldType',
  'interchange.issue.redcapBadChoice',
  'interchange.issue.redcapDuplicateChoice',
  'interchange.issue.redcapBadRange',
  'interchange.issue.redcapRangeIgnored',
  'interchange.issue.redcapUnknownActionTag',
  'interchange.issue.redcapActionTagNotMapped',
  'interchange.issue.redcapBadActionTag',
  'interchange.issue.redcapEventPrefixDropped',
  'interchange.issue.redcapLogicSyntax',
  'interchange.issue.redcapLogicUnsupportedFunction',
  'interchange.issue.redcapLogicUnsupported',
  'interchange.issue.redcapLogicUnknownField',
]);

const NOTES: ReadonlySet<string> = new Set([
  'interchange.issue.odm.unusedDefinition',
  'interchange.issue.odm.eventNotInProtocol',
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

export function importOutcomes(result: ImportResult): ImportOutcomes {
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
