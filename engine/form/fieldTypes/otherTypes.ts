/**
 * `calculated` (a value computed from the item's formula, shown read-only; rules see a number when it is one) and the
 * items without a value: `static` (text), `file` and `image` (slots; uploads come later).
 */
import type { FormFieldTypeDef } from './types';
import { numberOf } from '../values';

export const calculatedFieldType: FormFieldTypeDef = {
  name: 'calculated',
  valueKind: 'text',
  needsOptions: false,
  textLike: false,
  numeric: false,
  computed: true,
  ruleValue(_item, value) {
    if (typeof value !== 'string' || value.trim() === '') return null;
    return numberOf(value) ?? value.trim();
  },
  checkValue: () => [],
};

function noValue(name: string): FormFieldTypeDef {
  return {
    name,
    valueKind: 'none',
    needsOptions: false,
    textLike: false,
    numeric: false,
    computed: false,
    ruleValue: () => null,
    checkValue: () => [],
  };
}

export const staticFieldType = noValue('static');
export const fileFieldType = noValue('file');
export const imageFieldType = noValue('image');
