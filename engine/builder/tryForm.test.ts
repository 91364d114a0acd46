import { describe, expect, it } from 'vitest';
import codeListsWire from '../../fixtures/lists/codeLists.def.json';
import { cdashSchemas, dmSchema, generateBigForm } from '../../fixtures/forms/index';
import { parseSelector } from '../metadata/codeOptions';
import { compiled, vitalSigns } from '../form/testForms';
import type { CompiledForm, FormContext } from '../form/types';
import { withOptions } from '../form/withOptions';
import { isPartialDate } from '../form/fieldTypes/dateTypes';
import { explainVisibility, tryForm } from './explainVisibility';
import { BUILDER_FORM_CTX, fillValues } from './fillValues';

const ctx: FormContext = { textLimit: 100, numUnknownAllowed: false, today: '2026-03-15' };

function withStudyOptions(form: CompiledForm): CompiledForm {
  return withOptions(form, (type) => {
    const wire = (codeListsWire as Record<string, unknown[]>)[type];
    if (wire === undefined) return null;
    const parsed = parseSelector(wire);
    return 'options' in parsed ? parsed.options : null;
  });
}

describe('fillValues', () => {
  it('is reproducible by seed and differs between seeds', () => {
    const form = compiled(vitalSigns());
    expect(fillValues(form, 'valid', 7, ctx)).toEqual(fillValues(form, 'valid', 7, ctx));
    expect(fillValues(form, 'valid', 7, ctx)).not.toEqual(fillValues(form, 'valid', 8, ctx));
    expect(fillValues(form, 'edge', 3, ctx)).toEqual(fillValues(form, 'edge', 3, ctx));
  });

  it('gives valid values no type, length, option or range problem on every fixture form, whatever the seed', () => {
    for (const raw of [...cdashSchemas, generateBigForm(300)]) {
      const form = withStudyOptions(compiled(raw));
      for (let seed = 1; seed <= 20; seed++) {
        const values = fillValues(form, 'valid', seed, ctx);
        const { problems } = tryForm(form, values, ctx);
        const wrong = Object.entries(problems).flatMap(([variable, list]) =>
          list
            .filter((p) => p.level === 'error' && p.ruleId === undefined && p.messageId !== 'form.required')
            .map((p) => `${variable} ${p.messageId} ${JSON.stringify(values[variable])}`),
        );
        expect(wrong, `${raw.tid} seed ${seed}`).toEqual([]);
        // soft ranges are respected too: valid values raise no range warning
        const warned = Object.values(problems)
          .flat()
          .filter((p) => p.messageId.includes('Soft'));
        expect(warned, `${raw.tid} seed ${seed}`).toEqual([]);
      }
    }
  });

  it('fills every item that takes a value and leaves calculated items to the form', () => {
    const form = compiled(vitalSigns());
    const values = fillValues(form, 'valid', 1, ctx);
    expect(Object.keys(values)).not.toContain('NOTE');
    expect(values.BMI).toBeNull();
    expect(values.SYSBP).toMatch(/^\d+$/);
    expect(Number(values.SYSBP)).toBeGreaterThanOrEqual(90);
    expect(Number(values.SYSBP)).toBeLessThanOrEqual(140);
    expect(values.VSDAT! <= ctx.today).toBe(true);
    expect(['Y', 'N']).toContain(values.PERF);
  });

  it('gives edge values: range limits, just outside soft ranges, maximum lengths, partial dates, blank required items', () => {
    const form = withStudyOptions(compiled(dmSchema));
    const vs = compiled(vitalSigns());
    const seen = {
      sys: new Set<string | null>(),
      brth: new Set<string | null>(),
      comment: new Set<number>(),
    };
    for (let seed = 1; seed <= 60; seed++) {
      const v = fillValues(vs, 'edge', seed, ctx);
      seen.sys.add(v.SYSBP as string | null);
      const text = v.COMMENT;
      if (typeof text === 'string') seen.comment.add(text.length);
      seen.brth.add(fillValues(form, 'edge', seed, ctx).BRTHDAT as string | null);
    }
    expect([...seen.sys].sort()).toEqual(['141', '250', '60', '89']);
    expect(seen.comment.has(2000)).toBe(true);
    expect([...seen.brth].filter((d) => d !== null).every((d) => isPartialDate(d))).toBe(true);
    expect(seen.brth.has(null)).toBe(true);
  });

  it('uses a default session without one', () => {
    const values = fillValues(compiled(vitalSigns()), 'valid', 1);
    expect(values.VSDAT! <= BUILDER_FORM_CTX.today).toBe(true);
  });
});

describe('explainVisibility and tryForm', () => {
  const form = withStudyOptions(compiled(dmSchema));

  it('names the show rule hiding an item, its expression, its result and what it read', () => {
    const hidden = explainVisibility(form, { SEX: 'M' }, ctx);
    const childpot = hidden.find((h) => h.variable === 'CHILDPOT');
    expect(childpot).toMatchObject({
      reason: 'rule',
      path: expect.stringMatching(/^sections\[\d+\]\.items\[\d+\]$/),
    });
    expect(childpot?.rules).toEqual([
      {
        id: expect.any(String),
        expr: "[SEX] = 'F'",
        result: false,
        reads: [{ variable: 'SEX', value: 'M', hidden: false }],
      },
    ]);
    expect(explainVisibility(form, { SEX: 'F' }, ctx).some((h) => h.variable === 'CHILDPOT')).toBe(false);
  });

  it('says unknown (null) when the rule reads a blank item', () => {
    const childpot = explainVisibility(form, {}, ctx).find((h) => h.variable === 'CHILDPOT');
    expect(childpot?.rules[0]?.result).toBeNull();
  });

  it('says when the schema hides an item', () => {
    const raw = vitalSigns();
    raw.sections[0]!.items[1]!.hidden = true;
    expect(explainVisibility(compiled(raw), {}, ctx)[0]).toEqual({
      variable: 'VSTIM',
      path: 'sections[0].items[1]',
      reason: 'schema',
      rules: [],
    });
  });

  it('gives the values that would be saved, with hidden items blank and calculations done', () => {
    const result = tryForm(
      form,
      { SEX: 'M', CHILDPOT: 'Y', BRTHDAT: '1990-05-01', DMDAT: '2026-01-10' },
      ctx,
    );
    expect(result.saved.CHILDPOT).toBeNull();
    expect(result.saved.AGE).toBe('35');
    expect(result.state.hidden.has('CHILDPOT')).toBe(true);
    expect(result.hidden.map((h) => h.variable)).toContain('CHILDPOT');
  });
});
