/** compileFormCached compiles a raw schema once per registry, field types and code-list catalog. */
import { describe, expect, it } from 'vitest';
import { compileFormCached } from './compileCached';

const schema = () => ({
  formid: 'F',
  tid: 'F',
  name: 'Form',
  version: 1,
  sections: [
    {
      id: 's1',
      title: 'S',
      items: [{ variable: 'PICK', label: 'Pick', fieldtype: 'select', codelisttype: 'LIST' }],
    },
  ],
});

describe('compileFormCached', () => {
  it('answers the same result for the same schema object and options', () => {
    const raw = schema();
    expect(compileFormCached(raw)).toBe(compileFormCached(raw));
  });

  it('compiles again for another code-list catalog: a list the study has not is a problem of the form', () => {
    const raw = schema();
    expect(compileFormCached(raw).ok).toBe(true);
    const without = compileFormCached(raw, { codeLists: { SITE: null } });
    expect(without.ok).toBe(false);
    expect(without.ok ? [] : without.issues.map((i) => [i.path, i.messageId])).toEqual([
      ['sections[0].items[0].codelisttype', 'form.unknownCodeList'],
    ]);
    expect(compileFormCached(raw, { codeLists: { SITE: null, LIST: null } }).ok).toBe(true);
    expect(compileFormCached(raw, { codeLists: { SITE: null } })).toBe(without);
  });
});
