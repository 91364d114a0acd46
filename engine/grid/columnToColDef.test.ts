import { describe, expect, it } from 'vitest';
import { defaultFieldTypes } from '../fieldTypes/registry';
import { META_MSG } from '../metadata/messages';
import { parseColumns } from '../metadata/parseColumns';
import type { ColumnNode } from '../metadata/types';
import {
  builtinFormatters,
  colDefIssues,
  columnsToColDefs,
  columnToColDef,
  leafColDefs,
  sortParams,
  sortStateFor,
} from './columnToColDef';
import {
  NOWRAP_MAX_WIDTH,
  TOOLTIP_MAX_WIDTH,
  type ColumnMappingContext,
  type GridColDef,
  type GridGroupColDef,
  type GridLeafColDef,
} from './types';

const fieldTypes = defaultFieldTypes();

const ctx: ColumnMappingContext = {
  locale: 'en',
  userTimeZone: 'America/New_York',
  fieldTypes,
  formatters: { ...builtinFormatters, upper: (v) => String(v).toUpperCase() },
  codeLabels: (type) =>
    type === 'SEX'
      ? new Map([
          ['M', 'Male'],
          ['F', 'Female'],
        ])
      : undefined,
  cellRenderers: new Set(['statusChip']),
  slots: new Set(['rowActions']),
  issueText: (issue) => `! ${issue.messageId} ${issue.path}`,
};

function nodes(raw: unknown[]): readonly ColumnNode[] {
  const parsed = parseColumns(raw, fieldTypes);
  return parsed.items;
}

function one(raw: Record<string, unknown>, c: ColumnMappingContext = ctx): GridLeafColDef {
  const [node] = nodes([{ label: 'L', ...raw }]);
  if (!node) throw new Error('no column');
  const def = columnToColDef(node, c);
  if (def.kind !== 'leaf') throw new Error('expected a leaf');
  return def;
}

function group(def: GridColDef | undefined): GridGroupColDef {
  if (def?.kind !== 'group') throw new Error('expected a group');
  return def;
}

describe('columnToColDef', () => {
  it('maps a plain column: header in the locale, text cell, tooltip cap, not sortable', () => {
    const col = one({ prop: 'subjid', label: { zh_CN: '编号', en: 'No.' } });
    expect(col).toMatchObject({
      colId: 'subjid',
      field: 'subjid',
      headerName: 'No.',
      pinned: null,
      sortable: false,
      sortKey: null,
      cell: { kind: 'text' },
      nowrap: true,
      tooltipMaxWidth: TOOLTIP_MAX_WIDTH,
      issue: null,
    });
    expect(TOOLTIP_MAX_WIDTH).toBe(415);
    expect(col.format('BJ01-0001', {})).toBe('BJ01-0001');
    expect(col.format(null, {})).toBe('');
    expect(col.format(['a', 'b'], {})).toBe('a, b');
  });

  it('fixed → pinned left/right', () => {
    expect(one({ prop: 'a', fixed: true }).pinned).toBe('left');
    expect(one({ prop: 'a', fixed: 'right' }).pinned).toBe('right');
  });

  it('a group maps its children and pins them with it', () => {
    const [def] = columnsToColDefs(
      nodes([
        {
          label: { zh_CN: '中心', en: 'Site' },
          fixed: 'left',
          children: [
            { prop: 'sitecode', label: 'Code' },
            { prop: 'sitename', label: 'Name', fixed: 'right' },
          ],
        },
      ]),
      ctx,
    );
    const g = group(def);
    expect(g).toMatchObject({ groupId: 'columns[0]', headerName: 'Site', pinned: 'left' });
    expect(leafColDefs([g]).map((c) => [c.colId, c.pinned])).toEqual([
      ['sitecode', 'left'],
      ['sitename', 'left'],
    ]);
  });

  it('sortable → sort key with orderByField and the eCRF keys when present; sort params', () => {
    expect(one({ prop: 'age', sortable: 'custom' }).sortKey).toEqual({ orderByField: 'age' });
    const col = one({ prop: 'weight', sortable: true, sorttid: 'T7', innerid: 'I3' });
    expect(col.sortKey).toEqual({ orderByField: 'weight', sorttid: 'T7', innerid: 'I3' });
    expect(sortParams({ ...col.sortKey!, asc: false })).toEqual({
      orderByField: 'weight',
      asc: false,
      sorttid: 'T7',
      innerid: 'I3',
    });
    expect(sortParams({ orderByField: 'age', asc: true })).toEqual({ orderByField: 'age', asc: true });
    expect(sortParams(null)).toEqual({});
    const defs = [col];
    expect(sortStateFor(defs, 'weight', true)).toEqual({
      orderByField: 'weight',
      sorttid: 'T7',
      innerid: 'I3',
      asc: true,
    });
    expect(sortStateFor(defs, 'nope', true)).toBeNull();
  });

  it('datetime in the column zone, in the user zone for "user" or none; date never shifted', () => {
    const value = '2026-03-01T16:30:00Z';
    expect(one({ prop: 't', fieldtype: 'datetime', timezone: 'Asia/Shanghai' }).format(value, {})).toBe(
      '2026-03-02 00:30',
    );
    expect(one({ prop: 't', fieldtype: 'datetime', timezone: 'user' }).format(value, {})).toBe(
      '2026-03-01 11:30',
    );
    expect(one({ prop: 't', fieldtype: 'datetime' }).format(value, {})).toBe('2026-03-01 11:30');
    expect(
      one({ prop: 't', fieldtype: 'datetime', timezone: 'UTC' }).format(Date.UTC(2026, 0, 5, 8, 0), {}),
    ).toBe('2026-01-05 08:00');
    expect(one({ prop: 'd', fieldtype: 'date', timezone: 'Asia/Tokyo' }).format('2026-03-01', {})).toBe(
      '2026-03-01',
    );
    expect(one({ prop: 'd', fieldtype: 'datetime' }).format(null, {})).toBe('');
  });

  it('nowrap columns are capped at 400 px; wrapping columns are not', () => {
    expect(NOWRAP_MAX_WIDTH).toBe(400);
    expect(one({ prop: 'a', width: 650 })).toMatchObject({ width: 400, maxWidth: 400 });
    expect(one({ prop: 'a', width: 120 })).toMatchObject({ width: 120, maxWidth: 400 });
    const wrapping = one({ prop: 'a', width: 650, nowrap: false });
    expect(wrapping).toMatchObject({ width: 650, nowrap: false });
    expect(wrapping.maxWidth).toBeUndefined();
  });

  it('render → a named renderer, slotName → a slot of the screen', () => {
    expect(one({ prop: 's', render: 'statusChip' }).cell).toEqual({ kind: 'renderer', name: 'statusChip' });
    expect(one({ prop: 'a', slotName: 'rowActions' }).cell).toEqual({ kind: 'slot', name: 'rowActions' });
  });

  it('filter applies after the field type: codelist maps codes to labels, unknown codes stay', () => {
    const sex = one({ prop: 'sex', filter: 'codelist:SEX' });
    expect(sex.format('F', {})).toBe('Female');
    expect(sex.format('X', {})).toBe('X');
    expect(sex.format(['M', 'F'], {})).toBe('Male, Female');
    expect(sex.format(null, {})).toBe('');
    expect(one({ prop: 'c', filter: 'codelist:NOTLOADED' }).format('1', {})).toBe('1');
    expect(
      one({ prop: 't', fieldtype: 'datetime', timezone: 'UTC', filter: 'upper' }).format(
        '2026-03-01T16:30:00Z',
        {},
      ),
    ).toBe('2026-03-01 16:30');
    expect(one({ prop: 'n', filter: 'upper' }).format('abc', {})).toBe('ABC');
  });

  it('options: codes → labels of the inline options in the locale; lists in option order; unknown codes stay', () => {
    const raw = {
      prop: 'sev',
      filter: 'options',
      options: [
        { codevalue: 'MILD', codedesp: { zh_CN: '轻度', en: 'Mild' } },
        { codevalue: 'MODERATE', codedesp: { zh_CN: '中度', en: 'Moderate' } },
        { codevalue: 'SEVERE', codedesp: '重度 / Severe' },
      ],
    };
    const en = one(raw);
    expect(en.format('MODERATE', {})).toBe('Moderate');
    expect(en.format('SEVERE', {})).toBe('重度 / Severe');
    expect(en.format('LETHAL', {})).toBe('LETHAL');
    expect(en.format(null, {})).toBe('');
    expect(en.format('', {})).toBe('');
    expect(en.format(['SEVERE', 'OTHER', 'MILD'], {})).toBe('Mild, 重度 / Severe, OTHER');
    expect(en.format([], {})).toBe('');
    expect(one(raw, { ...ctx, locale: 'zh_CN' }).format(['MODERATE', 'MILD'], {})).toBe('轻度, 中度');
    expect(one({ prop: 'x', filter: 'options' }).format('A', {})).toBe('A');
  });

  it.each([
    ['unknown renderer', { prop: 'a', render: 'sparkline' }, META_MSG.unknownRender, { render: 'sparkline' }],
    ['unknown slot', { prop: 'a', slotName: 'nope' }, META_MSG.unknownSlot, { slotName: 'nope' }],
    ['unknown filter', { prop: 'a', filter: 'money:EUR' }, META_MSG.unknownFilter, { filter: 'money' }],
  ])('%s → an invalid column showing the issue', (_name, raw, messageId, values) => {
    const col = one({ ...raw, fixed: 'left' });
    expect(col.issue).toMatchObject({
      path: 'columns[0]',
      prop: 'a',
      messageId,
      values: { ...values, path: 'columns[0]', prop: 'a' },
    });
    expect(col.cell).toEqual({ kind: 'invalid', issue: col.issue });
    expect(col.headerName).toBe(`! ${messageId} columns[0]`);
    expect(col.colId).toBe('columns[0]');
    expect(col.pinned).toBe('left');
    expect(col.format('x', {})).toBe('');
  });

  it('parse issues become invalid columns in place; the others map', () => {
    const defs = columnsToColDefs(
      nodes([{ prop: 'a', label: 'A' }, { label: 'no prop' }, { prop: 'b', label: 'B' }]),
      ctx,
    );
    expect(defs.map((d) => (d.kind === 'leaf' ? d.colId : d.groupId))).toEqual(['a', 'columns[1]', 'b']);
    expect(colDefIssues(defs).map((i) => i.messageId)).toEqual([META_MSG.columnNeedsPropOrChildren]);
  });
});
