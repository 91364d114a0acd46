/**
 * "Today" of a save's form context (formContextOf): the date (yyyy-MM-dd) in the user's time zone at the request's
 * instant, as formatDateInZone answers it, formatted once per (zone, UTC second) instead of on every save (Intl
 * formatToParts was about 1 % of the server's CPU under load: docs/load.md). Keyed by the second, not the minute: a
 * zone's offsets and transitions are whole seconds (tzdata), so the date cannot change within a UTC second, whereas
 * an offset such as Liberia's −0:44:30 until 1972 changes it in the middle of a minute. Only the last second per zone
 * is kept; an injected clock going back or jumping simply formats again.
 */
import { formatDateInZone } from '../../../engine/fieldTypes/dates';

interface LastToday {
  second: number;
  date: string;
}

const lastByZone = new Map<string, LastToday>();
/** Zones are the users' settings (a handful); past this many all are dropped together. */
const ZONES_LIMIT = 1_000;

export function todayInZone(now: Date, timeZone: string): string {
  const ms = now.getTime();
  // an invalid date: as before (toISOString throws)
  if (!Number.isFinite(ms)) return formatDateInZone(now.toISOString(), timeZone, false);
  const second = Math.floor(ms / 1000);
  const last = lastByZone.get(timeZone);
  if (last !== undefined && last.second === second) return last.date;
  const date = formatDateInZone(now.toISOString(), timeZone, false);
  if (last === undefined && lastByZone.size >= ZONES_LIMIT) lastByZone.clear();
  lastByZone.set(timeZone, { second, date });
  return date;
}
