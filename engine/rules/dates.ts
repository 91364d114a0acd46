/**
 * Calendar dates in rules: `yyyy-MM-dd`, and the date part of `yyyy-MM-ddTHH:mm[:ss]` / `yyyy-MM-dd HH:mm`.
 * Partial dates (`2020-05-UK`, `2020-UK-UK`) give their known parts to year()/month() only; datediff needs a full date.
 */
import type { RuleValue } from './types';

export interface DateParts {
  year: number;
  /** 1–12, or null when unknown (`UK`). */
  month: number | null;
  /** 1–31, or null when unknown (`UK`). */
  day: number | null;
}

export interface FullDate {
  year: number;
  month: number;
  day: number;
}

const DATE = /^(\d{4})-(\d{2}|UK)-(\d{2}|UK)(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/i;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The parts of a date or datetime text; null when it is not one (bad shape, month 13, 2021-02-29, 25:00, `UK-05`). */
export function parseDateParts(v: RuleValue): DateParts | null {
  if (typeof v !== 'string') return null;
  const m = DATE.exec(v.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = /^uk$/i.test(m[2]!) ? null : Number(m[2]);
  const day = /^uk$/i.test(m[3]!) ? null : Number(m[3]);
  if (year < 1) return null;
  if (month === null && day !== null) return null;
  if (month !== null && (month < 1 || month > 12)) return null;
  if (day !== null && (day < 1 || day > daysInMonth(year, month!))) return null;
  if (m[4] !== undefined) {
    if (month === null || day === null) return null;
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59)) return null;
  }
  return { year, month, day };
}

/** A complete calendar date, or null (partial, invalid, not a date). */
export function parseFullDate(v: RuleValue): FullDate | null {
  const p = parseDateParts(v);
  return p && p.month !== null && p.day !== null ? { year: p.year, month: p.month, day: p.day } : null;
}

/** Days since 1970-01-01 in the proleptic Gregorian calendar (no Date: Date.UTC maps years 0–99 to 19xx). */
export function dayNumber(d: FullDate): number {
  const y = d.month <= 2 ? d.year - 1 : d.year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (d.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** b − a in whole days. */
function diffDays(a: FullDate, b: FullDate): number {
  return dayNumber(b) - dayNumber(a);
}

/**
 * Completed months from a to b (negative when b is before a). A month is completed on the same day of the month
 * (Java's Period.between): 2024-01-31 → 2024-02-29 is 0 months, → 2024-03-01 is 1; someone born on 29 February
 * completes a year on 1 March in common years.
 */
function diffMonths(a: FullDate, b: FullDate): number {
  if (diffDays(a, b) < 0) return -diffMonths(b, a);
  let months = (b.year - a.year) * 12 + (b.month - a.month);
  if (b.day < a.day) months--;
  return months;
}

export type DateUnit = 'y' | 'm' | 'd';

/** b − a in completed years, completed months, or days. */
export function dateDiff(a: FullDate, b: FullDate, unit: DateUnit): number {
  if (unit === 'd') return diffDays(a, b);
  const months = diffMonths(a, b);
  return unit === 'm' ? months : Math.trunc(months / 12);
}

/** Seconds since 1970-01-01 00:00 of a full date or date-time text (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm[:ss]`, `T`), or null. */
export function instantSeconds(v: RuleValue): number | null {
  const date = parseFullDate(v);
  if (!date || typeof v !== 'string') return null;
  const m = DATE.exec(v.trim());
  const hours = m?.[4] === undefined ? 0 : Number(m[4]);
  const minutes = m?.[5] === undefined ? 0 : Number(m[5]);
  const seconds = m?.[6] === undefined ? 0 : Number(m[6]);
  return dayNumber(date) * 86400 + hours * 3600 + minutes * 60 + seconds;
}

/**
 * Seconds per unit of `elapsed()` (REDCap's datediff units, case-sensitive: `M` months, `m` minutes): a year is
 * 365.2425 days, a month 30.44 days.
 */
export const ELAPSED_UNIT_SECONDS: Readonly<Record<string, number>> = Object.freeze({
  y: 365.2425 * 86400,
  M: 30.44 * 86400,
  d: 86400,
  h: 3600,
  m: 60,
  s: 1,
});
