import { describe, expect, it } from 'vitest';
import codeListsWire from '../../fixtures/lists/codeLists.def.json';
import { compileForm } from '../form/compile/compileForm';
import { FORM_MSG } from '../form/messages';
import { vitalSigns } from '../form/testForms';
import { builderVocabulary, codeListCatalog } from './vocabulary';

describe('builderVocabulary', () => {
  it('lists the variables of a schema even when it does not compile, and the language', () => {
    const raw = vitalSigns() as unknown as { sections: { items: unknown[] }[] };
    raw.sections[0]!.items.push({ variable: 'VSDAT' }, 42, { variable: 'NEW' });
    const vocabulary = builderVocabulary(raw, { codeLists: codeListCatalog(codeListsWire) });
    expect(vocabulary.variables.slice(0, 3)).toEqual(['VSDAT', 'VSTIM', 'SYSBP']);
    expect(vocabulary.variables).toContain('NEW');
    expect(vocabulary.variables.filter((v) => v === 'VSDAT')).toHaveLength(1);
    expect(vocabulary.codeLists).toEqual([
      'SEX',
      'SUBJSTATUS',
      'YN',
      'QUERYSTATUS',
      'QUERYKIND',
      'FREEZESTATUS',
      'FREEZEACTION',
      'FREEZELEVEL',
    ]);
    expect(vocabulary.fieldTypes).toContain('calculated');
    expect(vocabulary.functions.find((f) => f.name === 'datediff')).toEqual({
      name: 'datediff',
      minArgs: 3,
      maxArgs: 3,
    });
    expect(vocabulary.ruleKinds).toEqual(['show', 'requiredIf', 'check']);
  });
});

describe('codeListCatalog', () => {
  it('turns wire code lists into what compileForm checks codelisttype against', () => {
    const catalog = codeListCatalog({ ...codeListsWire, BROKEN: [{ nope: 1 }] });
    expect(catalog.YN?.map((o) => o.value)).toEqual(['Y', 'N']);
    expect(catalog.BROKEN).toBeNull();
    const raw = {
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [
        {
          id: 's',
          title: 'S',
          items: [{ variable: 'A', label: 'A', fieldtype: 'select', codelisttype: 'YESNO' }],
        },
      ],
    };
    const result = compileForm(raw, { codeLists: catalog });
    expect(result.ok ? [] : result.issues.map((i) => i.messageId)).toEqual([FORM_MSG.unknownCodeList]);
  });
});
