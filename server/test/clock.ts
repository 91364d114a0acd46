/** A settable clock for ServerConfig.now. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  set(at: Date): void;
}

/** Seed time of the test snapshot; test clocks start shortly after it. */
export const TEST_SEED_TIME = new Date('2026-03-02T00:00:00.000Z');
export const TEST_START_TIME = new Date('2026-03-02T01:00:00.000Z');

export function createClock(start: Date = TEST_START_TIME): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms) {
      t += ms;
    },
    set(at) {
      t = at.getTime();
    },
  };
}

export const MINUTE = 60_000;
