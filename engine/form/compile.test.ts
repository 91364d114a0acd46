import { describe, expect, it } from 'vitest';
import { RULE_MSG } from '../rules/index';
import { compileForm } from './compile/compileForm';
import { compileFormCached } from './compileCached';
import { FORM_MSG } from './messages';
import { compiled, vitalSigns } from './testForms';
import type { FormSchemaIssue, RawFormSchema } from './types';
import { withOptions } from './withOptions';
import { validateForm } from './validate';
import { CTX } from './testForms';

function issuesOf(raw: unknown): FormSchemaIssue[] {
  const result = compileForm(raw);
  if (result.ok) throw new Error('expected issues');
  return [...result.issues];
}

/** [path, messageId] pairs, the compact way to assert where and what. */
function where(raw: unknown): [string, string][] {
  return issuesOf(raw).map((i) => [i.path, i.messageId]);
}

function form(
  items: unknown[],
  rules?: unknown[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    formid: 'F',
    tid: 'F',
    name: 'F',
    version: 1,
    sections: [{ id: 's', title: 'S', items }],
    ...(rules ? { rules } : {}),
    ...extra,
  };
}

const num = (variable: string, more: Record<string, unknown> = {}) => ({
  variable,
  label: variable,
  fieldtype: 'integer',
  ...more,
});

describe('compileForm', () => {
  it('compiles the vital-signs form: items in document order, rules, dependents', () => {
    const f = compiled(vitalSigns());
    expect([...f.items.keys()]).toEqual([
      'VSDAT',
      'VSTIM',
      'SYSBP',
      'DIABP',
      'TEMP',
      'WEIGHT',
      'HEIGHT',
      'BMI',
      'PERF',
      'REASND',
      'COMMENT',
      'POS',
      'NOTE',
    ]);
    expect(f.items.get('BMI')?.dependsOn).toEqual(['WEIGHT', 'HEIGHT']);
    expect(f.items.get('DIABP')?.dependsOn).toEqual(['SYSBP']);
    expect(f.items.get('REASND')?.dependsOn).toEqual(['PERF']);
    expect(f.dependents.get('WEIGHT')).toEqual(['BMI']);
    expect(f.dependents.get('PERF')).toEqual(['REASND']);
    expect(f.dependents.get('SYSBP')).toEqual(['DIABP']);
    expect(f.dependents.get('VSTIM')).toEqual([]);
    expect(f.items.get('COMMENT')?.maxLength).toBe(2000);
    expect(f.items.get('REASND')?.maxLength).toBeNull();
    expect(f.items.get('BMI')?.precision).toBe(1);
    expect(f.reftype).toBe('3');
    expect(f.isGoDrug).toBe(false);
    expect(f.rules.find((r) => r.id === 'C_BP')?.reads).toEqual(['SYSBP', 'DIABP']);
  });

  it('orders dependents transitively, each after what it reads', () => {
    const f = compiled(
      form(
        [
          num('A'),
          { variable: 'C', label: 'C', fieldtype: 'calculated', formula: '[B] * 2' },
          { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] + 1' },
          num('D'),
        ],
        [{ id: 'S', kind: 'show', target: 'D', expr: '[C] > 4' }],
      ),
    );
    expect(f.dependents.get('A')).toEqual(['B', 'C', 'D']);
  });

  it('sets isGoDrug for drug dispensing forms and keeps log-line columns', () => {
    const f = compiled(
      form([num('A')], undefined, { reftype: '1', logline: true, columns: [{ prop: 'A' }] }),
    );
    expect(f.isGoDrug).toBe(true);
    expect(f.logline).toBe(true);
    expect(f.columns).toEqual([{ prop: 'A' }]);
  });

  it('refuses a schema that is not an object', () => {
    expect(where(null)).toEqual([['', FORM_MSG.notAnObject]]);
    expect(where([])).toEqual([['', FORM_MSG.notAnObject]]);
  });

  it('names each missing or mistyped form field', () => {
    expect(where({ sections: [] })).toEqual([
      ['formid', FORM_MSG.missingField],
      ['tid', FORM_MSG.missingField],
      ['name', FORM_MSG.missingField],
      ['version', FORM_MSG.missingField],
      ['sections', FORM_MSG.noSections],
    ]);
    expect(
      where({
        formid: 1,
        tid: ' ',
        name: { en: 'x' },
        version: 0,
        logline: 'yes',
        columns: {},
        sections: {},
      }),
    ).toEqual([
      ['formid', FORM_MSG.fieldNotText],
      ['tid', FORM_MSG.fieldNotText],
      ['name', FORM_MSG.fieldNotLabel],
      ['version', FORM_MSG.fieldNotPositiveInteger],
      ['logline', FORM_MSG.fieldNotBoolean],
      ['columns', FORM_MSG.fieldNotList],
      ['sections', FORM_MSG.fieldNotList],
    ]);
  });

  it('reports sections: not an object, missing id/title/items, duplicate ids', () => {
    const issues = issuesOf({
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [5, { title: 'T', items: [] }, { id: 'a', title: 'A', items: [] }, { id: 'a', items: 3 }],
    });
    expect(issues.map((i) => [i.path, i.messageId])).toEqual([
      ['sections[0]', FORM_MSG.notAnObject],
      ['sections[1].id', FORM_MSG.missingField],
      ['sections[3].id', FORM_MSG.duplicateSectionId],
      ['sections[3].title', FORM_MSG.missingField],
      ['sections[3].items', FORM_MSG.fieldNotList],
    ]);
    expect(issues[2]?.values).toMatchObject({ id: 'a', first: 'sections[2]' });
  });

  it('reports bad and duplicate variables with the first one', () => {
    const issues = issuesOf(form([num('A'), num('1X'), num('A'), 'x', { label: 'L', fieldtype: 'text' }]));
    expect(issues.map((i) => [i.path, i.messageId])).toEqual([
      ['sections[0].items[1].variable', FORM_MSG.badVariable],
      ['sections[0].items[2].variable', FORM_MSG.duplicateVariable],
      ['sections[0].items[3]', FORM_MSG.notAnObject],
      ['sections[0].items[4].variable', FORM_MSG.missingField],
    ]);
    expect(issues[1]).toMatchObject({
      subject: 'A',
      values: { variable: 'A', first: 'sections[0].items[0]' },
    });
  });

  it('reports an unknown field type with the known ones, and types the caller does not know', () => {
    const [issue] = issuesOf(form([{ variable: 'A', label: 'A', fieldtype: 'slider' }]));
    expect(issue).toMatchObject({
      path: 'sections[0].items[0].fieldtype',
      subject: 'A',
      messageId: FORM_MSG.unknownFieldType,
      values: { fieldtype: 'slider' },
    });
    expect(String(issue?.values.known)).toContain('integer');
    const limited = compileForm(form([num('A')]), { fieldTypes: ['text'] });
    expect(limited.ok ? [] : limited.issues.map((i) => i.messageId)).toEqual([FORM_MSG.unknownFieldType]);
  });

  it('reports item field problems, each at its own path', () => {
    const p = 'sections[0].items';
    expect(
      where(
        form([
          { variable: 'A', label: 'A', fieldtype: 'select' },
          { variable: 'B', label: 'B', fieldtype: 'radio', selector: [{ codevalue: 'Y' }] },
          {
            variable: 'C',
            label: 'C',
            fieldtype: 'radio',
            selector: [
              { codevalue: 'Y', codedesp: 'y' },
              { codevalue: 'Y', codedesp: 'yy' },
            ],
          },
          { variable: 'D', label: 'D', fieldtype: 'text', length: 0 },
          { variable: 'E', label: 'E', fieldtype: 'decimal', precision: 1.5 },
          num('F', { hardRange: { min: 10, max: 1 } }),
          num('G', { hardRange: { min: 60, max: 250 }, softRange: { min: 50, max: 140 } }),
          num('H', { hardRange: 'wide' }),
          { variable: 'I', label: 'I', fieldtype: 'date', hardRange: { min: 1 } },
          { variable: 'J', label: 'J', fieldtype: 'text', pattern: { regex: '(', message: 'm' } },
          num('K', { default: '12a' }),
          { variable: 'L', label: 'L', fieldtype: 'calculated' },
          { variable: 'M', label: 'M', fieldtype: 'calculated', formula: '[A] +' },
          { variable: 'N', label: 'N', fieldtype: 'text', required: 'yes', help: 3 },
          { variable: 'O', label: 'O', fieldtype: 'calculated', formula: '1', default: '1' },
          { variable: 'P', fieldtype: 'text' },
        ]),
      ),
    ).toEqual([
      [`${p}[0]`, FORM_MSG.noOptions],
      [`${p}[1].selector[0]`, FORM_MSG.badOption],
      [`${p}[2].selector[1]`, FORM_MSG.duplicateOptionValue],
      [`${p}[3].length`, FORM_MSG.badLength],
      [`${p}[4].precision`, FORM_MSG.badPrecision],
      [`${p}[5].hardRange`, FORM_MSG.rangeMinAboveMax],
      [`${p}[6].softRange`, FORM_MSG.softOutsideHard],
      [`${p}[7].hardRange`, FORM_MSG.badRange],
      [`${p}[8].hardRange`, FORM_MSG.rangeNotNumeric],
      [`${p}[9].pattern.regex`, FORM_MSG.badPattern],
      [`${p}[10].default`, FORM_MSG.badDefault],
      [`${p}[11].formula`, FORM_MSG.noFormula],
      [`${p}[12].formula`, RULE_MSG.unexpectedToken],
      [`${p}[13].required`, FORM_MSG.fieldNotBoolean],
      [`${p}[13].help`, FORM_MSG.fieldNotLabel],
      [`${p}[14].default`, FORM_MSG.defaultNotAllowed],
      [`${p}[15].label`, FORM_MSG.missingField],
    ]);
  });

  it('gives a formula syntax error its position and the values of the range issues', () => {
    const issues = issuesOf(
      form([
        num('A', { hardRange: { min: 60, max: 250 }, softRange: { min: 50, max: 300 } }),
        { variable: 'M', label: 'M', fieldtype: 'calculated', formula: '[A] +' },
      ]),
    );
    expect(issues[0]?.values).toEqual({ soft: '50–300', hard: '60–250' });
    expect(issues[1]).toMatchObject({ subject: 'M', messageId: RULE_MSG.unexpectedToken });
    expect(issues[1]?.values.pos).toBe(6);
  });

  it('accepts valid defaults and keeps them', () => {
    const f = compiled(
      form([
        num('A', { default: '5' }),
        {
          variable: 'B',
          label: 'B',
          fieldtype: 'checkbox',
          default: ['Y'],
          selector: [{ codevalue: 'Y', codedesp: 'y' }],
        },
      ]),
    );
    expect(f.items.get('A')?.defaultValue).toBe('5');
    expect(f.items.get('B')?.defaultValue).toEqual(['Y']);
    expect(
      where(form([{ variable: 'B', label: 'B', fieldtype: 'checkbox', codelisttype: 'X', default: 'Y' }])),
    ).toEqual([['sections[0].items[0].default', FORM_MSG.badDefault]]);
  });

  it('keeps inputAssist on text and textarea items and refuses it elsewhere', () => {
    const text = (variable: string, fieldtype: string, more: Record<string, unknown> = {}) => ({
      variable,
      label: variable,
      fieldtype,
      ...more,
    });
    const f = compiled(
      form([
        text('T', 'text', { inputAssist: true }),
        text('X', 'textarea', { inputAssist: true }),
        text('P', 'text'),
      ]),
    );
    expect(f.items.get('T')?.inputAssist).toBe(true);
    expect(f.items.get('X')?.inputAssist).toBe(true);
    expect(f.items.get('P')?.inputAssist).toBe(false);
    const issues = issuesOf(
      form([num('N', { inputAssist: true }), text('Y', 'text', { inputAssist: 'yes' })]),
    );
    expect(issues.map((i) => [i.path, i.messageId, i.subject])).toEqual([
      ['sections[0].items[0].inputAssist', FORM_MSG.inputAssistNotAllowed, 'N'],
      ['sections[0].items[1].inputAssist', FORM_MSG.fieldNotBoolean, 'Y'],
    ]);
    expect(issues[0]?.values).toEqual({ fieldtype: 'integer' });
  });

  it('keeps coding on text items and names the wrong definition otherwise', () => {
    const item = (variable: string, fieldtype: string, more: Record<string, unknown> = {}) => ({
      variable,
      label: variable,
      fieldtype,
      ...more,
    });
    const f = compiled(
      form([
        item('AETERM', 'text', { coding: { dictionary: 'meddra' } }),
        item('CMTRT', 'textarea', { coding: { dictionary: 'whodrug' } }),
        item('P', 'text'),
      ]),
    );
    expect(f.items.get('AETERM')?.coding).toEqual({ dictionary: 'meddra' });
    expect(f.items.get('CMTRT')?.coding).toEqual({ dictionary: 'whodrug' });
    expect(f.items.get('P')?.coding).toBeNull();
    const issues = issuesOf(
      form([
        item('A', 'text', { coding: { dictionary: 'snomed' } }),
        item('B', 'text', { coding: 'meddra' }),
        num('N', { coding: { dictionary: 'meddra' } }),
      ]),
    );
    expect(issues.map((i) => [i.path, i.messageId, i.subject])).toEqual([
      ['sections[0].items[0].coding', FORM_MSG.badCoding, 'A'],
      ['sections[0].items[1].coding', FORM_MSG.badCoding, 'B'],
      ['sections[0].items[2].coding', FORM_MSG.codingNotAllowed, 'N'],
    ]);
    expect(issues[0]?.values).toEqual({ value: '{"dictionary":"snomed"}', known: 'meddra, whodrug' });
    expect(issues[2]?.values).toEqual({ fieldtype: 'integer' });
  });

  it('reports every rule problem at its path', () => {
    const issues = issuesOf(
      form(
        [num('A'), num('B')],
        [
          { id: 'R1', kind: 'show', target: 'A', expr: '[B] > 1' },
          { id: 'R1', kind: 'show', target: 'B', expr: '2 > 1' },
          { id: 'R2', kind: 'hide', target: 'A', expr: '[B] > 1' },
          { id: 'R3', kind: 'check', target: 'A', expr: '[B] > (1' },
          { id: 'R4', kind: 'check', target: 'A', expr: '[Z] > 1', severity: 'soft', message: 'm' },
          { id: 'R5', kind: 'requiredIf', target: 'Q', expr: '[B] > 1' },
          { id: 'R6', kind: 'check', target: 'A', expr: '[B] > 1' },
          7,
          { kind: 'show', target: 'A' },
        ],
      ),
    );
    expect(issues.map((i) => [i.path, i.messageId, i.subject])).toEqual([
      ['rules[1].id', FORM_MSG.duplicateRule, 'R1'],
      ['rules[2].kind', FORM_MSG.unknownRuleKind, 'R2'],
      ['rules[3].expr', RULE_MSG.missingParen, 'R3'],
      ['rules[3].severity', FORM_MSG.checkWithoutSeverity, 'R3'],
      ['rules[3].message', FORM_MSG.checkWithoutMessage, 'R3'],
      ['rules[4].expr', FORM_MSG.unknownReference, 'R4'],
      ['rules[5].target', FORM_MSG.unknownTarget, 'R5'],
      ['rules[6].severity', FORM_MSG.checkWithoutSeverity, 'R6'],
      ['rules[6].message', FORM_MSG.checkWithoutMessage, 'R6'],
      ['rules[7]', FORM_MSG.notAnObject, null],
      ['rules[8].id', FORM_MSG.missingField, null],
      ['rules[8].expr', FORM_MSG.missingField, null],
    ]);
    expect(issues[0]?.values).toMatchObject({ id: 'R1', first: 'rules[0]' });
    expect(issues[5]?.values).toEqual({ rule: 'R4', variable: 'Z' });
    expect(issues[6]?.values).toEqual({ rule: 'R5', target: 'Q' });
    expect(typeof issues[2]?.values.pos).toBe('number');
  });

  it('reports a formula reading an unknown variable', () => {
    const issues = issuesOf(
      form([{ variable: 'C', label: 'C', fieldtype: 'calculated', formula: '[NOPE] + 1' }]),
    );
    expect(issues).toEqual([
      {
        path: 'sections[0].items[0].formula',
        subject: 'C',
        messageId: FORM_MSG.unknownReference,
        values: { rule: 'C', variable: 'NOPE' },
        span: { start: 0, end: 6 },
      },
    ]);
  });

  it('refuses cycles among formulas and show rules, naming the cycle', () => {
    const twoFormulas = form([
      { variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[B] + 1' },
      { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] + 1' },
    ]);
    expect(issuesOf(twoFormulas)).toEqual([
      {
        path: 'sections[0].items[0]',
        subject: 'A',
        messageId: FORM_MSG.cycle,
        values: { cycle: 'A → B → A' },
      },
    ]);
    const viaShow = form(
      [num('A'), { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] * 2' }],
      [{ id: 'S', kind: 'show', target: 'A', expr: '[B] > 1' }],
    );
    expect(issuesOf(viaShow)[0]?.values).toEqual({ cycle: 'A → B → A' });
    const self = form([{ variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[A] + 1' }]);
    expect(issuesOf(self)[0]?.values).toEqual({ cycle: 'A → A' });
  });

  it('reports every separate cycle at once, each at its first variable', () => {
    const twoCycles = form(
      [
        { variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[B] + 1' },
        { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[A] + 1' },
        num('C'),
        { variable: 'D', label: 'D', fieldtype: 'calculated', formula: '[C] * 2' },
        { variable: 'E', label: 'E', fieldtype: 'calculated', formula: '[E] + 1' },
      ],
      [{ id: 'S', kind: 'show', target: 'C', expr: '[D] > 1' }],
    );
    expect(issuesOf(twoCycles)).toEqual([
      {
        path: 'sections[0].items[0]',
        subject: 'A',
        messageId: FORM_MSG.cycle,
        values: { cycle: 'A → B → A' },
      },
      {
        path: 'sections[0].items[2]',
        subject: 'C',
        messageId: FORM_MSG.cycle,
        values: { cycle: 'C → D → C' },
      },
      {
        path: 'sections[0].items[4]',
        subject: 'E',
        messageId: FORM_MSG.cycle,
        values: { cycle: 'E → E' },
      },
    ]);
  });

  it('reports one cycle once, however many variables read into it', () => {
    const entries = form(
      [
        { variable: 'X', label: 'X', fieldtype: 'calculated', formula: '[B] + [C]' },
        { variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[B] + 1' },
        { variable: 'B', label: 'B', fieldtype: 'calculated', formula: '[C] + 1' },
        { variable: 'C', label: 'C', fieldtype: 'calculated', formula: '[A] + [A]' },
        { variable: 'Y', label: 'Y', fieldtype: 'calculated', formula: '[A] + [C]' },
      ],
      [{ id: 'S', kind: 'show', target: 'Y', expr: 'notblank([B])' }],
    );
    expect(issuesOf(entries)).toEqual([
      {
        path: 'sections[0].items[2]',
        subject: 'B',
        messageId: FORM_MSG.cycle,
        values: { cycle: 'B → C → A → B' },
      },
    ]);
  });

  it('does not count checks and requiredIf rules reading each other as cycles', () => {
    const f = compileForm(
      form(
        [num('A'), num('B')],
        [
          { id: 'C1', kind: 'check', target: 'A', expr: '[A] < [B]', severity: 'hard', message: 'm' },
          { id: 'C2', kind: 'requiredIf', target: 'B', expr: 'notblank([A])' },
        ],
      ),
    );
    expect(f.ok).toBe(true);
  });

  it('collects all issues at once rather than stopping at the first', () => {
    const raw = vitalSigns() as unknown as Record<string, unknown>;
    const broken = JSON.parse(JSON.stringify(raw)) as RawFormSchema;
    broken.version = -1;
    broken.sections[0]!.items[2]!.fieldtype = 'nope';
    broken.rules![0]!.expr = "[PERF] = 'N";
    expect(where(broken)).toEqual([
      ['version', FORM_MSG.fieldNotPositiveInteger],
      ['sections[0].items[2].fieldtype', FORM_MSG.unknownFieldType],
      ['rules[0].expr', RULE_MSG.unterminatedString],
    ]);
  });
});

describe('compileFormCached', () => {
  it('compiles each raw object once', () => {
    const raw = vitalSigns();
    const first = compileFormCached(raw);
    expect(compileFormCached(raw)).toBe(first);
    expect(compileFormCached(vitalSigns())).not.toBe(first);
    expect(compileFormCached(raw, { fieldTypes: ['text'] })).not.toBe(first);
  });
});

describe('withOptions', () => {
  it('fills code-list options so that membership is checked', () => {
    const f = compiled(form([{ variable: 'SEX', label: 'Sex', fieldtype: 'radio', codelisttype: 'SEX' }]));
    expect(validateForm(f, { SEX: 'X' }, CTX)).toEqual({});
    const lookup = (type: string) =>
      type === 'SEX'
        ? [
            { value: 'M', label: 'Male' },
            { value: 'F', label: 'Female' },
          ]
        : null;
    const resolved = withOptions(f, lookup);
    expect(resolved.items.get('SEX')?.options?.map((o) => o.value)).toEqual(['M', 'F']);
    expect(resolved.sections[0]?.items[0]).toBe(resolved.items.get('SEX'));
    expect(validateForm(resolved, { SEX: 'X' }, CTX).SEX?.[0]?.messageId).toBe(FORM_MSG.notAnOption);
    expect(withOptions(f, () => null)).toBe(f);
  });
});
