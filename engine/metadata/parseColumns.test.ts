import { describe, expect, it } from 'vitest';
import { defaultFieldTypes } from '../fieldTypes/registry';
import { META_EXPECTED, META_MSG } from './messages';
import { columnLeaves, parseColumns } from './parseColumns';
import type { ColumnGroupDef, ColumnLeafDef, ColumnNode } from './types';

const registry = defaultFieldTypes();

const good = [
  {
    prop: 'subjid',
    label: { zh_CN: '受试者编号', en: 'Subject No.' },
    fixed: true,
    sortable: 'custom',
    width: 140,
  },
  {
    label: 'Site',
    fixed: 'left',
    children: [
      { prop: 'sitecode', label: 'Code', width: '90' },
      { prop: 'sitename', label: 'Name', minWidth: 120, nowrap: false },
    ],
  },
  { prop: 'sex', label: 'Sex', filter: 'codelist:SEX' },
  { prop: 'updatedat', label: 'Updated', fieldtype: 'datetime', timezone: 'Asia/Shanghai', sortable: true },
  { prop: 'visit', label: 'Visit', sortable: true, sorttid: 'T1', innerid: 'I9', render: 'visitLink' },
  { prop: 'actions', label: 'Actions', slotName: 'rowActions', fixed: 'right', timezone: 'user' },
];

function leaf(node: ColumnNode | undefined): ColumnLeafDef {
  if (node?.kind !== 'leaf') throw new Error(`expected a leaf, got ${JSON.stringify(node)}`);
  return node;
}

function withBad(bad: unknown) {
  const parsed = parseColumns([...good, bad], registry);
  expect(parsed.items.slice(0, good.length).every((i) => i.kind !== 'invalid')).toBe(true);
  expect(parsed.issues).toHaveLength(1);
  const item = parsed.items[good.length];
  if (item?.kind !== 'invalid') throw new Error('expected an invalid column');
  expect(item.issue).toBe(parsed.issues[0]);
  return item.issue;
}

describe('parseColumns: good column sets', () => {
  it('parses leaves, groups and every column feature', () => {
    const parsed = parseColumns(good, registry);
    expect(parsed.issues).toEqual([]);
    expect(leaf(parsed.items[0])).toMatchObject({
      path: 'columns[0]',
      prop: 'subjid',
      fixed: 'left',
      sortable: true,
      width: 140,
      minWidth: null,
      nowrap: true,
      fieldtype: null,
      filter: null,
    });
    const group = parsed.items[1] as ColumnGroupDef;
    expect(group).toMatchObject({ kind: 'group', path: 'columns[1]', label: 'Site', fixed: 'left' });
    expect(leaf(group.children[0])).toMatchObject({ path: 'columns[1].children[0]', width: 90 });
    expect(leaf(group.children[1])).toMatchObject({ minWidth: 120, nowrap: false });
    expect(leaf(parsed.items[2]).filter).toEqual({ name: 'codelist', arg: 'SEX' });
    expect(leaf(parsed.items[3])).toMatchObject({ fieldtype: 'datetime', timezone: 'Asia/Shanghai' });
    expect(leaf(parsed.items[4])).toMatchObject({ sorttid: 'T1', innerid: 'I9', render: 'visitLink' });
    expect(leaf(parsed.items[5])).toMatchObject({ slotName: 'rowActions', fixed: 'right', timezone: 'user' });
    expect(columnLeaves(parsed.items).map((c) => c.prop)).toEqual([
      'subjid',
      'sitecode',
      'sitename',
      'sex',
      'updatedat',
      'visit',
      'actions',
    ]);
  });

  it('reads a filter without an argument', () => {
    const parsed = parseColumns([{ prop: 'a', label: 'A', filter: 'upper' }], registry);
    expect(leaf(parsed.items[0]).filter).toEqual({ name: 'upper', arg: null });
  });

  it('keeps inline options (codevalue → value, codedesp → label) in their order; none → null', () => {
    const parsed = parseColumns(
      [
        {
          prop: 'sev',
          label: 'Severity',
          filter: 'options',
          options: [
            { codevalue: 'MILD', codedesp: { zh_CN: '轻度', en: 'Mild' } },
            { codevalue: 2, codedesp: 'Two' },
          ],
        },
        { prop: 'b', label: 'B', options: [] },
      ],
      registry,
    );
    expect(parsed.issues).toEqual([]);
    expect(leaf(parsed.items[0])).toMatchObject({
      filter: { name: 'options', arg: null },
      options: [
        { value: 'MILD', label: { zh_CN: '轻度', en: 'Mild' } },
        { value: '2', label: 'Two' },
      ],
    });
    expect(leaf(parsed.items[1]).options).toEqual([]);
    expect(leaf(parseColumns(good, registry).items[0]).options).toBeNull();
  });
});

describe('parseColumns: each bad column is named, the rest still parses', () => {
  it('not a list', () => {
    const parsed = parseColumns({ prop: 'a' }, registry);
    expect(parsed.items).toEqual([]);
    expect(parsed.issues[0]).toMatchObject({
      path: 'columns',
      messageId: META_MSG.notAList,
      values: { prop: '?' },
    });
  });

  it.each([
    ['item not an object', 42, META_MSG.notAnObject, '?', {}],
    ['neither prop nor children', { label: 'X' }, META_MSG.columnNeedsPropOrChildren, '?', {}],
    ['empty group', { label: 'G', children: [] }, META_MSG.emptyGroup, '?', {}],
    ['children not a list', { label: 'G', children: 'a,b' }, META_MSG.badField, '?', { field: 'children' }],
    [
      'group without label',
      { children: [{ prop: 'z', label: 'Z' }] },
      META_MSG.missingLabel,
      '?',
      { field: 'label' },
    ],
    ['missing label', { prop: 'x' }, META_MSG.missingLabel, 'x', { field: 'label' }],
    [
      'width not a number',
      { prop: 'x', label: 'X', width: 'wide' },
      META_MSG.badField,
      'x',
      { field: 'width', expected: META_EXPECTED.number },
    ],
    [
      'minWidth negative',
      { prop: 'x', label: 'X', minWidth: -5 },
      META_MSG.badField,
      'x',
      { field: 'minWidth' },
    ],
    [
      'fixed not left/right/true',
      { prop: 'x', label: 'X', fixed: 'top' },
      META_MSG.badField,
      'x',
      { field: 'fixed', expected: META_EXPECTED.fixed },
    ],
    [
      'sortable not a boolean or "custom"',
      { prop: 'x', label: 'X', sortable: 'yes' },
      META_MSG.badField,
      'x',
      { field: 'sortable', expected: META_EXPECTED.sortable },
    ],
    [
      'nowrap not a boolean',
      { prop: 'x', label: 'X', nowrap: 'no' },
      META_MSG.badField,
      'x',
      { field: 'nowrap' },
    ],
    [
      'unknown fieldtype',
      { prop: 'x', label: 'X', fieldtype: 'money' },
      META_MSG.unknownFieldtype,
      'x',
      { fieldtype: 'money' },
    ],
    [
      'bad timezone',
      { prop: 'x', label: 'X', timezone: 'Mars/Olympus' },
      META_MSG.badTimezone,
      'x',
      { timezone: 'Mars/Olympus' },
    ],
    ['render not a name', { prop: 'x', label: 'X', render: 3 }, META_MSG.badField, 'x', { field: 'render' }],
    [
      'filter without a name',
      { prop: 'x', label: 'X', filter: ':SEX' },
      META_MSG.badField,
      'x',
      { field: 'filter' },
    ],
    [
      'options not a list',
      { prop: 'x', label: 'X', filter: 'options', options: 'MILD,SEVERE' },
      META_MSG.badField,
      'x',
      { field: 'options', expected: META_EXPECTED.list },
    ],
    [
      'an option without a label (1-based)',
      { prop: 'x', label: 'X', options: [{ codevalue: 'A', codedesp: 'A' }, { codevalue: 'B' }] },
      META_MSG.badOption,
      'x',
      { option: 2 },
    ],
    [
      'an option that is not an object',
      { prop: 'x', label: 'X', options: ['A'] },
      META_MSG.badOption,
      'x',
      { option: 1 },
    ],
    [
      'duplicate prop',
      { prop: 'sitename', label: 'Again' },
      META_MSG.duplicateProp,
      'sitename',
      { other: 'columns[1].children[1]' },
    ],
  ])('%s', (_name, bad, messageId, prop, values) => {
    const issue = withBad(bad);
    expect(issue.messageId).toBe(messageId);
    expect(issue.path).toBe(`columns[${good.length}]`);
    expect(issue.values).toMatchObject({ ...values, path: `columns[${good.length}]`, prop });
  });

  it('two columns sorting by the same eCRF item (sorttid + innerid): the second is invalid', () => {
    const issue = withBad({ prop: 'visit2', label: 'Again', sortable: true, sorttid: 'T1', innerid: 'I9' });
    expect(issue).toMatchObject({
      messageId: META_MSG.duplicateInnerid,
      values: { innerid: 'I9', other: 'columns[4]', prop: 'visit2' },
    });
    const sameItemOtherForm = parseColumns(
      [...good, { prop: 'v3', label: 'V', sorttid: 'T2', innerid: 'I9' }],
      registry,
    );
    expect(sameItemOtherForm.issues).toEqual([]);
  });

  it('a bad child is named by its path inside the group; its siblings and the group stay', () => {
    const parsed = parseColumns(
      [
        {
          label: 'G',
          children: [
            { prop: 'a', label: 'A' },
            { prop: 'b', label: 'B', fixed: 'middle' },
          ],
        },
      ],
      registry,
    );
    const group = parsed.items[0] as ColumnGroupDef;
    expect(group.kind).toBe('group');
    expect(group.children[0]?.kind).toBe('leaf');
    expect(group.children[1]).toMatchObject({
      kind: 'invalid',
      issue: { path: 'columns[0].children[1]', index: 1, prop: 'b', messageId: META_MSG.badField },
    });
    expect(parsed.issues.map((i) => i.path)).toEqual(['columns[0].children[1]']);
  });
});
