/**
 * Dates of search values and grid cells. Search dates are calendar dates `yyyy-MM-dd` (never shifted by a zone);
 * date-times are instants (ISO 8601 strings, UTC when they carry no offset, or epoch milliseconds) shown in a zone.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar date written `yyyy-MM-dd`. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

const zoneChecks = new Map<string, boolean>();

/** An IANA time zone the runtime knows (`Asia/Shanghai`, `UTC` …). */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  let known = zoneChecks.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    zoneChecks.set(value, known);
  }
  return known;
}

/** Epoch milliseconds of an instant: a finite number, a Date, or an ISO 8601 date-time (no offset = UTC). */
export function parseInstant(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string') return null;
  const m = ISO_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  const s = Number(m[6] ?? 0);
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  let offsetMin = 0;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  return Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  let fmt = formats.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, fmt);
  }
  return fmt;
}

/**
 * A value as `yyyy-MM-dd` (withTime false) or `yyyy-MM-dd HH:mm` (withTime true) in `timeZone` (an unknown zone
 * counts as UTC). A calendar date `yyyy-MM-dd` is shown as it is, never shifted. Empty for null, undefined and '';
 * anything that is not a date is shown as its text.
 */
export function formatDateInZone(value: unknown, timeZone: string, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (isIsoDate(value)) return value;
  const ms = parseInstant(value);
  if (ms === null) return String(value);
  const parts: Record<string, string> = {};
  for (const p of formatIn(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const date = `${(parts.year ?? '').padStart(4, '0')}-${parts.month}-${parts.day}`;
  return withTime ? `${date} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}` : date;
}
