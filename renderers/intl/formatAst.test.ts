import { parse } from '@formatjs/icu-messageformat-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAst } from './formatAst';

const ELEMENT = { element: 'a React node' };

/**
 * Real messages of the catalogues (copied: the table must not change with them) with values and the output
 * `intl-messageformat` 12.1.4, which formatAst replaced, gave for them (src/i18n/catalogueFormatting.test.ts compared
 * both on every message of both catalogues before it was removed, commit 272b10e).
 */
const TABLE: [locale: string, message: string, values: Record<string, unknown>, expected: unknown][] = [
  // plural: `=0`, the locale's categories, `#` as a number of the locale
  [
    'en',
    '{count, plural, =0 {No open queries} one {# open query} other {# open queries}}',
    { count: 0 },
    'No open queries',
  ],
  [
    'en',
    '{count, plural, =0 {No open queries} one {# open query} other {# open queries}}',
    { count: 1 },
    '1 open query',
  ],
  [
    'en',
    '{count, plural, =0 {No open queries} one {# open query} other {# open queries}}',
    { count: 1234 },
    '1,234 open queries',
  ],
  [
    'en',
    '{count, plural, =0 {No open queries} one {# open query} other {# open queries}}',
    { count: 1.5 },
    '1.5 open queries',
  ],
  [
    'en',
    '{count, plural, =0 {No open queries} one {# open query} other {# open queries}}',
    { count: '1' },
    '1 open query',
  ],
  ['zh-CN', '{count, plural, =0 {无未关闭质疑} other {# 条未关闭质疑}}', { count: 0 }, '无未关闭质疑'],
  ['zh-CN', '{count, plural, =0 {无未关闭质疑} other {# 条未关闭质疑}}', { count: 1 }, '1 条未关闭质疑'],
  [
    'zh-CN',
    '{visit}：{count, plural, other {# 个页面}}未录入',
    { visit: '访视 1', count: 3 },
    '访视 1：3 个页面未录入',
  ],
  [
    'en',
    '{fileName} ({format}): {forms, plural, one {# form} other {# forms}}, {codeLists, plural, one {# code list} other {# code lists}}, {issues, plural, one {# import finding} other {# import findings}}',
    { fileName: 'a.xml', format: 'ODM', forms: 1, codeLists: 2, issues: 0 },
    'a.xml (ODM): 1 form, 2 code lists, 0 import findings',
  ],
  // select, with arguments inside its cases, and its `other`
  [
    'en',
    'Position {pos}: unexpected {at, select, end {end of the rule} other {“{token}”}}',
    { pos: 3, at: 'end', token: ')' },
    'Position 3: unexpected end of the rule',
  ],
  [
    'en',
    'Position {pos}: unexpected {at, select, end {end of the rule} other {“{token}”}}',
    { pos: 3, at: 'token', token: ')' },
    'Position 3: unexpected “)”',
  ],
  [
    'zh-CN',
    '第 {pos} 个字符处：{name}() 需要{shape, select, exact { {min} 个} atLeast {至少 {min} 个} other { {min} 到 {max} 个}}参数，实际为 {given} 个',
    { pos: 1, name: 'max', shape: 'range', min: 1, max: 2, given: 0 },
    '第 1 个字符处：max() 需要 1 到 2 个参数，实际为 0 个',
  ],
  // escaped braces and apostrophes
  [
    'en',
    "\"{field}\" must be a text or '{'zh_CN, en'}'",
    { field: 'label' },
    '"label" must be a text or {zh_CN, en}',
  ],
  [
    'en',
    "The study's SDV plan requires this item to be verified.",
    {},
    "The study's SDV plan requires this item to be verified.",
  ],
  // arguments: numbers as they are (not formatted), nothing for null and undefined, elements as parts
  ['en', 'Saved by {who}', { who: 1234.5 }, 'Saved by 1234.5'],
  ['en', 'Saved by {who}', { who: null }, 'Saved by '],
  ['en', 'Saved by {who}', { who: ELEMENT }, ['Saved by ', ELEMENT]],
  ['en', '{who}', { who: ELEMENT }, ELEMENT],
  ['en', '{a}{b}', { a: 'x', b: 'y' }, 'xy'],
  ['en', '', {}, ''],
];

describe('formatAst', () => {
  it.each(TABLE)('%s: %s with %o', (locale, message, values, expected) => {
    expect(formatAst(parse(message), locale, values)).toEqual(expected);
  });

  it('takes an offset, exact cases before it, and ordinals (not in the catalogues yet, but ICU)', () => {
    const ast = parse(
      '{n, plural, offset:1 =0 {nobody} =1 {you} one {you and # other} other {you and # others}}',
    );
    expect([0, 1, 2, 5].map((n) => formatAst(ast, 'en', { n }))).toEqual([
      'nobody',
      'you',
      'you and 1 other',
      'you and 4 others',
    ]);
    const ordinal = parse('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}');
    expect([1, 2, 3, 4, 11, 22].map((n) => formatAst(ordinal, 'en', { n }))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '22nd',
    ]);
  });

  it('fails on a missing value or a select without a case for its value (the binding reports it)', () => {
    expect(() => formatAst(parse('Hello {name}'), 'en', {})).toThrow(/name/);
    expect(() => formatAst(parse('Hello {name}'), 'en')).toThrow(/name/);
    expect(() => formatAst(parse('{a, select, x {X} other {O}}'), 'en', { a: 'y' })).not.toThrow();
  });

  it('refuses what the app does not use: number, date and time arguments, rich-text tags', () => {
    for (const message of ['{n, number}', '{d, date, short}', '{t, time}', '<b>bold</b>'])
      expect(() => formatAst(parse(message), 'en', { n: 1, d: 0, t: 0, b: (s: string) => s })).toThrow(
        /not supported/,
      );
  });

  it('shows text arguments as they are, around any text', () => {
    const text = fc.string().filter((s) => !/[{}<>'#]/.test(s));
    fc.assert(
      // (texts without ICU's special characters around the argument: the table above has escaped ones)
      fc.property(text, fc.string(), text, (before, value, after) => {
        const ast = parse(`${before}{v}${after}`);
        expect(formatAst(ast, 'zh-CN', { v: value })).toBe(before + value + after);
      }),
    );
  });
});
