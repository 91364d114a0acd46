import { describe, expect, it } from 'vitest';
import { completeAt, type BuilderCompletions } from './builderCompletion';

const offers: BuilderCompletions = {
  values: { fieldtype: [{ label: 'text' }, { label: 'select' }], codelisttype: [{ label: 'SEX' }] },
  ruleProperties: ['expr', 'formula'],
  variables: [{ label: 'SEX' }, { label: 'AGE' }],
  functions: [{ label: 'isblank' }],
};

describe('completeAt', () => {
  it('offers field types inside a fieldtype string, from the opening quote', () => {
    const line = '      "fieldtype": "se';
    const r = completeAt(line, 100, offers)!;
    expect(r.from).toBe(100 + line.length - 2);
    expect(r.options.map((o) => o.label)).toEqual(['text', 'select']);
  });

  it('offers variables after [ inside a rule and functions elsewhere', () => {
    const ref = completeAt('  "expr": "[SEX] = \'F\' and [A', 0, offers)!;
    expect(ref.options.map((o) => o.label)).toEqual(['SEX', 'AGE']);
    expect(ref.from).toBe('  "expr": "[SEX] = \'F\' and ['.length);
    const fn = completeAt('  "formula": "isbl', 0, offers)!;
    expect(fn.options.map((o) => o.label)).toEqual(['isblank']);
  });

  it('offers nothing outside the properties it knows', () => {
    expect(completeAt('  "label": "Sy', 0, offers)).toBeNull();
    expect(completeAt('  "fieldtype": 12', 0, offers)).toBeNull();
  });
});
