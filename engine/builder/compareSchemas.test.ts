import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dmSchema } from '../../fixtures/forms/index';
import { vitalSigns } from '../form/testForms';
import type { FormContext, FormValues, RawFormSchema } from '../form/types';
import {
  compareSchemas,
  impactOnValues,
  SCHEMA_CHANGE_CODES,
  schemaChangeMessageId,
  type SchemaComparison,
} from './compareSchemas';

const ctx: FormContext = { textLimit: 100, numUnknownAllowed: false, today: '2026-03-15' };

function edited(edit: (raw: RawFormSchema) => void, base: () => RawFormSchema = vitalSigns): RawFormSchema {
  const raw = base();
  edit(raw);
  return raw;
}

function ok(c: SchemaComparison) {
  if (!c.ok) throw new Error(JSON.stringify(c.issues));
  return c;
}

const codes = (c: SchemaComparison) => ok(c).changes.map((x) => [x.code, x.variable]);

describe('compareSchemas', () => {
  it('finds nothing between a schema and itself, nor for compatible changes', () => {
    expect(codes(compareSchemas(vitalSigns(), vitalSigns()))).toEqual([]);
    const compatible = edited((raw) => {
      raw.sections[0]!.items[6]!.fieldtype = 'decimal'; // HEIGHT integer → decimal
      raw.sections[1]!.items[0]!.fieldtype = 'select'; // PERF radio → select
      raw.sections[0]!.items[0]!.label = 'Renamed';
    });
    expect(codes(compareSchemas(vitalSigns(), compatible))).toEqual([]);
  });

  it('lists what a new version does to entered data, item by item, with message values', () => {
    const next = edited((raw) => {
      const [main, extra] = raw.sections;
      main!.items.splice(1, 1); // VSTIM removed
      main!.items[1]!.hardRange = { min: 70, max: 250 }; // SYSBP narrowed
      main!.items[5]!.fieldtype = 'text'; // HEIGHT integer → text
      main!.items[4]!.precision = 0; // WEIGHT 1 → 0 decimals
      main!.items[4]!.required = true;
      main!.items[6]!.formula = '[WEIGHT] / ([HEIGHT] / 100) ^ 2';
      extra!.items[0]!.selector = [{ codevalue: 'Y', codedesp: 'Yes' }]; // PERF loses N
      extra!.items[1]!.length = 20; // REASND 100 → 20
      extra!.items[2]!.hidden = true; // COMMENT
      extra!.items.push({ variable: 'NEWREQ', label: 'New', fieldtype: 'text', required: true });
      raw.rules!.push({ id: 'S_TEMP', kind: 'show', target: 'COMMENT', expr: "[PERF] = 'Y'" });
      raw.rules![2]!.expr = '[SYSBP] >= [DIABP] + 10'; // C_BP changed
    });
    const comparison = ok(compareSchemas(vitalSigns(), next));
    expect(comparison.changes.map((x) => [x.code, x.variable, x.values])).toEqual([
      ['itemRemoved', 'VSTIM', { variable: 'VSTIM' }],
      ['rangeNarrowed', 'SYSBP', { variable: 'SYSBP', field: 'hardRange', from: '60–250', to: '70–250' }],
      ['precisionReduced', 'WEIGHT', { variable: 'WEIGHT', from: 1, to: 0 }],
      ['requiredAdded', 'WEIGHT', { variable: 'WEIGHT' }],
      ['typeChanged', 'HEIGHT', { variable: 'HEIGHT', from: 'integer', to: 'text' }],
      [
        'formulaChanged',
        'BMI',
        {
          variable: 'BMI',
          from: 'round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)',
          to: '[WEIGHT] / ([HEIGHT] / 100) ^ 2',
        },
      ],
      ['optionsRemoved', 'PERF', { variable: 'PERF', codes: 'N' }],
      ['lengthShortened', 'REASND', { variable: 'REASND', from: '—', to: 20 }],
      ['hiddenAdded', 'COMMENT', { variable: 'COMMENT' }],
      ['requiredItemAdded', 'NEWREQ', { variable: 'NEWREQ' }],
      [
        'checkAdded',
        'DIABP',
        { variable: 'DIABP', rule: 'C_BP', expr: '[SYSBP] >= [DIABP] + 10', severity: 'hard' },
      ],
      ['showRuleAdded', 'COMMENT', { variable: 'COMMENT', rule: 'S_TEMP', expr: "[PERF] = 'Y'" }],
    ]);
    expect(comparison.changes.find((x) => x.code === 'showRuleAdded')?.path).toBe('rules[5]');
    expect(comparison.changes.find((x) => x.code === 'itemRemoved')?.path).toBe('sections[0].items[1]');
  });

  it('finds a code list change, options removed from a code list, and partial dates no longer allowed', () => {
    const next = edited(
      (raw) => {
        const items = raw.sections[0]!.items;
        items.find((i) => i.variable === 'SEX')!.codelisttype = 'SEX2';
        items.find((i) => i.variable === 'BRTHDAT')!.partial = false;
      },
      () => structuredClone(dmSchema),
    );
    const codeLists = {
      SEX: [
        { value: 'M', label: 'M' },
        { value: 'F', label: 'F' },
      ],
      SEX2: [{ value: 'F', label: 'F' }],
      YN: null,
    };
    expect(codes(compareSchemas(dmSchema, next, { codeLists }))).toEqual([
      ['partialRemoved', 'BRTHDAT'],
      ['codeListChanged', 'SEX'],
      ['optionsRemoved', 'SEX'],
    ]);
  });

  it('answers the issues of a version that does not compile at all', () => {
    const result = compareSchemas(vitalSigns(), { sections: 'x' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.side).toBe('new');
  });

  it('skips items broken in one version and compares the rest', () => {
    const next = edited((raw) => {
      raw.sections[0]!.items[2]!.fieldtype = 'nope';
      raw.sections[0]!.items[3]!.hardRange = { min: 40, max: 150 };
    });
    const comparison = ok(compareSchemas(vitalSigns(), next));
    expect(comparison.skipped).toEqual(['SYSBP']);
    expect(comparison.changes.map((c) => [c.code, c.variable])).toEqual([['rangeNarrowed', 'DIABP']]);
  });
});

describe('impactOnValues', () => {
  it('counts the stored records each change touches', () => {
    const next = edited((raw) => {
      const [main, extra] = raw.sections;
      main!.items.splice(1, 1);
      main!.items[1]!.hardRange = { min: 70, max: 250 };
      main!.items[4]!.required = true;
      extra!.items[0]!.selector = [{ codevalue: 'Y', codedesp: 'Yes' }];
      extra!.items[1]!.length = 5;
      raw.rules!.push({ id: 'S_C', kind: 'show', target: 'COMMENT', expr: "[PERF] = 'Y'" });
    });
    const stored: FormValues[] = [
      { VSTIM: '10:00', SYSBP: '65', WEIGHT: '70.5', PERF: 'N', REASND: 'too long reason', COMMENT: 'c' },
      { VSTIM: null, SYSBP: '120', WEIGHT: null, PERF: 'Y', REASND: null, COMMENT: 'c' },
      { SYSBP: '69', PERF: 'N', COMMENT: null },
    ];
    const impact = impactOnValues(ok(compareSchemas(vitalSigns(), next)), stored, ctx);
    expect(impact.map((i) => [i.change.code, i.change.variable, i.affected, i.of])).toEqual([
      ['itemRemoved', 'VSTIM', 1, 3],
      ['rangeNarrowed', 'SYSBP', 2, 3],
      ['requiredAdded', 'WEIGHT', 2, 3],
      ['optionsRemoved', 'PERF', 2, 3],
      ['lengthShortened', 'REASND', 1, 3],
      ['showRuleAdded', 'COMMENT', 1, 3],
    ]);
  });
});

describe('change messages', () => {
  const catalogue = (locale: string) =>
    JSON.parse(readFileSync(new URL(`../../src/i18n/app/${locale}.json`, import.meta.url), 'utf8')) as Record<
      string,
      string
    >;
  it.each(['zh_CN', 'en'])('every change code has a text in %s', (locale) => {
    const texts = catalogue(locale);
    for (const code of SCHEMA_CHANGE_CODES) expect(texts[schemaChangeMessageId(code)], code).toBeTruthy();
  });
});
