/**
 * `text` and `textarea`: free text up to a maximum length (the item's `length`; else textarea 2000, text the
 * session's `textLimit`), optionally matching a pattern. Length counts the trimmed text (what is saved).
 */
import { LONG_TEXT_LIMIT } from '../../input/textLimit';
import { FORM_MSG } from '../messages';
import type { CompiledItem, FieldProblem, FormContext, FormValue } from '../types';
import { error } from './problems';
import type { FormFieldTypeDef } from './types';

/** The maximum length of a text item's value in a session. */
export function maxLengthOf(item: CompiledItem, ctx: FormContext): number {
  return item.maxLength ?? ctx.textLimit;
}

function checkText(item: CompiledItem, value: FormValue, ctx: FormContext): FieldProblem[] {
  if (typeof value !== 'string') return value === null ? [] : [error(FORM_MSG.badValue)];
  const text = value.trim();
  if (text === '') return [];
  const problems: FieldProblem[] = [];
  const max = maxLengthOf(item, ctx);
  if (text.length > max) problems.push(error(FORM_MSG.tooLong, { max, length: text.length }));
  if (item.pattern !== null && !item.pattern.regex.test(text)) {
    problems.push({ level: 'error', messageId: FORM_MSG.pattern, text: item.pattern.message });
  }
  return problems;
}

function textType(name: string, defaultMaxLength?: number): FormFieldTypeDef {
  return {
    name,
    valueKind: 'text',
    needsOptions: false,
    textLike: true,
    numeric: false,
    computed: false,
    ...(defaultMaxLength === undefined ? {} : { defaultMaxLength }),
    ruleValue: (_item, value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null),
    checkValue: checkText,
  };
}

export const TEXTAREA_MAX_LENGTH = LONG_TEXT_LIMIT;

export const textFieldType = textType('text');
export const textareaFieldType = textType('textarea', TEXTAREA_MAX_LENGTH);
