/**
 * REDCap's text validation types → the engine's field type with what it checks. Dates, date-times and times are
 * stored by REDCap as `Y-M-D` / `H:M` whatever the display order (`date_mdy` shows `M-D-Y`), which is the engine's own
 * value format, so the display order is not kept. What the engine cannot check exactly is "approximated" (`detail`
 * says how).
 */
import type { MetaText } from '../../metadata/types';

/** How min/max are read for a validation type. */
export type RangeKind = 'number' | 'date' | 'datetime' | 'time' | 'none';

export interface ValidationMapping {
  fieldtype: string;
  precision?: number;
  pattern?: { regex: string; message: MetaText };
  rangeKind: RangeKind;
  /** Set when the engine checks something close to REDCap's rule, not the same: what differs. */
  approximated?: string;
}

const pattern = (regex: string, zh_CN: string, en: string) => ({ regex, message: { zh_CN, en } });

const dpMapping = (n: number, comma: boolean): ValidationMapping => ({
  fieldtype: 'decimal',
  precision: n,
  rangeKind: 'number',
  approximated: comma
    ? `decimal with a point, at most ${n} decimal(s) (REDCap: a comma as the decimal mark, exactly ${n})`
    : `at most ${n} decimal(s) (REDCap: exactly ${n})`,
});

export const VALIDATION_TYPES: Readonly<Record<string, ValidationMapping>> = {
  date_ymd: { fieldtype: 'date', rangeKind: 'date' },
  date_mdy: { fieldtype: 'date', rangeKind: 'date' },
  date_dmy: { fieldtype: 'date', rangeKind: 'date' },
  datetime_ymd: { fieldtype: 'datetime', rangeKind: 'datetime' },
  datetime_mdy: { fieldtype: 'datetime', rangeKind: 'datetime' },
  datetime_dmy: { fieldtype: 'datetime', rangeKind: 'datetime' },
  ...Object.fromEntries(
    ['ymd', 'mdy', 'dmy'].map((order) => [
      `datetime_seconds_${order}`,
      {
        fieldtype: 'text',
        rangeKind: 'none',
        pattern: pattern(
          '\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01]) ([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d',
          '格式应为 yyyy-MM-dd HH:mm:ss',
          'Use yyyy-MM-dd HH:mm:ss',
        ),
        approximated:
          'text checked by a pattern yyyy-MM-dd HH:mm:ss (the engine has no date-time with seconds)',
      } satisfies ValidationMapping,
    ]),
  ),
  time: { fieldtype: 'time', rangeKind: 'time' },
  time_hh_mm_ss: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d', '格式应为 HH:mm:ss', 'Use HH:mm:ss'),
    approximated: 'text checked by a pattern HH:mm:ss (the engine has no time with seconds)',
  },
  time_mm_ss: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('[0-5]\\d:[0-5]\\d', '格式应为 mm:ss', 'Use mm:ss'),
    approximated: 'text checked by a pattern mm:ss',
  },
  integer: { fieldtype: 'integer', rangeKind: 'number' },
  number: { fieldtype: 'decimal', rangeKind: 'number' },
  number_1dp: dpMapping(1, false),
  number_2dp: dpMapping(2, false),
  number_3dp: dpMapping(3, false),
  number_4dp: dpMapping(4, false),
  number_comma_decimal: {
    fieldtype: 'decimal',
    rangeKind: 'number',
    approximated: 'decimal with a point (REDCap: a comma as the decimal mark)',
  },
  number_1dp_comma_decimal: dpMapping(1, true),
  number_2dp_comma_decimal: dpMapping(2, true),
  number_3dp_comma_decimal: dpMapping(3, true),
  number_4dp_comma_decimal: dpMapping(4, true),
  email: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern(
      "[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}",
      '应为电子邮件地址',
      'Must be an email address',
    ),
  },
  phone: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern(
      '\\(?[2-9]\\d{2}\\)?[\\s.-]*[2-9]\\d{2}[\\s.-]*\\d{4}(\\s*(#|x\\.?|ext\\.?|extension)\\s*\\d+)?',
      '应为北美电话号码',
      'Must be a North American phone number',
    ),
  },
  phone_australia: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern(
      '(\\(0[2-8]\\)|0[2-8])\\s*\\d{4}\\s*\\d{4}',
      '应为澳大利亚电话号码',
      'Must be an Australian phone number',
    ),
  },
  zipcode: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('\\d{5}(-\\d{4})?', '应为美国邮政编码', 'Must be a US ZIP code'),
  },
  postalcode_australia: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('\\d{4}', '应为 4 位邮政编码', 'Must be a 4-digit postcode'),
  },
  postalcode_canada: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern(
      '[ABCEGHJ-NPRSTVXYabceghj-nprstvxy]\\d[A-Za-z] ?\\d[A-Za-z]\\d',
      '应为加拿大邮政编码',
      'Must be a Canadian postal code',
    ),
  },
  postalcode_french: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('\\d{5}', '应为 5 位邮政编码', 'Must be a 5-digit postal code'),
  },
  postalcode_germany: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('\\d{5}', '应为 5 位邮政编码', 'Must be a 5-digit postal code'),
  },
  alpha_only: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('[A-Za-z]+', '只能包含字母', 'Letters only'),
  },
  ssn: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('\\d{3}-\\d{2}-\\d{4}', '格式应为 123-45-6789', 'Use 123-45-6789'),
  },
  mrn_10d: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('\\d{10}', '应为 10 位数字', 'Must be 10 digits'),
  },
  mrn_generic: {
    fieldtype: 'text',
    rangeKind: 'none',
    pattern: pattern('[A-Za-z0-9_-]+', '只能包含字母、数字、- 和 _', 'Letters, digits, - and _ only'),
  },
};

/** The mapping of a validation type (case-insensitive), or undefined when REDCap's list has no such type. */
export function validationMapping(validation: string): ValidationMapping | undefined {
  const key = validation.trim().toLowerCase();
  return Object.hasOwn(VALIDATION_TYPES, key) ? VALIDATION_TYPES[key] : undefined;
}
