import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys } from './idempotency';

function counter() {
  let n = 0;
  return () => `key-${String(++n).padStart(16, '0')}`;
}

describe('idempotency keys of saves', () => {
  it('reuses the key for a retry of the same values until an outcome arrives, then starts a new one', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor({ SYSBP: '120', DIABP: '80' });
    // the same values in another key order are the same save
    expect(keys.keyFor({ DIABP: '80', SYSBP: '120' })).toBe(first);
    expect(keys.pending()).toBe(first);
    keys.settle();
    expect(keys.pending()).toBeNull();
    expect(keys.keyFor({ SYSBP: '120', DIABP: '80' })).not.toBe(first);
  });

  it('gives other values another key, and takes over a key kept in a draft', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor({ SYSBP: '120' });
    expect(keys.keyFor({ SYSBP: '121' })).not.toBe(first);
    keys.adopt('kept-0123456789abcdef', { SYSBP: '130' });
    expect(keys.keyFor({ SYSBP: '130' })).toBe('kept-0123456789abcdef');
  });

  it('lends the pending key to a draft only for the values of that pending save', () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.pendingFor({ SYSBP: '120' })).toBeNull();
    const first = keys.keyFor({ SYSBP: '120' });
    expect(keys.pendingFor({ SYSBP: '120' })).toBe(first);
    // values typed after the failed save are another save: the first one's outcome is not theirs
    expect(keys.pendingFor({ SYSBP: '121' })).toBeNull();
    keys.settle();
    expect(keys.pendingFor({ SYSBP: '120' })).toBeNull();
  });
});
