import { describe, expect, it } from 'vitest';
import { FORM_MSG } from './messages';
import { evaluateFormState } from './state';
import { CTX, compiled, vitalSigns } from './testForms';
import type { FormProblems, FormValues } from './types';
import { validateForm, validateItems } from './validate';

const vs = compiled(vitalSigns());

const filled: FormValues = {
  VSDAT: '2024-06-01',
  SYSBP: '120',
  DIABP: '80',
  TEMP: '36.6',
  WEIGHT: '70',
  HEIGHT: '175',
  PERF: 'Y',
};

function ids(problems: FormProblems): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problems).map(([v, list]) => [v, list.map((p) => p.messageId)]));
}

describe('evaluateFormState', () => {
  it('computes the calculated BMI from weight and height', () => {
    const state = evaluateFormState(vs, filled, CTX);
    expect(state.calculated.BMI).toBe('22.9');
    expect(evaluateFormState(vs, { ...filled, HEIGHT: null }, CTX).calculated.BMI).toBeNull();
    expect(evaluateFormState(vs, { ...filled, HEIGHT: '0' }, CTX).calculated.BMI).toBeNull();
    expect(evaluateFormState(vs, { ...filled, WEIGHT: 'abc' }, CTX).calculated.BMI).toBeNull();
  });

  it('hides items whose show rule is false or blank; requires by schema or requiredIf', () => {
    expect(evaluateFormState(vs, filled, CTX).hidden.has('REASND')).toBe(true);
    expect(evaluateFormState(vs, { ...filled, PERF: null }, CTX).hidden.has('REASND')).toBe(true);
    const notDone = evaluateFormState(vs, { ...filled, PERF: 'N' }, CTX);
    expect(notDone.hidden.has('REASND')).toBe(false);
    expect(notDone.required.has('REASND')).toBe(true);
    expect(notDone.required.has('VSDAT')).toBe(true);
    expect(notDone.required.has('SYSBP')).toBe(false);
  });
});

describe('validateForm', () => {
  it('finds nothing wrong with good values', () => {
    expect(validateForm(vs, filled, CTX)).toEqual({});
  });

  it('reports required, type errors and hard range errors', () => {
    const problems = validateForm(vs, { ...filled, VSDAT: '  ', SYSBP: '12a', TEMP: '50.0' }, CTX);
    expect(ids(problems)).toEqual({
      VSDAT: [FORM_MSG.required],
      SYSBP: [FORM_MSG.notInteger],
      TEMP: [FORM_MSG.outOfRange],
    });
    expect(problems.TEMP?.[0]).toEqual({
      level: 'error',
      messageId: FORM_MSG.outOfRange,
      values: { min: 30, max: 45 },
    });
  });

  it('warns for soft range values, and a hard range error replaces the soft warning', () => {
    const soft = validateForm(vs, { ...filled, TEMP: '38.2' }, CTX);
    expect(soft.TEMP).toEqual([
      { level: 'warning', messageId: FORM_MSG.outOfSoftRange, values: { min: 36, max: 37.5 } },
    ]);
    const hard = validateForm(vs, { ...filled, SYSBP: '300' }, CTX);
    expect(hard.SYSBP?.map((p) => p.level)).toEqual(['error']);
  });

  it('names the open end of a one-sided range', () => {
    const f = compiled({
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [
        {
          id: 's',
          title: 's',
          items: [
            { variable: 'A', label: 'A', fieldtype: 'integer', hardRange: { min: 0 } },
            { variable: 'B', label: 'B', fieldtype: 'decimal', softRange: { max: 10 } },
          ],
        },
      ],
    });
    expect(validateForm(f, { A: '-1', B: '11' }, CTX)).toEqual({
      A: [{ level: 'error', messageId: FORM_MSG.belowMin, values: { min: 0 } }],
      B: [{ level: 'warning', messageId: FORM_MSG.aboveSoftMax, values: { max: 10 } }],
    });
  });

  it('requires an item when its requiredIf rule is true', () => {
    expect(ids(validateForm(vs, { ...filled, PERF: 'N' }, CTX))).toEqual({ REASND: [FORM_MSG.required] });
    expect(validateForm(vs, { ...filled, PERF: 'N', REASND: 'patient refused' }, CTX)).toEqual({});
  });

  it('skips hidden items entirely', () => {
    expect(validateForm(vs, { ...filled, PERF: 'Y', REASND: 'x'.repeat(500) }, CTX)).toEqual({});
    expect(ids(validateForm(vs, { ...filled, PERF: 'N', REASND: 'x'.repeat(500) }, CTX))).toEqual({
      REASND: [FORM_MSG.tooLong],
    });
  });

  it('fires a hard check as an error with its message and rule id', () => {
    const problems = validateForm(vs, { ...filled, SYSBP: '90', DIABP: '90' }, CTX);
    expect(problems.DIABP).toEqual([
      {
        level: 'error',
        messageId: FORM_MSG.checkFailed,
        values: { rule: 'C_BP' },
        ruleId: 'C_BP',
        text: { zh_CN: '收缩压应高于舒张压', en: 'Systolic must be above diastolic' },
      },
    ]);
  });

  it('fires a soft check as a warning (BMI out of 15–40)', () => {
    const problems = validateForm(vs, { ...filled, WEIGHT: '150', HEIGHT: '160' }, CTX);
    expect(problems.BMI).toMatchObject([{ level: 'warning', ruleId: 'C_BMI', text: { en: 'Unusual BMI' } }]);
  });

  it('does not fire checks on blank inputs, nor on inputs with type errors', () => {
    expect(validateForm(vs, { ...filled, SYSBP: null }, CTX)).toEqual({});
    expect(ids(validateForm(vs, { ...filled, SYSBP: '9x' }, CTX))).toEqual({ SYSBP: [FORM_MSG.notInteger] });
  });

  it('checks dates against today from the context', () => {
    expect(ids(validateForm(vs, { ...filled, VSDAT: '2024-06-16' }, CTX))).toEqual({
      VSDAT: [FORM_MSG.checkFailed],
    });
    expect(validateForm(vs, { ...filled, VSDAT: '2024-06-15' }, CTX)).toEqual({});
    expect(ids(validateForm(vs, { ...filled, VSDAT: '2024-02-30' }, CTX))).toEqual({
      VSDAT: [FORM_MSG.notDate],
    });
  });

  it('never reports items without a value (static)', () => {
    expect(validateForm(vs, { ...filled, NOTE: 'whatever' }, CTX)).toEqual({});
  });
});

describe('validateItems', () => {
  it('checks only the named variables (the changed item and its dependents)', () => {
    const values = { ...filled, VSDAT: null, SYSBP: '90', DIABP: '90' };
    expect(ids(validateForm(vs, values, CTX))).toEqual({
      VSDAT: [FORM_MSG.required],
      DIABP: [FORM_MSG.checkFailed],
    });
    const changed = 'SYSBP';
    const only = validateItems(vs, values, CTX, [changed, ...(vs.dependents.get(changed) ?? [])]);
    expect(ids(only)).toEqual({ DIABP: [FORM_MSG.checkFailed] });
  });
});
