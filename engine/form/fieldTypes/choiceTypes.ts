/**
 * Choices: `radio` and `select` hold one option value, `checkbox` and `mselect` a list of option values without
 * duplicates. Membership is checked only when the item's options are known (`selector`, or code-list options put in
 * by withOptions); options by `codelisttype` alone cannot be checked.
 */
import { FORM_MSG } from '../messages';
import type { CompiledItem, FieldProblem, FormValue } from '../types';
import { error } from './problems';
import type { FormFieldTypeDef } from './types';

function isOption(item: CompiledItem, value: string): boolean {
  return item.options === null || item.options.some((o) => o.value === value);
}

function checkOne(item: CompiledItem, value: FormValue): FieldProblem[] {
  if (typeof value !== 'string') return [error(FORM_MSG.badValue)];
  const text = value.trim();
  if (text === '' || isOption(item, text)) return [];
  return [error(FORM_MSG.notAnOption, { value: text })];
}

function checkList(item: CompiledItem, value: FormValue): FieldProblem[] {
  if (value === null) return [];
  if (typeof value === 'string') return [error(FORM_MSG.badValue)];
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const entry of value as readonly unknown[]) {
    if (typeof entry !== 'string') {
      problems.push(error(FORM_MSG.badValue));
      continue;
    }
    const text = entry.trim();
    if (text === '') continue;
    if (seen.has(text)) problems.push(error(FORM_MSG.duplicateOption, { value: text }));
    else if (!isOption(item, text)) problems.push(error(FORM_MSG.notAnOption, { value: text }));
    seen.add(text);
  }
  return problems;
}

function single(name: string): FormFieldTypeDef {
  return {
    name,
    valueKind: 'text',
    needsOptions: true,
    textLike: false,
    numeric: false,
    computed: false,
    ruleValue: (_item, value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null),
    checkValue: checkOne,
  };
}

function multiple(name: string): FormFieldTypeDef {
  return {
    name,
    valueKind: 'list',
    needsOptions: true,
    textLike: false,
    numeric: false,
    computed: false,
    ruleValue(_item, value) {
      if (!Array.isArray(value)) return null;
      const list: string[] = [];
      for (const v of value as readonly unknown[])
        if (typeof v === 'string' && v.trim() !== '') list.push(v.trim());
      return list.length === 0 ? null : list;
    },
    checkValue: checkList,
  };
}

export const radioFieldType = single('radio');
export const selectFieldType = single('select');
export const checkboxFieldType = multiple('checkbox');
export const mselectFieldType = multiple('mselect');
