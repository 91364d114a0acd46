import { describe, expect, it } from 'vitest';
import { FORM_MSG } from '../form/messages';
import { vitalSigns } from '../form/testForms';
import type { RawFormSchema } from '../form/types';
import { compileFormPartial, PLACEHOLDER_FIELD_TYPE } from './partialCompile';

function broken(edit: (raw: RawFormSchema & Record<string, unknown>) => void) {
  const raw = vitalSigns() as RawFormSchema & Record<string, unknown>;
  edit(raw);
  return raw;
}

describe('compileFormPartial', () => {
  it('gives the compiled form and nothing broken when the schema compiles', () => {
    const result = compileFormPartial(vitalSigns());
    expect(result.form?.items.size).toBe(13);
    expect(result.issues).toEqual([]);
    expect(result.brokenItems).toEqual([]);
  });

  it('keeps every other item and puts a placeholder at the broken item, with its issues', () => {
    const result = compileFormPartial(
      broken((raw) => {
        raw.sections[0]!.items[2]!.fieldtype = 'nope';
      }),
    );
    expect(result.issues.map((i) => i.messageId)).toEqual([FORM_MSG.unknownFieldType]);
    const form = result.form!;
    expect(form.items.size).toBe(13);
    const placeholder = form.items.get('SYSBP')!;
    expect(placeholder.fieldtype).toBe(PLACEHOLDER_FIELD_TYPE);
    expect(placeholder.path).toBe('sections[0].items[2]');
    expect(placeholder.label).toBe('Systolic');
    expect(result.brokenItems).toEqual([
      { path: 'sections[0].items[2]', variable: 'SYSBP', rawVariable: 'SYSBP', issues: result.issues },
    ]);
    expect(result.brokenByVariable.get('SYSBP')?.path).toBe('sections[0].items[2]');
    // the check on DIABP reading SYSBP still compiles (it reads blank)
    expect(form.rules.map((r) => r.id)).toContain('C_BP');
    expect(form.items.get('DIABP')?.fieldtype).toBe('integer');
  });

  it('leaves a broken rule out and lists it with its issue and position', () => {
    const result = compileFormPartial(
      broken((raw) => {
        raw.rules![0]!.expr = "[PERF] = = 'N'";
      }),
    );
    expect(result.form?.rules.map((r) => r.id)).toEqual(['R_REQ_REASND', 'C_BP', 'C_BMI', 'C_DATE']);
    expect(result.brokenRules).toHaveLength(1);
    expect(result.brokenRules[0]).toMatchObject({ path: 'rules[0]', id: 'R_SHOW_REASND' });
    expect(result.brokenRules[0]?.issues[0]?.span).toEqual({ start: 9, end: 10 });
  });

  it('gives a duplicate variable a placeholder of its own name and drops rules on broken items', () => {
    const result = compileFormPartial(
      broken((raw) => {
        raw.sections[1]!.items[1]!.variable = 'PERF';
        raw.sections[0]!.items[7]!.formula = '[BMI] + 1';
      }),
    );
    const form = result.form!;
    const dup = result.brokenItems.find((b) => b.path === 'sections[1].items[1]')!;
    expect(dup.variable).toMatch(/^__broken_\d+$/);
    expect(form.items.get(dup.variable)?.path).toBe('sections[1].items[1]');
    // BMI reads itself: a placeholder; the soft check on BMI is left out, saying why
    expect(form.items.get('BMI')?.fieldtype).toBe(PLACEHOLDER_FIELD_TYPE);
    const onBmi = result.brokenRules.find((r) => r.id === 'C_BMI');
    expect(onBmi?.issues.map((i) => [i.messageId, i.values])).toEqual([
      [FORM_MSG.targetBroken, { rule: 'C_BMI', target: 'BMI' }],
    ]);
    // REASND was renamed away: its two rules now name an unknown target
    expect(result.issues.map((i) => i.messageId).sort()).toEqual([
      FORM_MSG.cycle,
      FORM_MSG.duplicateVariable,
      FORM_MSG.unknownTarget,
      FORM_MSG.unknownTarget,
    ]);
    expect(result.brokenRules.map((r) => r.id)).toEqual(['R_SHOW_REASND', 'R_REQ_REASND', 'C_BMI']);
  });

  it('breaks a two-item cycle at the item the cycle is reported at', () => {
    const result = compileFormPartial({
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [
        {
          id: 's',
          title: 'S',
          items: [
            { variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[B] + 1' },
            { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] + 1' },
            { variable: 'C', label: 'C', fieldtype: 'text' },
          ],
        },
      ],
    });
    expect(result.brokenItems.map((b) => b.variable)).toEqual(['A']);
    expect(result.form?.items.get('B')?.fieldtype).toBe('calculated');
  });

  it('stands in for broken form and section fields', () => {
    const result = compileFormPartial(
      broken((raw) => {
        delete (raw as Record<string, unknown>).formid;
        raw.version = 0;
        (raw.sections[1] as unknown as Record<string, unknown>).title = 5;
      }),
    );
    expect(result.formIssues.map((i) => i.path)).toEqual(['formid', 'version', 'sections[1].title']);
    expect(result.form?.formid).toBe('?');
    expect(result.form?.sections[1]?.title).toBe('extra');
    expect(result.form?.items.size).toBe(13);
  });

  it('gives no form when nothing can be shown', () => {
    expect(compileFormPartial(null).form).toBeNull();
    expect(compileFormPartial({ formid: 'F', sections: [] }).form).toBeNull();
  });
});
