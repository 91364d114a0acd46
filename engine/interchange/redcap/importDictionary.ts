/**
 * REDCap data dictionary (CSV) → study definition (issue 17; docs/interchange-redcap.md). Reads the CSV
 * (./readDictionary.ts), maps rows to forms, items, code lists and rules (./mapDictionary.ts), and makes sure every
 * form compiles (./ensureCompiles.ts). Never throws: whatever the text, an ImportResult.
 */
import type { ImportResult, StudyImporter } from '../types';
import { codeListCatalog, ensureCompiles } from './ensureCompiles';
import { cellAt, IssueCollector, REDCAP_MSG } from './issues';
import { mapDictionary } from './mapDictionary';
import { DICTIONARY_COLUMNS, isDictionaryHeader, readDictionary } from './readDictionary';

/** True when the first line is a REDCap data dictionary header (`Variable / Field Name`, `Form Name`, …). */
export function looksLikeRedcapDictionary(text: string): boolean {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';
  return isDictionaryHeader(firstLine);
}

export function importRedcapDictionary(text: string): ImportResult {
  const issues = new IssueCollector();
  try {
    const rows = readDictionary(text, issues);
    if (rows === null) return { definition: null, issues: issues.issues, counts: {} };
    const definition = mapDictionary(rows, issues);
    const catalog = codeListCatalog(definition.codeLists);
    const lineOf = new Map<string, number>();
    for (const row of rows) if (!lineOf.has(row.variable)) lineOf.set(row.variable, row.line);
    const locate = (form: string) => (subject: string | null, path: string) => {
      const variable = subject?.replace(/^(SHOW|RANGE)_/, '') ?? '';
      const line = lineOf.get(variable);
      if (line === undefined) return `form ${form}`;
      const column = subject?.startsWith('SHOW_')
        ? DICTIONARY_COLUMNS.branching[0]
        : subject?.startsWith('RANGE_')
          ? DICTIONARY_COLUMNS.min[0]
          : path.endsWith('.formula')
            ? DICTIONARY_COLUMNS.choices[0]
            : path.endsWith('.default')
              ? DICTIONARY_COLUMNS.annotation[0]
              : DICTIONARY_COLUMNS.variable[0];
      return cellAt(line, column);
    };
    definition.forms = definition.forms.flatMap(
      (form) => ensureCompiles(form, catalog, issues, locate(form.tid)) ?? [],
    );
    for (const visit of definition.visits) {
      visit.tids = visit.tids.filter((tid) => definition.forms.some((f) => f.tid === tid));
    }
    const items = definition.forms.reduce(
      (n, f) => n + f.sections.reduce((m, s) => m + s.items.length, 0),
      0,
    );
    const formulas = definition.forms.reduce(
      (n, f) => n + f.sections.reduce((m, s) => m + s.items.filter((i) => i.formula !== undefined).length, 0),
      0,
    );
    return {
      definition,
      issues: issues.issues,
      counts: {
        forms: definition.forms.length,
        items,
        codeLists: definition.codeLists.length,
        visits: definition.visits.length,
        rules: definition.forms.reduce((n, f) => n + (f.rules?.length ?? 0), 0) + formulas,
      },
    };
  } catch {
    // Not expected (every step is total); a defect must still not lose the report.
    issues.add('error', 'file', REDCAP_MSG.internal);
    return { definition: null, issues: issues.issues, counts: {} };
  }
}

export const redcapImporter: StudyImporter = {
  format: 'redcap',
  detect: looksLikeRedcapDictionary,
  read: importRedcapDictionary,
};
