import { describe, expect, it } from 'vitest';
import { defaultValues, toAuditText } from './entry';
import { FORM_MSG } from './messages';
import { changedVariables, planSave, prepareForSave } from './save';
import { CTX, compiled, vitalSigns } from './testForms';
import type { FormValues } from './types';

const vs = compiled(vitalSigns());

const typed: FormValues = {
  VSDAT: ' 2024-06-01 ',
  SYSBP: '120',
  DIABP: '80',
  TEMP: '36.6',
  WEIGHT: '70',
  HEIGHT: '175',
  PERF: 'Y',
};

describe('prepareForSave', () => {
  it('trims text, blanks empty values, computes calculated items and drops unknown variables', () => {
    const saved = prepareForSave(
      vs,
      { ...typed, VSTIM: '', COMMENT: '  note  ', BMI: '99', JUNK: 'x', NOTE: 'x' },
      CTX,
    );
    expect(saved).toEqual({
      VSDAT: '2024-06-01',
      VSTIM: null,
      SYSBP: '120',
      DIABP: '80',
      TEMP: '36.6',
      WEIGHT: '70',
      HEIGHT: '175',
      BMI: '22.9',
      PERF: 'Y',
      REASND: null,
      COMMENT: 'note',
      POS: null,
    });
  });

  it('blanks hidden items (a reason typed, then the item hidden again)', () => {
    expect(prepareForSave(vs, { ...typed, PERF: 'Y', REASND: 'typed before' }, CTX).REASND).toBeNull();
    expect(prepareForSave(vs, { ...typed, PERF: 'N', REASND: ' refused ' }, CTX).REASND).toBe('refused');
  });

  it('keeps values that do not parse, as typed (trimmed), for validation to report', () => {
    expect(prepareForSave(vs, { ...typed, SYSBP: ' 12a ' }, CTX).SYSBP).toBe('12a');
    expect(prepareForSave(vs, { ...typed, POS: ['SIT', ' ', 'SUP'] }, CTX).POS).toEqual(['SIT', 'SUP']);
    expect(prepareForSave(vs, { ...typed, POS: [] }, CTX).POS).toBeNull();
  });
});

describe('changedVariables', () => {
  it('compares normalised values, lists regardless of order', () => {
    const saved = prepareForSave(vs, { ...typed, POS: ['SIT', 'SUP'] }, CTX);
    expect(changedVariables(vs, saved, { ...saved, POS: ['SUP', 'SIT'], SYSBP: ' 120 ', VSTIM: '' })).toEqual(
      [],
    );
    expect(changedVariables(vs, saved, { ...saved, POS: ['SIT'], SYSBP: '121' })).toEqual(['SYSBP', 'POS']);
  });
});

describe('planSave', () => {
  const base = { form: vs, ctx: CTX, confirmedWarnings: false, reasons: {} };
  const saved = prepareForSave(vs, typed, CTX);

  it('empty: a new record with nothing entered', () => {
    expect(planSave({ ...base, saved: null, values: {} })).toEqual({ kind: 'empty' });
    expect(planSave({ ...base, saved: null, values: { SYSBP: '  ', POS: [] } })).toEqual({ kind: 'empty' });
  });

  it('unchanged: the saved values again (however typed)', () => {
    expect(planSave({ ...base, saved, values: { ...typed, VSDAT: '2024-06-01' } })).toEqual({
      kind: 'unchanged',
    });
  });

  it('invalid: any error, with the problems', () => {
    const plan = planSave({ ...base, saved: null, values: { ...typed, SYSBP: '12a' } });
    expect(plan.kind).toBe('invalid');
    if (plan.kind === 'invalid') expect(plan.problems.SYSBP?.[0]?.messageId).toBe(FORM_MSG.notInteger);
    expect(planSave({ ...base, saved: null, values: { SYSBP: '120' } }).kind).toBe('invalid'); // VSDAT required
  });

  it('confirm: warnings only, until the user confirms them', () => {
    const values = { ...typed, TEMP: '38.5' };
    const plan = planSave({ ...base, saved: null, values });
    expect(plan.kind).toBe('confirm');
    if (plan.kind === 'confirm') expect(plan.problems.TEMP?.[0]?.level).toBe('warning');
    const confirmed = planSave({ ...base, saved: null, values, confirmedWarnings: true });
    expect(confirmed.kind).toBe('ready');
    if (confirmed.kind === 'ready')
      expect(confirmed.problems.TEMP?.[0]?.messageId).toBe(FORM_MSG.outOfSoftRange);
  });

  it('reasons: changed entered variables of a saved record need a reason (calculated ones do not)', () => {
    const values = { ...typed, WEIGHT: '72' };
    expect(planSave({ ...base, saved, values })).toEqual({ kind: 'reasons', variables: ['WEIGHT'] });
    expect(planSave({ ...base, saved, values, reasons: { WEIGHT: { code: null, text: '  ' } } }).kind).toBe(
      'reasons',
    );
    const plan = planSave({
      ...base,
      saved,
      values,
      reasons: { WEIGHT: { code: 'R1', text: 'transcription error' } },
    });
    expect(plan).toMatchObject({ kind: 'ready', changed: ['WEIGHT', 'BMI'] });
    if (plan.kind === 'ready') expect(plan.values.BMI).toBe('23.5');
  });

  it('ready: a new record lists its non-blank variables as changed', () => {
    const plan = planSave({ ...base, saved: null, values: typed });
    expect(plan).toEqual({
      kind: 'ready',
      values: saved,
      changed: ['VSDAT', 'SYSBP', 'DIABP', 'TEMP', 'WEIGHT', 'HEIGHT', 'BMI', 'PERF'],
      problems: {},
    });
  });
});

describe('defaultValues and toAuditText', () => {
  it('gives every item with a value its default or null', () => {
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
            { variable: 'A', label: 'A', fieldtype: 'integer', default: '3' },
            { variable: 'B', label: 'B', fieldtype: 'text' },
            { variable: 'S', label: 'S', fieldtype: 'static' },
          ],
        },
      ],
    });
    expect(defaultValues(f)).toEqual({ A: '3', B: null });
    expect(defaultValues(vs).BMI).toBeNull();
  });

  it('joins lists in option order, shows text as is and blanks as null', () => {
    const pos = vs.items.get('POS')!;
    expect(toAuditText(pos, ['SUP', 'SIT'])).toBe('SIT, SUP');
    expect(toAuditText(pos, ['ZZZ', 'STAND'])).toBe('STAND, ZZZ');
    expect(toAuditText(pos, [])).toBeNull();
    expect(toAuditText(vs.items.get('SYSBP')!, '120')).toBe('120');
    expect(toAuditText(vs.items.get('SYSBP')!, null)).toBeNull();
  });
});
