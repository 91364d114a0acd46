import { describe, expect, it } from 'vitest';
import { compileForm } from './compile/compileForm';
import {
  createFormFieldTypeRegistry,
  builtinFormFieldTypes,
  defaultFormFieldTypes,
} from './fieldTypes/registry';
import type { FormFieldTypeDef } from './fieldTypes/types';
import { fieldTypeOf } from './formIndex';
import { FORM_MSG } from './messages';
import { CTX, compiled } from './testForms';
import {
  FORM_FIELD_TYPES,
  type CompiledItem,
  type FormContext,
  type FormValue,
  type RawFormItem,
} from './types';

const registry = defaultFormFieldTypes();

function itemOf(raw: Partial<RawFormItem> & { fieldtype: string }): CompiledItem {
  const form = compiled({
    formid: 'F',
    tid: 'F',
    name: 'F',
    version: 1,
    sections: [{ id: 's', title: 's', items: [{ variable: 'X', label: 'X', ...raw }] }],
  });
  const item = form.items.get('X');
  if (!item) throw new Error('no item');
  return item;
}

function ids(raw: Partial<RawFormItem> & { fieldtype: string }, value: FormValue, ctx: FormContext = CTX) {
  const item = itemOf(raw);
  return registry
    .get(item.fieldtype)!
    .checkValue(item, value, ctx)
    .map((p) => p.messageId);
}

describe('form field-type registry', () => {
  it('has every built-in type, in FORM_FIELD_TYPES order', () => {
    expect(registry.names()).toEqual([...FORM_FIELD_TYPES]);
    expect(registry.get('static')?.valueKind).toBe('none');
    expect(registry.get('checkbox')?.valueKind).toBe('list');
    expect(registry.get('select')?.needsOptions).toBe(true);
    expect(registry.get('textarea')?.textLike).toBe(true);
    expect(registry.get('integer')?.numeric).toBe(true);
  });

  it('adds a type by registering it, without touching the engine', () => {
    const yesNo: FormFieldTypeDef = {
      name: 'yesno',
      valueKind: 'text',
      needsOptions: false,
      textLike: false,
      numeric: false,
      computed: false,
      ruleValue: (_item, v) => (v === 'Y' ? true : v === 'N' ? false : null),
      checkValue: (_item, v) =>
        v === 'Y' || v === 'N' ? [] : [{ level: 'error', messageId: FORM_MSG.badValue }],
    };
    const reg = createFormFieldTypeRegistry(builtinFormFieldTypes).register(yesNo);
    const raw = {
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [{ id: 's', title: 's', items: [{ variable: 'X', label: 'X', fieldtype: 'yesno' }] }],
    };
    expect(compileForm(raw).ok).toBe(false);
    const result = compileForm(raw, { registry: reg, fieldTypes: reg.names() });
    expect(result.ok).toBe(true);
  });
});

describe('fieldTypeOf', () => {
  it('names the registered type of a compiled item (for widgets and value kinds)', () => {
    const form = compileForm({
      formid: 'F',
      tid: 'F',
      name: 'F',
      version: 1,
      sections: [
        {
          id: 's',
          title: 's',
          items: [{ variable: 'X', label: 'X', fieldtype: 'mselect', codelisttype: 'C' }],
        },
      ],
    });
    expect(form.ok && fieldTypeOf(form.form, 'X')?.valueKind).toBe('list');
    expect(form.ok && fieldTypeOf(form.form, 'NOPE')).toBeUndefined();
  });
});

describe('integer and decimal', () => {
  it('refuses "12a" as an integer, accepts negative whole numbers', () => {
    expect(ids({ fieldtype: 'integer' }, '12a')).toEqual([FORM_MSG.notInteger]);
    expect(ids({ fieldtype: 'integer' }, '12.5')).toEqual([FORM_MSG.notInteger]);
    expect(ids({ fieldtype: 'integer' }, '-12')).toEqual([]);
    expect(ids({ fieldtype: 'integer' }, ' 12 ')).toEqual([]);
    expect(ids({ fieldtype: 'integer' }, '+1')).toEqual([]);
    expect(ids({ fieldtype: 'integer' }, '+-1')).toEqual([FORM_MSG.notInteger]);
    expect(ids({ fieldtype: 'integer' }, '+')).toEqual([FORM_MSG.notInteger]);
  });

  it('limits decimals to the precision', () => {
    expect(ids({ fieldtype: 'decimal', precision: 1 }, '36.5')).toEqual([]);
    expect(ids({ fieldtype: 'decimal', precision: 1 }, '36.55')).toEqual([FORM_MSG.tooManyDecimals]);
    expect(ids({ fieldtype: 'decimal', precision: 0 }, '36.5')).toEqual([FORM_MSG.tooManyDecimals]);
    expect(ids({ fieldtype: 'decimal' }, '36.12345')).toEqual([]);
    expect(ids({ fieldtype: 'decimal' }, '1e5')).toEqual([FORM_MSG.notDecimal]);
    expect(ids({ fieldtype: 'decimal' }, '12.')).toEqual([FORM_MSG.notDecimal]);
    expect(ids({ fieldtype: 'decimal' }, '.')).toEqual([FORM_MSG.notDecimal]);
  });

  it('accepts what REDCap accepts for a number: a leading plus sign and a bare fraction', () => {
    expect(ids({ fieldtype: 'decimal' }, '.5')).toEqual([]);
    expect(ids({ fieldtype: 'decimal' }, '-.5')).toEqual([]);
    expect(ids({ fieldtype: 'decimal' }, '+1')).toEqual([]);
    expect(ids({ fieldtype: 'decimal', precision: 1 }, '+.25')).toEqual([FORM_MSG.tooManyDecimals]);
    const def = registry.get('decimal')!;
    expect(def.ruleValue(itemOf({ fieldtype: 'decimal' }), '.5')).toBe(0.5);
    expect(def.ruleValue(itemOf({ fieldtype: 'decimal' }), '+1')).toBe(1);
    expect(registry.get('integer')!.ruleValue(itemOf({ fieldtype: 'integer' }), '+7')).toBe(7);
  });

  it('accepts UK only when the session allows unknown numbers', () => {
    expect(ids({ fieldtype: 'integer' }, 'UK')).toEqual([FORM_MSG.unknownNotAllowed]);
    expect(ids({ fieldtype: 'decimal' }, 'UK', { ...CTX, numUnknownAllowed: true })).toEqual([]);
    expect(ids({ fieldtype: 'integer' }, 'UK', { ...CTX, numUnknownAllowed: true })).toEqual([]);
  });

  it('shows rules numbers, and null for UK or invalid text', () => {
    const item = itemOf({ fieldtype: 'decimal' });
    const def = registry.get('decimal')!;
    expect(def.ruleValue(item, '36.5')).toBe(36.5);
    expect(def.ruleValue(item, 'UK')).toBeNull();
    expect(def.ruleValue(item, '12a')).toBeNull();
  });
});

describe('dates and times', () => {
  it('accepts real calendar dates only', () => {
    expect(ids({ fieldtype: 'date' }, '2024-02-29')).toEqual([]);
    expect(ids({ fieldtype: 'date' }, '2024-02-30')).toEqual([FORM_MSG.notDate]);
    expect(ids({ fieldtype: 'date' }, '2023-02-29')).toEqual([FORM_MSG.notDate]);
    expect(ids({ fieldtype: 'date' }, '2024-13-01')).toEqual([FORM_MSG.notDate]);
    expect(ids({ fieldtype: 'date' }, '2024/01/01')).toEqual([FORM_MSG.notDate]);
  });

  it('accepts partial dates only where the item allows them', () => {
    expect(ids({ fieldtype: 'date' }, '2024-03-UK')).toEqual([FORM_MSG.partialNotAllowed]);
    expect(ids({ fieldtype: 'date', partial: true }, '2024-03-UK')).toEqual([]);
    expect(ids({ fieldtype: 'date', partial: true }, '2024-UK-UK')).toEqual([]);
    expect(ids({ fieldtype: 'date', partial: true }, '2024-13-UK')).toEqual([FORM_MSG.notDate]);
    expect(ids({ fieldtype: 'date', partial: true }, 'UK-03-01')).toEqual([FORM_MSG.notDate]);
    const item = itemOf({ fieldtype: 'date', partial: true });
    expect(registry.get('date')!.ruleValue(item, '2024-03-UK')).toBeNull();
    expect(registry.get('date')!.ruleValue(item, '2024-03-01')).toBe('2024-03-01');
  });

  it('checks times HH:mm and date-times yyyy-MM-dd HH:mm', () => {
    expect(ids({ fieldtype: 'time' }, '23:59')).toEqual([]);
    expect(ids({ fieldtype: 'time' }, '24:00')).toEqual([FORM_MSG.notTime]);
    expect(ids({ fieldtype: 'time' }, '9:30')).toEqual([]);
    expect(ids({ fieldtype: 'time' }, '7:5')).toEqual([FORM_MSG.notTime]);
    expect(ids({ fieldtype: 'time' }, '29:30')).toEqual([FORM_MSG.notTime]);
    expect(registry.get('time')!.ruleValue(itemOf({ fieldtype: 'time' }), '7:05')).toBe('07:05');
    expect(ids({ fieldtype: 'datetime' }, '2024-02-29 8:05')).toEqual([FORM_MSG.notDateTime]);
    expect(ids({ fieldtype: 'datetime' }, '2024-02-29 08:05')).toEqual([]);
    expect(ids({ fieldtype: 'datetime' }, '2024-02-30 08:05')).toEqual([FORM_MSG.notDateTime]);
    expect(ids({ fieldtype: 'datetime' }, '2024-02-01T08:05')).toEqual([FORM_MSG.notDateTime]);
  });
});

describe('choices', () => {
  const options = [
    { codevalue: 'A', codedesp: 'a' },
    { codevalue: 'B', codedesp: 'b' },
  ];
  it('radio/select take one option value', () => {
    expect(ids({ fieldtype: 'radio', selector: options }, 'A')).toEqual([]);
    expect(ids({ fieldtype: 'select', selector: options }, 'C')).toEqual([FORM_MSG.notAnOption]);
    expect(ids({ fieldtype: 'select', selector: options }, ['A'])).toEqual([FORM_MSG.badValue]);
  });

  it('checkbox/mselect take a list of option values without duplicates', () => {
    expect(ids({ fieldtype: 'checkbox', selector: options }, ['A', 'B'])).toEqual([]);
    expect(ids({ fieldtype: 'mselect', selector: options }, ['A', 'A'])).toEqual([FORM_MSG.duplicateOption]);
    expect(ids({ fieldtype: 'mselect', selector: options }, ['A', 'Z'])).toEqual([FORM_MSG.notAnOption]);
    expect(ids({ fieldtype: 'checkbox', selector: options }, 'A')).toEqual([FORM_MSG.badValue]);
  });

  it('cannot check membership of code-list options it does not know', () => {
    expect(ids({ fieldtype: 'select', codelisttype: 'SEX' }, 'anything')).toEqual([]);
  });
});

describe('text lengths and patterns', () => {
  const long = 'x'.repeat(150);
  it('limits text to the session textLimit (100 vs 2000) unless the item gives a length', () => {
    expect(ids({ fieldtype: 'text' }, long, { ...CTX, textLimit: 100 })).toEqual([FORM_MSG.tooLong]);
    expect(ids({ fieldtype: 'text' }, long, { ...CTX, textLimit: 2000 })).toEqual([]);
    expect(ids({ fieldtype: 'text', length: 200 }, long, { ...CTX, textLimit: 100 })).toEqual([]);
    expect(ids({ fieldtype: 'text', length: 10 }, long, { ...CTX, textLimit: 2000 })).toEqual([
      FORM_MSG.tooLong,
    ]);
  });

  it('gives textarea 2000 characters by default', () => {
    expect(ids({ fieldtype: 'textarea' }, long, { ...CTX, textLimit: 100 })).toEqual([]);
    expect(ids({ fieldtype: 'textarea' }, 'x'.repeat(2001))).toEqual([FORM_MSG.tooLong]);
    const item = itemOf({ fieldtype: 'text', length: 5 });
    expect(registry.get('text')!.checkValue(item, 'abcdef', CTX)[0]?.values).toEqual({ max: 5, length: 6 });
  });

  it('matches the whole text against the pattern and carries its message', () => {
    const pattern = { regex: 'K\\d{4}', message: { zh_CN: '药盒号格式 K1234', en: 'Kit number like K1234' } };
    expect(ids({ fieldtype: 'text', pattern }, 'K1234')).toEqual([]);
    const item = itemOf({ fieldtype: 'text', pattern });
    const [problem] = registry.get('text')!.checkValue(item, 'xK12345', CTX);
    expect(problem).toMatchObject({ level: 'error', messageId: FORM_MSG.pattern, text: pattern.message });
  });
});
