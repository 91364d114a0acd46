/**
 * `integer` and `decimal`: text of digits with an optional sign (`12`, `-3`, `+1`; decimal also `36.5` and `.5`, with
 * at most `precision` digits after the point; not `12.` nor an exponent). `UK` (unknown) is accepted only when the
 * session allows it. The leading `+` and the bare `.5` are what REDCap's number validation accepts too (issue 17).
 */
import { FORM_MSG } from '../messages';
import { UNKNOWN_MARKER, type FieldProblem, type FormContext, type FormValue } from '../types';
import { numberOf } from '../values';
import { error } from './problems';
import type { FormFieldTypeDef } from './types';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+|\d*\.(\d+))$/;

function unknownProblems(ctx: FormContext): FieldProblem[] {
  return ctx.numUnknownAllowed ? [] : [error(FORM_MSG.unknownNotAllowed)];
}

function oneText(value: FormValue): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

export const integerFieldType: FormFieldTypeDef = {
  name: 'integer',
  valueKind: 'text',
  needsOptions: false,
  textLike: false,
  numeric: true,
  computed: false,
  ruleValue: (_item, value) => numberOf(value),
  checkValue(_item, value, ctx) {
    const text = oneText(value);
    if (text === null) return [error(FORM_MSG.badValue)];
    if (text === '') return [];
    if (text === UNKNOWN_MARKER) return unknownProblems(ctx);
    return INTEGER.test(text) ? [] : [error(FORM_MSG.notInteger)];
  },
};

export const decimalFieldType: FormFieldTypeDef = {
  name: 'decimal',
  valueKind: 'text',
  needsOptions: false,
  textLike: false,
  numeric: true,
  computed: false,
  ruleValue: (_item, value) => numberOf(value),
  checkValue(item, value, ctx) {
    const text = oneText(value);
    if (text === null) return [error(FORM_MSG.badValue)];
    if (text === '') return [];
    if (text === UNKNOWN_MARKER) return unknownProblems(ctx);
    const m = DECIMAL.exec(text);
    if (!m) return [error(FORM_MSG.notDecimal)];
    const decimals = (m[1] ?? '').length;
    if (item.precision !== null && decimals > item.precision) {
      return [error(FORM_MSG.tooManyDecimals, { precision: item.precision })];
    }
    return [];
  },
};
