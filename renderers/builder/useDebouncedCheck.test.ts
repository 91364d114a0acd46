import { describe, expect, it } from 'vitest';
import { generateBigForm } from '../../fixtures/forms/generateBigForm';
import { CHECK_DELAY_MAX_MS, CHECK_DELAY_MS, checkDelay } from './useDebouncedCheck';

const length = (items: number) => JSON.stringify(generateBigForm(items), null, 2).length;

describe('checkDelay', () => {
  it('keeps the short pause up to 300 items (the preview follows within 300 ms there)', () => {
    expect(checkDelay(0)).toBe(CHECK_DELAY_MS);
    expect(checkDelay(length(300))).toBe(CHECK_DELAY_MS);
  });

  it('waits longer for a 1,000-item schema, never more than the longest pause', () => {
    const delay = checkDelay(length(1000));
    expect(delay).toBeGreaterThan(CHECK_DELAY_MS);
    expect(delay).toBeLessThanOrEqual(CHECK_DELAY_MAX_MS);
    expect(checkDelay(10_000_000)).toBe(CHECK_DELAY_MAX_MS);
  });
});
