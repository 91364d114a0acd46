/**
 * CDISC ODM 1.3.2 study metadata → study definition (issue 17). Placeholder until the importer lands: the contract
 * is the `StudyImporter` of ../types.ts.
 */
import type { ImportResult, StudyImporter } from '../types';

/** True when the text is XML whose root element is `ODM`. */
export function looksLikeOdm(text: string): boolean {
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?ODM[\s>]/.test(text);
}

export function importOdm(_text: string): ImportResult {
  return {
    definition: null,
    issues: [{ severity: 'error', at: 'file', messageId: 'interchange.issue.notImplemented', values: {} }],
    counts: {},
  };
}

export const odmImporter: StudyImporter = { format: 'odm', detect: looksLikeOdm, read: importOdm };
