/** Regression tests of the engine review: live validation cost, odd variable names and odd values. */
import { describe, expect, it } from 'vitest';
import { compileForm } from './compile/compileForm';
import { FORM_MSG } from './messages';
import { builtinFormFieldTypes, createFormFieldTypeRegistry } from './fieldTypes/registry';
import { textFieldType } from './fieldTypes/textTypes';
import type { FormFieldTypeDef } from './fieldTypes/types';
import { changedVariables, planSave, prepareForSave } from './save';
import { evaluateFormState, evaluateFormStateOf } from './state';
import { bigForm, compiled, CTX, vitalSigns } from './testForms';
import type { FormValues, RawFormSchema } from './types';
import { validateForm, validateItems } from './validate';

describe('validateItems evaluates only what the asked items need', () => {
  it('reads no unrelated item on a keystroke', () => {
    const reads: string[] = [];
    const counted: FormFieldTypeDef = {
      ...textFieldType,
      name: 'counted',
      ruleValue: (item, value) => {
        reads.push(item.variable);
        return textFieldType.ruleValue(item, value);
      },
    };
    const registry = createFormFieldTypeRegistry(builtinFormFieldTypes).register(counted);
    const items = Array.from({ length: 200 }, (_, i) => ({
      variable: `X${i}`,
      label: 'x',
      fieldtype: 'counted',
    }));
    const raw: RawFormSchema = {
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [
        {
          id: 's',
          title: 's',
          items: [
            ...items,
            { variable: 'A', label: 'A', fieldtype: 'counted' },
            { variable: 'B', label: 'B', fieldtype: 'counted' },
            { variable: 'C', label: 'C', fieldtype: 'counted' },
          ],
        },
      ],
      rules: [
        { id: 'CK', kind: 'check', target: 'B', expr: '[A] != [B]', severity: 'hard', message: 'same' },
        { id: 'SH', kind: 'show', target: 'A', expr: "[C] != 'hide'" },
      ],
    };
    const result = compileForm(raw, { registry, fieldTypes: registry.names() });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const form = result.form;
    const values = { A: 'same', B: 'same', C: 'x' };

    reads.length = 0;
    const live = validateItems(form, values, CTX, ['B', ...(form.dependents.get('B') ?? [])]);
    expect(live.B?.[0]?.ruleId).toBe('CK');
    // B, what its check reads (A) and what A's visibility reads (C) — none of the 200 others
    expect([...new Set(reads)].sort()).toEqual(['A', 'B', 'C']);

    // A hidden → the check reads null and does not fire, exactly as the whole-form validation says
    const hidden = { ...values, C: 'hide' };
    expect(validateItems(form, hidden, CTX, ['B'])).toEqual({});
    expect(validateForm(form, hidden, CTX)).toEqual({});
  });

  it('agrees with validateForm, item by item, on the big form', () => {
    const form = compiled(bigForm(200));
    const atoms = [
      null,
      '',
      '12',
      '-3',
      '12a',
      'Y',
      'N',
      '2024-02-30',
      '2024-01-01',
      ['Y'],
      ['Y', 'Y'],
      '1.5',
    ];
    let seed = 5;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 20; round++) {
      const values: Record<string, FormValues[string]> = {};
      for (const v of form.items.keys()) values[v] = atoms[Math.floor(random() * atoms.length)] ?? null;
      const whole = validateForm(form, values, CTX);
      for (const v of form.items.keys()) {
        expect(validateItems(form, values, CTX, [v])[v]).toEqual(whole[v]);
      }
    }
  });

  it('evaluateFormStateOf gives the whole-form state of the asked variables, and reads only what they need', () => {
    const form = compiled(bigForm(200));
    const atoms = [null, '', '12', '-3', '12a', 'Y', 'N', '2024-01-01', ['Y'], '1.5'];
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 20; round++) {
      const values: Record<string, FormValues[string]> = {};
      for (const v of form.items.keys()) values[v] = atoms[Math.floor(random() * atoms.length)] ?? null;
      const whole = evaluateFormState(form, values, CTX);
      for (const v of form.items.keys()) {
        const asked = [v, ...(form.dependents.get(v) ?? [])];
        const part = evaluateFormStateOf(form, values, CTX, asked);
        for (const a of asked) {
          expect(part.hidden.has(a), `${v} → hidden ${a}`).toBe(whole.hidden.has(a));
          expect(part.required.has(a), `${v} → required ${a}`).toBe(whole.required.has(a));
          expect(part.calculated[a], `${v} → calculated ${a}`).toEqual(whole.calculated[a]);
        }
        expect([...part.hidden, ...part.required].every((a) => asked.includes(a))).toBe(true);
      }
    }
  });
});

describe('values the wire may carry', () => {
  const vs = compiled(vitalSigns());

  it('a list with non-text entries is a bad value, never a crash', () => {
    const values = { PERF: 'Y', POS: ['SIT', 5, null] } as unknown as FormValues;
    expect(() => evaluateFormState(vs, values, CTX)).not.toThrow();
    expect(() => validateForm(vs, values, CTX)).not.toThrow();
  });

  it('variables named like Object.prototype members read and save their own values only', () => {
    const raw = {
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [
        {
          id: 's',
          title: 's',
          items: [
            { variable: 'constructor', label: 'c', fieldtype: 'integer', required: true },
            { variable: 'toString', label: 't', fieldtype: 'text' },
          ],
        },
      ],
    };
    const form = compiled(raw);
    expect(validateForm(form, {}, CTX)).toEqual({
      constructor: [{ level: 'error', messageId: FORM_MSG.required }],
    });
    expect(prepareForSave(form, {}, CTX)).toEqual({ constructor: null, toString: null });
    expect(prepareForSave(form, { constructor: ' 12 ' }, CTX)).toEqual({ constructor: '12', toString: null });
    expect(changedVariables(form, {}, { toString: 'x' })).toEqual(['toString']);
    expect(
      planSave({ form, ctx: CTX, saved: null, values: {}, confirmedWarnings: false, reasons: {} }),
    ).toEqual({
      kind: 'empty',
    });
  });

  it('refuses the variable name __proto__ (it cannot be a key of the values)', () => {
    const result = compileForm({
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [{ id: 's', title: 's', items: [{ variable: '__proto__', label: 'p', fieldtype: 'text' }] }],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map((i) => [i.path, i.messageId])).toEqual([
        ['sections[0].items[0].variable', FORM_MSG.badVariable],
      ]);
    }
  });
});

describe('choices without options', () => {
  const choice = (extra: Record<string, unknown>) =>
    compileForm({
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [
        { id: 's', title: 's', items: [{ variable: 'R', label: 'R', fieldtype: 'radio', ...extra }] },
      ],
    });
  it.each([{}, { selector: null }, { selector: [] }, { selector: null, codelisttype: null }])(
    '%j is refused with form.noOptions',
    (extra) => {
      const result = choice(extra);
      expect(result.ok ? [] : result.issues.map((i) => i.messageId)).toEqual([FORM_MSG.noOptions]);
    },
  );
  it('a code list alone is enough', () => {
    expect(choice({ codelisttype: 'YN' }).ok).toBe(true);
  });
});
