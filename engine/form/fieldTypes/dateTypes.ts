/**
 * `date` (`yyyy-MM-dd`, a real calendar date; with `partial` also `yyyy-MM-UK` and `yyyy-UK-UK`), `time` (`HH:mm`)
 * (also `H:mm`; rules see it as `HH:mm`) and `datetime` (`yyyy-MM-dd HH:mm`). Rules see a complete valid value as its text (ISO text compares in time order)
 * and a partial or invalid one as null (unknown).
 */
import { isIsoDate } from '../../fieldTypes/dates';
import { FORM_MSG } from '../messages';
import { UNKNOWN_MARKER, type FormValue } from '../types';
import { error } from './problems';
import type { FormFieldTypeDef } from './types';

/** `HH:mm`, the hour also with one digit (`7:05`, as REDCap's `time` validation accepts). */
const TIME = /^([01]?\d|2[0-3]):[0-5]\d$/;
/** The time part of a date-time: always two-digit hours. */
const STRICT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const PARTIAL_DAY = new RegExp(`^\\d{4}-(0[1-9]|1[0-2])-${UNKNOWN_MARKER}$`);
const PARTIAL_MONTH = new RegExp(`^\\d{4}-${UNKNOWN_MARKER}-${UNKNOWN_MARKER}$`);

/** `yyyy-MM-UK` or `yyyy-UK-UK`. */
export function isPartialDate(text: string): boolean {
  return PARTIAL_DAY.test(text) || PARTIAL_MONTH.test(text);
}

export function isTime(text: string): boolean {
  return TIME.test(text);
}

/** A valid time as rules see it: two-digit hours (`7:05` → `07:05`), so that times compare in time order as text. */
export function normalTime(text: string): string | null {
  if (!TIME.test(text)) return null;
  return text.length === 4 ? `0${text}` : text;
}

/** `yyyy-MM-dd HH:mm` with a real date and time. */
export function isDateTime(text: string): boolean {
  const [date, time, ...rest] = text.split(' ');
  return (
    rest.length === 0 && date !== undefined && time !== undefined && isIsoDate(date) && STRICT_TIME.test(time)
  );
}

function oneText(value: FormValue): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

function textWhen(test: (text: string) => boolean) {
  return (_item: unknown, value: FormValue) => {
    const text = oneText(value);
    return text !== null && test(text) ? text : null;
  };
}

export const dateFieldType: FormFieldTypeDef = {
  name: 'date',
  valueKind: 'text',
  needsOptions: false,
  textLike: false,
  numeric: false,
  computed: false,
  ruleValue: textWhen(isIsoDate),
  checkValue(item, value) {
    const text = oneText(value);
    if (text === null) return [error(FORM_MSG.badValue)];
    if (text === '' || isIsoDate(text)) return [];
    if (isPartialDate(text)) return item.partial ? [] : [error(FORM_MSG.partialNotAllowed)];
    return [error(FORM_MSG.notDate)];
  },
};

export const timeFieldType: FormFieldTypeDef = {
  name: 'time',
  valueKind: 'text',
  needsOptions: false,
  textLike: false,
  numeric: false,
  computed: false,
  ruleValue: (_item, value) => {
    const text = oneText(value);
    return text === null ? null : normalTime(text);
  },
  checkValue(_item, value) {
    const text = oneText(value);
    if (text === null) return [error(FORM_MSG.badValue)];
    return text === '' || isTime(text) ? [] : [error(FORM_MSG.notTime)];
  },
};

export const datetimeFieldType: FormFieldTypeDef = {
  name: 'datetime',
  valueKind: 'text',
  needsOptions: false,
  textLike: false,
  numeric: false,
  computed: false,
  ruleValue: textWhen(isDateTime),
  checkValue(_item, value) {
    const text = oneText(value);
    if (text === null) return [error(FORM_MSG.badValue)];
    return text === '' || isDateTime(text) ? [] : [error(FORM_MSG.notDateTime)];
  },
};
