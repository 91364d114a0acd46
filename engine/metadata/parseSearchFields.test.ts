import { describe, expect, it } from 'vitest';
import { defaultFieldTypes } from '../fieldTypes/registry';
import { META_EXPECTED, META_MSG } from './messages';
import { parseSearchFields, validSearchFields } from './parseSearchFields';
import type { InvalidItem, SearchFieldNode } from './types';

const registry = defaultFieldTypes();

const good = [
  {
    innerid: 'f1',
    prop: 'subjid',
    fieldname: { zh_CN: '受试者编号', en: 'Subject No.' },
    fieldtype: 'string',
  },
  { innerid: 'f2', prop: 'age', fieldname: 'Age', fieldtype: 'num', show: false, custom: true, value: 42 },
  {
    innerid: 'f3',
    prop: 'enrolldate',
    fieldname: 'Enrolled',
    fieldtype: 'date',
    value: '2026-01-01',
    endValue: { type: 'range', value: '2026-02-01' },
  },
  {
    innerid: 'f4',
    prop: 'sex',
    fieldname: 'Sex',
    fieldtype: 'select',
    selector: [
      { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
      { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
    ],
    value: 'F',
  },
  { innerid: 'f5', prop: 'status', fieldname: 'Status', fieldtype: 'mselect', codelisttype: 'SUBJSTATUS' },
  {
    innerid: 6,
    prop: 'siteid',
    fieldname: 'Site',
    fieldtype: 'select',
    valueKey: 'id',
    labelKey: 'name',
    selector: [{ id: 1, name: 'BJ01 Beijing' }],
  },
];

function invalid(node: SearchFieldNode | undefined): InvalidItem {
  if (node?.kind !== 'invalid') throw new Error(`expected an invalid item, got ${JSON.stringify(node)}`);
  return node;
}

/** Parses `good` with one bad definition appended; the good ones must still parse. */
function withBad(bad: unknown) {
  const parsed = parseSearchFields([...good, bad], registry);
  expect(parsed.items.slice(0, good.length).every((i) => i.kind === 'field')).toBe(true);
  expect(parsed.issues).toHaveLength(1);
  const item = invalid(parsed.items[good.length]);
  expect(item.issue).toBe(parsed.issues[0]);
  return item.issue;
}

describe('parseSearchFields: good definitions', () => {
  it('parses every built-in search type with defaults, ranges, inline and code-list options', () => {
    const parsed = parseSearchFields(good, registry);
    expect(parsed.issues).toEqual([]);
    const fields = validSearchFields(parsed);
    expect(fields.map((f) => [f.prop, f.fieldtype, f.show, f.custom])).toEqual([
      ['subjid', 'string', true, false],
      ['age', 'num', false, true],
      ['enrolldate', 'date', true, false],
      ['sex', 'select', true, false],
      ['status', 'mselect', true, false],
      ['siteid', 'select', true, false],
    ]);
    expect(fields[0]).toMatchObject({
      index: 0,
      path: 'searchFields[0]',
      innerid: 'f1',
      initial: null,
      range: false,
    });
    expect(fields[1]?.initial).toBe('42');
    expect(fields[2]).toMatchObject({ range: true, initial: { start: '2026-01-01', end: '2026-02-01' } });
    expect(fields[3]).toMatchObject({ initial: 'F', codelisttype: null });
    expect(fields[3]?.options).toEqual([
      { value: 'M', label: { zh_CN: '男', en: 'Male' } },
      { value: 'F', label: { zh_CN: '女', en: 'Female' } },
    ]);
    expect(fields[4]).toMatchObject({ options: null, codelisttype: 'SUBJSTATUS', initial: [] });
    expect(fields[5]).toMatchObject({ innerid: '6', options: [{ value: '1', label: 'BJ01 Beijing' }] });
  });

  it('defaults innerid to prop', () => {
    const parsed = parseSearchFields([{ prop: 'x', fieldname: 'X', fieldtype: 'string' }], registry);
    expect(validSearchFields(parsed)[0]?.innerid).toBe('x');
  });
});

describe('parseSearchFields: each bad definition is named, the rest still parses', () => {
  it('not a list', () => {
    for (const raw of [null, {}, 'x', 3]) {
      const parsed = parseSearchFields(raw, registry);
      expect(parsed.items).toEqual([]);
      expect(parsed.issues).toEqual([
        {
          path: 'searchFields',
          index: null,
          prop: null,
          messageId: META_MSG.notAList,
          values: { path: 'searchFields', prop: '?' },
        },
      ]);
    }
  });

  it.each([
    ['item not an object', 'oops', META_MSG.notAnObject, '?', {}],
    ['item is a list', [1], META_MSG.notAnObject, '?', {}],
    ['missing prop', { fieldname: 'X', fieldtype: 'string' }, META_MSG.missingProp, '?', {}],
    [
      'prop not a text',
      { prop: 5, fieldname: 'X', fieldtype: 'string' },
      META_MSG.badField,
      '?',
      { field: 'prop' },
    ],
    [
      'prop is a paging param',
      { prop: 'page', fieldname: 'X', fieldtype: 'string' },
      META_MSG.badField,
      'page',
      { field: 'prop' },
    ],
    ['missing label', { prop: 'x', fieldtype: 'string' }, META_MSG.missingLabel, 'x', { field: 'fieldname' }],
    [
      'blank label',
      { prop: 'x', fieldname: { zh_CN: ' ', en: '' }, fieldtype: 'string' },
      META_MSG.missingLabel,
      'x',
      { field: 'fieldname' },
    ],
    ['missing fieldtype', { prop: 'x', fieldname: 'X' }, META_MSG.badField, 'x', { field: 'fieldtype' }],
    [
      'unknown fieldtype',
      { prop: 'x', fieldname: 'X', fieldtype: 'colour' },
      META_MSG.unknownFieldtype,
      'x',
      { fieldtype: 'colour' },
    ],
    [
      'fieldtype without search behaviour',
      { prop: 'x', fieldname: 'X', fieldtype: 'datetime' },
      META_MSG.notSearchable,
      'x',
      { fieldtype: 'datetime' },
    ],
    [
      'show not a boolean',
      { prop: 'x', fieldname: 'X', fieldtype: 'string', show: 'yes' },
      META_MSG.badField,
      'x',
      { field: 'show', expected: META_EXPECTED.bool },
    ],
    [
      'custom not a boolean',
      { prop: 'x', fieldname: 'X', fieldtype: 'string', custom: 1 },
      META_MSG.badField,
      'x',
      { field: 'custom' },
    ],
    [
      'select without options',
      { prop: 'x', fieldname: 'X', fieldtype: 'select' },
      META_MSG.noOptions,
      'x',
      { fieldtype: 'select' },
    ],
    [
      'mselect with an empty selector and no codelisttype',
      { prop: 'x', fieldname: 'X', fieldtype: 'mselect', selector: [] },
      META_MSG.noOptions,
      'x',
      { fieldtype: 'mselect' },
    ],
    [
      'selector not a list',
      { prop: 'x', fieldname: 'X', fieldtype: 'select', selector: { M: 'Male' } },
      META_MSG.badField,
      'x',
      { field: 'selector' },
    ],
    [
      'option without value',
      {
        prop: 'x',
        fieldname: 'X',
        fieldtype: 'select',
        selector: [{ codevalue: 'M', codedesp: 'M' }, { codedesp: 'F' }],
      },
      META_MSG.badOption,
      'x',
      { option: 2 },
    ],
    [
      'option without label',
      { prop: 'x', fieldname: 'X', fieldtype: 'select', selector: [{ codevalue: 'M' }] },
      META_MSG.badOption,
      'x',
      { option: 1 },
    ],
    [
      'option read with custom keys but sent with the default ones',
      {
        prop: 'x',
        fieldname: 'X',
        fieldtype: 'select',
        valueKey: 'id',
        labelKey: 'name',
        selector: [{ codevalue: 'M', codedesp: 'Male' }],
      },
      META_MSG.badOption,
      'x',
      { option: 1 },
    ],
    [
      'range on a non-date type',
      { prop: 'x', fieldname: 'X', fieldtype: 'num', endValue: { type: 'range' } },
      META_MSG.rangeNotAllowed,
      'x',
      { fieldtype: 'num' },
    ],
    [
      'endValue of an unknown kind',
      { prop: 'x', fieldname: 'X', fieldtype: 'date', endValue: { type: 'interval' } },
      META_MSG.badField,
      'x',
      { field: 'endValue' },
    ],
    [
      'initial date not yyyy-MM-dd',
      { prop: 'x', fieldname: 'X', fieldtype: 'date', value: '2026/01/01' },
      META_MSG.badInitialValue,
      'x',
      {},
    ],
    [
      'initial range end before start',
      {
        prop: 'x',
        fieldname: 'X',
        fieldtype: 'date',
        value: '2026-02-01',
        endValue: { type: 'range', value: '2026-01-01' },
      },
      META_MSG.badInitialValue,
      'x',
      {},
    ],
    [
      'initial number with letters',
      { prop: 'x', fieldname: 'X', fieldtype: 'num', value: '12a' },
      META_MSG.badInitialValue,
      'x',
      {},
    ],
    [
      'initial text that is an object',
      { prop: 'x', fieldname: 'X', fieldtype: 'string', value: { a: 1 } },
      META_MSG.badInitialValue,
      'x',
      {},
    ],
    [
      'initial select value not among the options',
      {
        prop: 'x',
        fieldname: 'X',
        fieldtype: 'select',
        selector: [{ codevalue: 'M', codedesp: 'M' }],
        value: 'Q',
      },
      META_MSG.badInitialValue,
      'x',
      {},
    ],
    [
      'duplicate prop',
      { innerid: 'other', prop: 'sex', fieldname: 'X', fieldtype: 'string' },
      META_MSG.duplicateProp,
      'sex',
      { other: 'searchFields[3]' },
    ],
    [
      'duplicate innerid',
      { innerid: 'f2', prop: 'weight', fieldname: 'X', fieldtype: 'num' },
      META_MSG.duplicateInnerid,
      'weight',
      { innerid: 'f2', other: 'searchFields[1]' },
    ],
  ])('%s', (_name, bad, messageId, prop, values) => {
    const issue = withBad(bad);
    expect(issue.messageId).toBe(messageId);
    expect(issue.path).toBe(`searchFields[${good.length}]`);
    expect(issue.index).toBe(good.length);
    expect(issue.prop).toBe(prop === '?' ? null : prop);
    expect(issue.values).toMatchObject({ ...values, path: `searchFields[${good.length}]`, prop });
    if (messageId === META_MSG.badInitialValue) expect(typeof issue.values.detail).toBe('string');
  });

  it("a prop clashing with a range's <prop>Start param is a duplicate", () => {
    const issue = withBad({ innerid: 'x', prop: 'enrolldateStart', fieldname: 'X', fieldtype: 'date' });
    expect(issue).toMatchObject({ messageId: META_MSG.duplicateProp, values: { other: 'searchFields[2]' } });
  });

  it('keeps the first of two definitions with the same prop and flags the second', () => {
    const parsed = parseSearchFields(
      [
        { prop: 'a', fieldname: 'A', fieldtype: 'string' },
        { prop: 'a', fieldname: 'A2', fieldtype: 'string' },
      ],
      registry,
    );
    expect(parsed.items[0]?.kind).toBe('field');
    expect(invalid(parsed.items[1]).issue.values).toMatchObject({ other: 'searchFields[0]' });
  });
});
