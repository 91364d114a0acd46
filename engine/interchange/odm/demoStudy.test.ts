/**
 * The demo study ships as ODM (fixtures/interchange/odm/demo-study.xml, written by scripts/exportDemoOdm.ts): the
 * file is up to date, valid against the ODM 1.3.2 schema, and importing it gives back the demo forms, visits and
 * code lists, each form compiling with the imported code lists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ODM_FILE,
  demoOdmXml,
  demoStudyDefinition,
} from '../../../fixtures/interchange/demoStudyDefinition';
import { validateOdm } from '../../../fixtures/interchange/validateOdm';
import { demoSchemas } from '../../../fixtures/forms/index';
import { compileForm } from '../../form/compile/compileForm';
import { importOdm } from './importOdm';

const text = readFileSync(DEMO_ODM_FILE, 'utf8');

describe('demo study as ODM', () => {
  it('is what the exporter writes today (run `npx tsx scripts/exportDemoOdm.ts` after changing the demo)', () => {
    expect(text).toBe(demoOdmXml());
  });

  it('validates against the ODM 1.3.2 schema', async () => {
    expect(await validateOdm(text, 'demo-study.xml')).toEqual([]);
  }, 60_000);

  it('imports back to the demo forms, visits and code lists, every form compiling', () => {
    const result = importOdm(text);
    expect(result.issues).toEqual([]);
    const d = result.definition;
    expect(d).toEqual(demoStudyDefinition());
    expect(d?.forms).toEqual(demoSchemas);
    const codeLists = Object.fromEntries(
      (d?.codeLists ?? []).map((l) => [
        l.name,
        l.items.map((i) => ({ value: i.codevalue, label: i.codedesp })),
      ]),
    );
    for (const form of d?.forms ?? []) {
      const compiled = compileForm(form, { codeLists });
      expect(compiled.ok ? [] : compiled.issues, form.tid).toEqual([]);
    }
    expect(d?.visits.map((v) => [v.visitnum, v.kind])).toContainEqual(['CYC', 'repeating']);
  });
});
