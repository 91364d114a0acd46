import { describe, expect, it } from 'vitest';
import { compareVersions, shouldShowHeader } from './version';

describe('compareVersions', () => {
  it.each([
    ['V2.1.10', 'V2.1.9', 1],
    ['V2.1.9', 'V2.1.10', -1],
    ['V2.1.6', 'V2.1.6', 0],
    ['2.1.6', 'V2.1.6', 0],
    ['v2.1', 'V2.1.0', 0],
    ['V3', 'V2.9.99', 1],
    ['V2.1.6-SNAPSHOT', 'V2.1.6', 0],
    ['', 'V0.0.1', -1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});

describe('shouldShowHeader', () => {
  it('shows the header from V2.1.6 on', () => {
    expect(shouldShowHeader('V2.1.6')).toBe(true);
    expect(shouldShowHeader('V2.1.10')).toBe(true);
    expect(shouldShowHeader('V2.1.5')).toBe(false);
  });

  it('an unknown version counts as V2.0.10 (no header)', () => {
    expect(shouldShowHeader(null)).toBe(false);
    expect(shouldShowHeader(undefined)).toBe(false);
    expect(shouldShowHeader('  ')).toBe(false);
  });
});
