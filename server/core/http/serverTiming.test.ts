import { describe, expect, it } from 'vitest';
import { startServerTiming } from './serverTiming';

describe('Server-Timing of a request', () => {
  it('names each phase with the time since the previous mark, then the total', () => {
    let now = 100;
    const timing = startServerTiming(() => now);
    now = 101.5;
    timing.mark('session');
    now = 104;
    timing.mark('page');
    now = 104.25;
    expect(timing.header()).toBe('session;dur=1.50, page;dur=2.50, total;dur=4.25');
  });

  it('refuses a phase name the header grammar does not take (no value may slip into the header)', () => {
    const timing = startServerTiming(() => 0);
    expect(() => timing.mark('a b')).toThrow(/not a token/);
    expect(() => timing.mark('x,y=1')).toThrow(/not a token/);
  });
});
