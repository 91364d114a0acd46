/** A fixed-window counter per key (client IP): at most `limit` hits per `windowMs`. In memory, per server process. */
export interface RateLimiter {
  /** Counts a hit; false when the key is over its limit in the current window. */
  hit(key: string): boolean;
}

export function createRateLimiter(limit: number, windowMs: number, now: () => number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const t = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
      }
      const w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      w.count++;
      return w.count <= limit;
    },
  };
}
