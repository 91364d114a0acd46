/**
 * The save's "today" kept per (zone, second) (todayInZone.ts) still changes at midnight in the user's zone, with an
 * injected clock that moves forward, back, or lands in a zone whose offset is not whole minutes.
 */
import { describe, expect, it } from 'vitest';

import { formatDateInZone } from '../../../engine/fieldTypes/dates';
import { formContextOf } from './formSchemas';
import { todayInZone } from './todayInZone';

const user = (timezone: string) => ({ strLength: 200, numfieldUKallowed: false, timezone });
const today = (iso: string, zone: string) => formContextOf(user(zone), new Date(iso)).today;

describe("the save's today", () => {
  it('changes at midnight in the zone, also within one second and one minute of it, and when the clock goes back', () => {
    // Asia/Shanghai: midnight of 2 March is 16:00Z on 1 March
    expect(today('2026-03-01T15:59:59.000Z', 'Asia/Shanghai')).toBe('2026-03-01');
    expect(today('2026-03-01T15:59:59.999Z', 'Asia/Shanghai')).toBe('2026-03-01');
    expect(today('2026-03-01T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-03-02');
    expect(today('2026-03-01T16:00:00.999Z', 'Asia/Shanghai')).toBe('2026-03-02');
    expect(today('2026-03-01T15:59:59.999Z', 'Asia/Shanghai')).toBe('2026-03-01');
    // the same instant in another zone is answered for that zone
    expect(today('2026-03-01T16:00:00.000Z', 'America/New_York')).toBe('2026-03-01');
    expect(today('2026-03-01T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-03-02');
  });

  it('a zone whose offset is not whole minutes (Liberia, −0:44:30 until 1972) changes its date mid-minute', () => {
    expect(today('1971-06-01T00:44:29.999Z', 'Africa/Monrovia')).toBe('1971-05-31');
    expect(today('1971-06-01T00:44:30.000Z', 'Africa/Monrovia')).toBe('1971-06-01');
  });

  it('answers as formatDateInZone for every instant and zone (an unknown zone counts as UTC)', () => {
    const zones = ['UTC', 'Asia/Shanghai', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Not/AZone'];
    const start = Date.parse('2026-10-31T22:00:00Z');
    for (let i = 0; i < 400; i++) {
      const at = new Date(start + i * 37_123);
      for (const zone of zones) {
        expect(todayInZone(at, zone), `${at.toISOString()} ${zone}`).toBe(
          formatDateInZone(at.toISOString(), zone, false),
        );
      }
    }
  });
});
