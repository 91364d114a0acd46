/**
 * Checks that catch what would break at runtime (issue 18): unknown code lists, codes that are not options, list
 * comparisons, show rules that can never be true — each at its path, rules with the span inside the expression.
 */
import { describe, expect, it } from 'vitest';
import codeListsWire from '../../../fixtures/lists/codeLists.def.json';
import { cdashSchemas } from '../../../fixtures/forms/index';
import { parseSelector } from '../../metadata/codeOptions';
import { FORM_MSG } from '../messages';
import type { CodeListCatalog, FormSchemaIssue, RawFormItem, RawFormRule } from '../types';
import { compileForm } from './compileForm';

const STUDY_CODE_LISTS: CodeListCatalog = Object.fromEntries(
  Object.entries(codeListsWire).map(([name, list]) => {
    const parsed = parseSelector(list);
    return [name, 'options' in parsed ? parsed.options : null];
  }),
);

const YN = [
  { codevalue: 'Y', codedesp: 'Yes' },
  { codevalue: 'N', codedesp: 'No' },
];

function schema(items: RawFormItem[], rules: RawFormRule[] = []) {
  return { formid: 'T', tid: 'T', name: 'T', version: 1, sections: [{ id: 's', title: 'S', items }], rules };
}

function issuesOf(raw: unknown, codeLists?: CodeListCatalog): readonly FormSchemaIssue[] {
  const result = compileForm(raw, codeLists === undefined ? {} : { codeLists });
  return result.ok ? [] : result.issues;
}

/** The text a span points at inside the rule at `rules[i]`. */
function spanned(raw: ReturnType<typeof schema>, issue: FormSchemaIssue | undefined): string {
  const index = Number(/^rules\[(\d+)\]/.exec(issue?.path ?? '')?.[1]);
  const expr = raw.rules[index]?.expr ?? '';
  return issue?.span === undefined ? '' : expr.slice(issue.span.start, issue.span.end);
}

const items: RawFormItem[] = [
  { variable: 'AGE', label: 'Age', fieldtype: 'integer', hardRange: { min: 0, max: 120 } },
  { variable: 'SEX', label: 'Sex', fieldtype: 'radio', codelisttype: 'SEX' },
  { variable: 'PREG', label: 'Pregnant', fieldtype: 'select', selector: YN },
  { variable: 'RACE', label: 'Race', fieldtype: 'checkbox', selector: YN },
  { variable: 'NOTE', label: 'Note', fieldtype: 'text' },
  { variable: 'W', label: 'Weight', fieldtype: 'decimal' },
  { variable: 'TGT', label: 'Shown or not', fieldtype: 'text' },
];

describe('unknown code lists', () => {
  it('is silent without the study code lists (the compiler cannot know them)', () => {
    expect(
      issuesOf(schema([{ variable: 'X', label: 'X', fieldtype: 'select', codelisttype: 'NOPE' }])),
    ).toEqual([]);
  });

  it('reports a codelisttype the study does not have, at its path, with the known names', () => {
    const issues = issuesOf(
      schema([{ variable: 'X', label: 'X', fieldtype: 'select', codelisttype: 'NOPE' }]),
      STUDY_CODE_LISTS,
    );
    expect(issues).toEqual([
      {
        path: 'sections[0].items[0].codelisttype',
        subject: 'X',
        messageId: FORM_MSG.unknownCodeList,
        values: {
          codelisttype: 'NOPE',
          known: 'SEX, SUBJSTATUS, YN, QUERYSTATUS, QUERYKIND, FREEZESTATUS, FREEZEACTION, FREEZELEVEL',
        },
      },
    ]);
  });

  it('accepts every fixture form against the seeded code lists', () => {
    for (const raw of cdashSchemas) expect(issuesOf(raw, STUDY_CODE_LISTS), raw.tid).toEqual([]);
  });
});

describe('codes and lists in rules', () => {
  it('reports a code a choice item does not offer, with the span of the code (inline options)', () => {
    const raw = schema(items, [{ id: 'R1', kind: 'requiredIf', target: 'NOTE', expr: "[PREG] = 'YES'" }]);
    const issues = issuesOf(raw);
    expect(issues.map((i) => [i.path, i.messageId, i.values])).toEqual([
      ['rules[0].expr', FORM_MSG.codeNotAnOption, { rule: 'R1', variable: 'PREG', code: 'YES' }],
    ]);
    expect(spanned(raw, issues[0])).toBe("'YES'");
  });

  it("checks a code-list item's codes when the code list's options are given; in() and contains() too", () => {
    const raw = schema(items, [
      { id: 'R1', kind: 'requiredIf', target: 'NOTE', expr: "in([SEX], 'M', 'W')" },
      { id: 'R2', kind: 'requiredIf', target: 'NOTE', expr: "contains([RACE], 'X')" },
    ]);
    expect(issuesOf(raw).filter((i) => i.path === 'rules[0].expr')).toEqual([]);
    const issues = issuesOf(raw, STUDY_CODE_LISTS);
    expect(issues.map((i) => [i.path, i.values.code, spanned(raw, i)])).toEqual([
      ['rules[0].expr', 'W', "'W'"],
      ['rules[1].expr', 'X', "'X'"],
    ]);
  });

  it('accepts codes that are options, whatever the quoting of numbers', () => {
    const numeric: RawFormItem[] = [
      { variable: 'N', label: 'N', fieldtype: 'radio', selector: [{ codevalue: '1', codedesp: 'one' }] },
      { variable: 'M', label: 'M', fieldtype: 'text' },
    ];
    const rules: RawFormRule[] = [{ id: 'R', kind: 'show', target: 'M', expr: "[N] = 1 or [N] = '1.0'" }];
    expect(issuesOf(schema(numeric, rules))).toEqual([]);
  });

  it('reports = on a multi-choice item (a list: never true), at the comparison', () => {
    const raw = schema(items, [
      {
        id: 'R1',
        kind: 'check',
        target: 'NOTE',
        expr: "isblank([NOTE]) or [RACE] = 'Y'",
        severity: 'soft',
        message: 'm',
      },
    ]);
    const issues = issuesOf(raw);
    expect(issues.map((i) => i.messageId)).toEqual([FORM_MSG.listCompared]);
    expect(spanned(raw, issues[0])).toBe("[RACE] = 'Y'");
  });

  it('checks the codes in formulas too', () => {
    const issues = issuesOf(
      schema([
        ...items,
        { variable: 'C', label: 'C', fieldtype: 'calculated', formula: "if([PREG] = 'y', 1, 0)" },
      ]),
    );
    expect(issues.map((i) => [i.path, i.messageId, i.span])).toEqual([
      ['sections[0].items[7].formula', FORM_MSG.codeNotAnOption, { start: 12, end: 15 }],
    ]);
  });
});

describe('show rules that can never be true', () => {
  const cases: [string, string, string, string][] = [
    ['a constant', 'false', FORM_MSG.showNeverTrue, 'false'],
    ['a constant comparison', '1 = 2', FORM_MSG.showNeverTrue, '1 = 2'],
    ['contradictory ranges', '[AGE] > 65 and [AGE] < 18', FORM_MSG.showContradiction, '[AGE] < 18'],
    ['a range outside the hard range', '[AGE] > 150', FORM_MSG.showContradiction, '[AGE] > 150'],
    ['no whole number between', '[AGE] > 17 and [AGE] < 18', FORM_MSG.showContradiction, '[AGE] < 18'],
    ['two different codes', "[NOTE] = 'a' and [NOTE] = 'b'", FORM_MSG.showContradiction, "[NOTE] = 'b'"],
    [
      'in() against the options',
      "in([PREG], 'Y') and [PREG] = 'N'",
      FORM_MSG.showContradiction,
      "[PREG] = 'N'",
    ],
    ['a code compared as a number', "[NOTE] = 'x' and [NOTE] > 3", FORM_MSG.showContradiction, '[NOTE] > 3'],
    [
      'both sides of or',
      '[W] < 1 and [W] > 2 or false',
      FORM_MSG.showContradiction,
      '[W] < 1 and [W] > 2 or false',
    ],
  ];
  it.each(cases)('reports %s', (_name, expr, messageId, at) => {
    const raw = schema(items, [{ id: 'S1', kind: 'show', target: 'TGT', expr }]);
    const issues = issuesOf(raw);
    expect(issues.map((i) => [i.path, i.subject, i.messageId])).toEqual([['rules[0].expr', 'S1', messageId]]);
    expect(issues[0]?.values.target).toBe('TGT');
    expect(spanned(raw, issues[0])).toBe(at);
  });

  it.each([
    '[AGE] >= 18 and [AGE] <= 18',
    '[W] > 17 and [W] < 18',
    "[SEX] = 'F' and [AGE] > 12",
    "([PREG] = 'Y' or [PREG] = 'N') and [PREG] = 'N'",
    "not [PREG] = 'Y'",
    "[NOTE] > '2024-01-01' and [NOTE] < '2023-01-01'",
    "datediff([NOTE], today(), 'd') > 3",
    'true',
    "[NOTE] != 'a' and [NOTE] = 'a'",
  ])('stays silent where the condition may be true or the engine cannot tell: %s', (expr) => {
    expect(issuesOf(schema(items, [{ id: 'S1', kind: 'show', target: 'TGT', expr }]))).toEqual([]);
  });

  it('does not report a dead show rule twice when its code is not an option', () => {
    const issues = issuesOf(schema(items, [{ id: 'S1', kind: 'show', target: 'TGT', expr: "[PREG] = 'X'" }]));
    expect(issues.map((i) => i.messageId)).toEqual([FORM_MSG.codeNotAnOption]);
  });
});

describe('positions and self-references', () => {
  it('gives an unknown reference the span of the reference, a syntax error the span of its token', () => {
    const raw = schema(items, [
      { id: 'R1', kind: 'show', target: 'TGT', expr: '[AGE] > 1 and [NOPE] = 2' },
      { id: 'R2', kind: 'show', target: 'W', expr: '[AGE] > > 1' },
    ]);
    const issues = issuesOf(raw);
    expect(issues.map((i) => [i.path, i.messageId, spanned(raw, i)])).toEqual([
      ['rules[0].expr', FORM_MSG.unknownReference, '[NOPE]'],
      ['rules[1].expr', 'rule.unexpectedToken', '>'],
    ]);
    expect(issues[1]?.span).toEqual({ start: 8, end: 9 });
  });

  it('reports a calculation that reads itself as a cycle, at the item', () => {
    const issues = issuesOf(
      schema([{ variable: 'A', label: 'A', fieldtype: 'calculated', formula: '[A] + 1' }]),
    );
    expect(issues.map((i) => [i.path, i.messageId, i.values])).toEqual([
      ['sections[0].items[0]', FORM_MSG.cycle, { cycle: 'A → A' }],
    ]);
  });

  it('reports a show rule whose target reads itself as a cycle', () => {
    const issues = issuesOf(
      schema(items, [{ id: 'S', kind: 'show', target: 'NOTE', expr: 'notblank([NOTE])' }]),
    );
    expect(issues.map((i) => i.messageId)).toEqual([FORM_MSG.cycle]);
  });

  it('keeps reporting duplicate option codes and unknown targets', () => {
    const issues = issuesOf(
      schema(
        [
          {
            variable: 'X',
            label: 'X',
            fieldtype: 'radio',
            selector: [...YN, { codevalue: 'Y', codedesp: 'again' }],
          },
        ],
        [{ id: 'R', kind: 'show', target: 'GONE', expr: "[X] = 'Y'" }],
      ),
    );
    expect(issues.map((i) => [i.path, i.messageId])).toEqual([
      ['sections[0].items[0].selector[2]', FORM_MSG.duplicateOptionValue],
      ['rules[0].target', FORM_MSG.unknownTarget],
    ]);
  });
});
