/**
 * Built-in field types `date` (a calendar date `yyyy-MM-dd`, or a start–end range with `endValue.type: 'range'`)
 * and `datetime` (an instant shown `yyyy-MM-dd HH:mm` in the column's zone; grid only, not a search item).
 */
import { META_PROBLEM, SEARCH_MSG } from '../metadata/messages';
import type { DateRangeValue, SearchValue } from '../metadata/types';
import { formatDateInZone, isIsoDate } from './dates';
import { paramText } from './params';
import type { FieldTypeDef, RequestParams, SearchBehaviour, ValueProblem } from './types';

/** Param names of a date range: `<prop>Start`, `<prop>End`. */
export function rangeParamNames(prop: string): { start: string; end: string } {
  return { start: `${prop}Start`, end: `${prop}End` };
}

export function isDateRangeValue(value: unknown): value is DateRangeValue {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && 'start' in value && 'end' in value
  );
}

const EMPTY_RANGE: DateRangeValue = { start: null, end: null };

function decodeDate(value: unknown): string | null | { problem: string } {
  if (value === undefined || value === null || value === '') return null;
  return isIsoDate(value) ? value : { problem: META_PROBLEM.notIsoDate };
}

function rangeOf(value: SearchValue): DateRangeValue {
  return isDateRangeValue(value) ? value : EMPTY_RANGE;
}

const badDate: ValueProblem = { level: 'error', messageId: SEARCH_MSG.badDate };
const rangeOrder: ValueProblem = { level: 'error', messageId: SEARCH_MSG.rangeOrder };

const dateSearch: SearchBehaviour = {
  widget: 'date',
  needsOptions: false,
  allowsRange: true,
  decode(field, value, endValue) {
    const start = decodeDate(value);
    if (typeof start === 'object' && start !== null) return start;
    if (!field.range) return start;
    const end = decodeDate(endValue);
    if (typeof end === 'object' && end !== null) return end;
    if (start !== null && end !== null && end < start) return { problem: META_PROBLEM.endBeforeStart };
    return { start, end };
  },
  empty: (field) => (field.range ? EMPTY_RANGE : null),
  isEmpty(value) {
    if (isDateRangeValue(value)) return value.start === null && value.end === null;
    return typeof value !== 'string' || value === '';
  },
  toParams(field, value) {
    const params: RequestParams = {};
    if (field.range) {
      const names = rangeParamNames(field.prop);
      const { start, end } = rangeOf(value);
      if (start) params[names.start] = start;
      if (end) params[names.end] = end;
    } else if (typeof value === 'string' && value !== '') {
      params[field.prop] = value;
    }
    return params;
  },
  fromParams(field, params) {
    if (!field.range) {
      const text = paramText(params, field.prop);
      return isIsoDate(text) ? text : null;
    }
    const names = rangeParamNames(field.prop);
    const start = paramText(params, names.start);
    const end = paramText(params, names.end);
    return { start: isIsoDate(start) ? start : null, end: isIsoDate(end) ? end : null };
  },
  maxLength: null,
  validate(field, value) {
    if (!field.range) {
      return typeof value === 'string' && value !== '' && !isIsoDate(value) ? [badDate] : [];
    }
    const { start, end } = rangeOf(value);
    if ((start !== null && !isIsoDate(start)) || (end !== null && !isIsoDate(end))) return [badDate];
    return start !== null && end !== null && end < start ? [rangeOrder] : [];
  },
};

export const dateFieldType: FieldTypeDef = {
  name: 'date',
  search: dateSearch,
  formatCell: (value, ctx) => formatDateInZone(value, ctx.timeZone, false),
};

export const datetimeFieldType: FieldTypeDef = {
  name: 'datetime',
  formatCell: (value, ctx) => formatDateInZone(value, ctx.timeZone, true),
};
