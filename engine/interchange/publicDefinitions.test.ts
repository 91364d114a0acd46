/**
 * Public study definitions (fixtures/interchange/public/, sources and licences in docs/interchange-sources.md):
 * each imports with a report — counts of faithful items, approximated and unsupported findings pinned — and the
 * definition it gives exports as ODM 1.3.2 that validates against CDISC's schema and imports back to itself.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateOdm } from '../../fixtures/interchange/validateOdm';
import { compileForm } from '../form/compile/compileForm';
import { importerFor } from './formats';
import { exportOdmMetadata } from './odm/exportOdm';
import { importOdm } from './odm/importOdm';
import { importOutcomes } from './outcomes';
import type { ImportResult, StudyDefinition } from './types';

const read = (name: string) =>
  readFileSync(new URL(`../../fixtures/interchange/public/${name}`, import.meta.url), 'utf8');

interface Expected {
  file: string;
  format: string;
  counts: Record<string, number>;
  outcomes: ReturnType<typeof importOutcomes>;
  forms: string[];
}

const PUBLIC: readonly Expected[] = [
  {
    // CDISC's own ODM 1.3.2 example (two languages, conditions, methods, repeating groups)
    file: 'cdisc-metadata-1-3-2-extra-languages.xml',
    format: 'odm',
    counts: { visits: 5, forms: 10, items: 90, codeLists: 12, rules: 0 },
    outcomes: { items: 90, faithfulItems: 36, approximated: 89, unsupported: 9, notes: 5 },
    forms: [
      'BASELINE',
      'WEEK_1_2',
      'DIARY',
      'DIARY_LOG',
      'AE',
      'AE_LOG',
      'CM',
      'CM_LOG',
      'LAB',
      'COMPLAINTS_REL_SMOKING',
    ],
  },
  {
    // a REDCap "CDISC ODM (XML)" project export (ODM 1.3.1 with redcap: extensions), every validation type
    file: 'redcapr-validation-types-1.xml',
    format: 'odm',
    counts: { visits: 0, forms: 1, items: 50, codeLists: 0, rules: 0 },
    outcomes: { items: 50, faithfulItems: 48, approximated: 2, unsupported: 0, notes: 0 },
    forms: ['form_1'],
  },
  {
    // a REDCap data dictionary (CSV) of a longitudinal project: nine instruments, branching logic, a matrix, a slider
    file: 'redcapr-longitudinal-dictionary.csv',
    format: 'redcap',
    counts: { forms: 9, items: 95, codeLists: 16, visits: 1, rules: 4 },
    outcomes: { items: 95, faithfulItems: 93, approximated: 2, unsupported: 0, notes: 0 },
    forms: [
      'demographics',
      'contact_info',
      'baseline_data',
      'visit_lab_data',
      'patient_morale_questionnaire',
      'visit_blood_workup',
      'visit_observed_behavior',
      'completion_data',
      'completion_project_questionnaire',
    ],
  },
];

function catalogOf(d: StudyDefinition) {
  return Object.fromEntries(
    d.codeLists.map((l) => [l.name, l.items.map((i) => ({ value: i.codevalue, label: i.codedesp }))]),
  );
}

describe.each(PUBLIC)('public definition $file', (expected) => {
  const text = read(expected.file);
  const importer = importerFor(text);
  const result: ImportResult = importer ? importer.read(text) : { definition: null, issues: [], counts: {} };

  it('is recognised by content and imports with a report (faithful, approximated, unsupported)', () => {
    expect(importer?.format).toBe(expected.format);
    expect(result.definition).not.toBeNull();
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.counts).toEqual(expected.counts);
    expect(importOutcomes(result)).toEqual(expected.outcomes);
    expect(result.definition?.forms.map((f) => f.tid)).toEqual(expected.forms);
  });

  it('gives forms that compile with their code lists', () => {
    const d = result.definition as StudyDefinition;
    for (const form of d.forms) {
      const compiled = compileForm(form, { codeLists: catalogOf(d) });
      expect(compiled.ok ? [] : compiled.issues, form.tid).toEqual([]);
    }
  });

  it('exports as ODM 1.3.2 that validates against the schema and imports back to the same definition', async () => {
    const d = result.definition as StudyDefinition;
    const xml = exportOdmMetadata(d, {
      fileOid: 'ODM.PUBLIC',
      creationDateTime: '2026-01-01T00:00:00Z',
      sourceSystem: 'EDC web (tests)',
    });
    expect(await validateOdm(xml, expected.file)).toEqual([]);
    const back = importOdm(xml);
    expect(back.definition).toEqual(d);
  }, 60_000);
});
