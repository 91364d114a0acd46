/**
 * REDCap data dictionary (CSV) → study definition (issue 17). Placeholder until the importer lands: the contract is
 * the `StudyImporter` of ../types.ts.
 */
import type { ImportResult, StudyImporter } from '../types';

/** True when the first line is a REDCap data dictionary header (`Variable / Field Name`, `Form Name`, …). */
export function looksLikeRedcapDictionary(text: string): boolean {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return /variable\s*\/\s*field name/i.test(firstLine) && /form name/i.test(firstLine);
}

export function importRedcapDictionary(_text: string): ImportResult {
  return {
    definition: null,
    issues: [{ severity: 'error', at: 'file', messageId: 'interchange.issue.notImplemented', values: {} }],
    counts: {},
  };
}

export const redcapImporter: StudyImporter = {
  format: 'redcap',
  detect: looksLikeRedcapDictionary,
  read: importRedcapDictionary,
};
