import { describe, expect, it } from 'vitest';
import { isAtLimit, limitChange, LONG_TEXT_LIMIT, SHORT_TEXT_LIMIT, textLimitOf } from './textLimit';

describe('textLimitOf (login info strLength → text limit)', () => {
  it.each([
    [100, 100],
    [101, 2000],
    [500, 2000],
    [2000, 2000],
    [5000, 2000],
    // missing or invalid: the short limit, never the long one
    [undefined, 100],
    [null, 100],
    [99, 100],
    [0, 100],
    [-1, 100],
    [Number.NaN, 100],
    [Number.POSITIVE_INFINITY, 100],
    ['2000', 100],
    [{}, 100],
  ])('strLength %p → %i', (strLength, limit) => {
    expect(textLimitOf(strLength)).toBe(limit);
  });

  it('the limits are the spec’s (§9)', () => {
    expect([SHORT_TEXT_LIMIT, LONG_TEXT_LIMIT]).toEqual([100, 2000]);
  });
});

describe('isAtLimit', () => {
  it('is true exactly from the limit on', () => {
    expect(isAtLimit('x'.repeat(99), 100)).toBe(false);
    expect(isAtLimit('x'.repeat(100), 100)).toBe(true);
    expect(isAtLimit('x'.repeat(101), 100)).toBe(true);
  });
});

describe('limitChange (typing and pasting against a limit)', () => {
  const at = (n: number) => 'x'.repeat(n);
  it.each([
    ['typing below the limit', 'abc', 'abcd', 5, 'abcd'],
    ['typing the last allowed character', 'abcd', 'abcde', 5, 'abcde'],
    ['typing past the limit changes nothing', 'abcde', 'abcdef', 5, 'abcde'],
    ['typing in the middle at the limit changes nothing', 'abcde', 'abXcde', 5, 'abcde'],
    ['a paste at the end is cut at the limit', 'ab', 'ab123456', 5, 'ab123'],
    ['a paste in the middle is cut, the rest stays', 'abcd', 'ab1234cd', 5, 'ab1cd'],
    ['a paste over a selection is cut to the room left', 'abcde', 'a123456e', 5, 'a123e'],
    ['deleting is always kept', 'abcde', 'abce', 5, 'abce'],
    ['an older value over the limit can be shortened', at(8), at(7), 5, at(7)],
    ['an older value over the limit cannot grow', at(8), `${at(8)}y`, 5, at(8)],
  ])('%s', (_what, prev, next, max, kept) => {
    expect(limitChange(prev, next, max)).toBe(kept);
  });

  it('never splits a surrogate pair at the cut', () => {
    expect(limitChange('abcd', 'abcd😀', 5)).toBe('abcd');
    expect(limitChange('abc', 'abc😀', 5)).toBe('abc😀');
  });

  it('a long paste into an empty input keeps exactly the limit', () => {
    expect(limitChange('', at(2500), 2000)).toBe(at(2000));
  });
});
