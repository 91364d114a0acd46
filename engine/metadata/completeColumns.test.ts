import { describe, expect, it } from 'vitest';
import { completeColumns, type ColumnSourceItem } from './completeColumns';

const items = new Map<string, ColumnSourceItem>([
  ['AETERM', { label: { zh_CN: '名称', en: 'Term' }, options: null, codelisttype: null }],
  [
    'AESEV',
    {
      label: { zh_CN: '严重程度', en: 'Severity' },
      options: [
        { value: 'MILD', label: { zh_CN: '轻度', en: 'Mild' } },
        { value: 'SEVERE', label: { zh_CN: '重度', en: 'Severe' } },
      ],
      codelisttype: null,
    },
  ],
  // a code-list item as the server compiles it: options resolved from the code list
  ['AESER', { label: 'Serious', options: [{ value: 'Y', label: 'Yes' }], codelisttype: 'YN' }],
]);
const itemOf = (v: string) => items.get(v);

describe('completeColumns', () => {
  it('fills labels, a codelist filter for a code list and inline options for a selector', () => {
    expect(
      completeColumns([{ prop: 'AETERM' }, { prop: 'AESEV' }, { prop: 'AESER', width: 80 }], itemOf),
    ).toEqual([
      { prop: 'AETERM', label: { zh_CN: '名称', en: 'Term' } },
      {
        prop: 'AESEV',
        label: { zh_CN: '严重程度', en: 'Severity' },
        filter: 'options',
        options: [
          { codevalue: 'MILD', codedesp: { zh_CN: '轻度', en: 'Mild' } },
          { codevalue: 'SEVERE', codedesp: { zh_CN: '重度', en: 'Severe' } },
        ],
      },
      { prop: 'AESER', label: 'Serious', width: 80, filter: 'codelist:YN' },
    ]);
  });

  it('keeps what the column says: its label, its filter, its own options', () => {
    const columns = [
      { prop: 'AESEV', label: 'Sev', filter: 'upper' },
      { prop: 'AESER', label: 'SAE', filter: 'codelist:OTHER' },
      { prop: 'AESEV', label: 'Sev', options: [{ codevalue: 'MILD', codedesp: 'm' }] },
    ];
    expect(completeColumns(columns, itemOf)).toEqual([
      columns[0],
      columns[1],
      { ...columns[2], filter: 'options' },
    ]);
  });

  it('a column naming the options formatter without options gets the item’s', () => {
    const [col] = completeColumns([{ prop: 'AESEV', label: 'Sev', filter: 'options' }], itemOf);
    expect(col).toMatchObject({
      filter: 'options',
      options: [{ codevalue: 'MILD' }, { codevalue: 'SEVERE' }],
    });
  });

  it('walks groups; leaves columns without an item and malformed entries as they are; does not change its input', () => {
    const lineno = { prop: 'lineno', label: 'No.' };
    const columns = [
      { label: 'G', children: [{ prop: 'AESEV' }, lineno] },
      { prop: 'unknown' },
      42,
      { prop: 7 },
    ];
    const copy = structuredClone(columns);
    const out = completeColumns(columns, itemOf);
    expect(out[0]).toMatchObject({ label: 'G', children: [{ prop: 'AESEV', filter: 'options' }, lineno] });
    expect(out.slice(1)).toEqual(columns.slice(1));
    expect(columns).toEqual(copy);
  });
});
