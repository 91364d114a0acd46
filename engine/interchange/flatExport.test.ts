import { describe, expect, it } from 'vitest';
import type { RawFormSchema } from '../form/types';
import { csvLine, dictionaryRows, flatHeader, flatItemsOf, flatRow } from './flatExport';

const form: RawFormSchema = {
  formid: 'DM',
  tid: 'DM',
  name: { zh_CN: '人口学', en: 'Demographics' },
  version: 1,
  sections: [
    {
      id: 's1',
      title: { zh_CN: '一', en: 'One' },
      items: [
        { variable: 'SEX', label: { zh_CN: '性别', en: 'Sex' }, fieldtype: 'radio', codelisttype: 'SEX' },
        { variable: 'AGE', label: { zh_CN: '年龄', en: 'Age' }, fieldtype: 'integer' },
        {
          variable: 'RACE',
          label: { zh_CN: '种族', en: 'Race' },
          fieldtype: 'checkbox',
          selector: [
            { codevalue: '1', codedesp: { zh_CN: '亚洲', en: 'Asian' } },
            { codevalue: '2', codedesp: { zh_CN: '白人', en: 'White' } },
          ],
        },
      ],
    },
  ],
};
const codeLists = [
  {
    name: 'SEX',
    dataType: 'text',
    items: [
      { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
      { codevalue: 'F', codedesp: { zh_CN: '女', en: 'Female' } },
    ],
  },
];

describe('flat export rows', () => {
  it('puts each coded value beside its label, in the chosen language', () => {
    const items = flatItemsOf(form, codeLists, 'en');
    expect(flatHeader(items)).toEqual([
      'sitecode',
      'subjid',
      'visitnum',
      'cycnum',
      'svnum',
      'tid',
      'lineno',
      'SEX',
      'SEX_label',
      'AGE',
      'RACE',
      'RACE_label',
    ]);
    const row = flatRow(
      {
        sitecode: 'BJ01',
        subjid: 'BJ01-0001',
        visitnum: 'V1',
        cycnum: 1,
        svnum: 1,
        tid: 'DM',
        lineno: 1,
        values: { SEX: 'F', AGE: '41', RACE: ['1', '2'] },
      },
      items,
    );
    expect(row.slice(7)).toEqual(['F', 'Female', '41', '1;2', 'Asian;White']);
    expect(dictionaryRows([form], codeLists, 'zh_CN')[0]).toEqual([
      'DM',
      '人口学',
      'SEX',
      '性别',
      'radio',
      'SEX',
      'M=男; F=女',
    ]);
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 3, '=1+1', '-5'])).toBe(
      '"a,b","say ""hi""","two\nlines",3,\'=1+1,-5\r\n',
    );
  });
});
