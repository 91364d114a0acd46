import { describe, expect, it } from 'vitest';
import { codeLabelMap, codeOptionsFromWire, parseSelector } from './codeOptions';
import { isMetaText, isNonEmptyMetaText, metaText } from './metaText';

describe('metaText', () => {
  it('picks the locale of a per-locale text, falling back to zh_CN', () => {
    expect(metaText('Age', 'zh_CN')).toBe('Age');
    expect(metaText({ zh_CN: '年龄', en: 'Age' }, 'en')).toBe('Age');
    expect(metaText({ zh_CN: '年龄', en: '' }, 'en')).toBe('年龄');
  });

  it('recognises a string or { zh_CN, en }', () => {
    expect(isMetaText('x')).toBe(true);
    expect(isMetaText({ zh_CN: 'a', en: 'b' })).toBe(true);
    expect(isMetaText({ en: 'b' })).toBe(false);
    expect(isMetaText(3)).toBe(false);
    expect(isNonEmptyMetaText(' ')).toBe(false);
    expect(isNonEmptyMetaText({ zh_CN: '', en: 'b' })).toBe(true);
  });
});

describe('code options', () => {
  it('maps wire options and builds a label map in a locale', () => {
    const options = codeOptionsFromWire([
      { codevalue: 'M', codedesp: { zh_CN: '男', en: 'Male' } },
      { codevalue: 'F', codedesp: 'F' },
    ]);
    expect(options).toEqual([
      { value: 'M', label: { zh_CN: '男', en: 'Male' } },
      { value: 'F', label: 'F' },
    ]);
    expect([...codeLabelMap(options, 'zh_CN')]).toEqual([
      ['M', '男'],
      ['F', 'F'],
    ]);
  });

  it('reads a selector with custom keys and names the first bad option', () => {
    expect(parseSelector([{ id: 7, name: 'Seven' }], 'id', 'name')).toEqual({
      options: [{ value: '7', label: 'Seven' }],
    });
    expect(
      parseSelector([
        { codevalue: 'a', codedesp: 'A' },
        { codevalue: '', codedesp: 'B' },
      ]),
    ).toEqual({ badOption: 1 });
  });
});
