import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalTimers } from '../http/testkit';
import { createDebounce, createThrottle, SEARCH_DEBOUNCE } from './debounce';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createDebounce', () => {
  it('runs once, ms after the last call, with its arguments', () => {
    const fn = vi.fn();
    const d = createDebounce(globalTimers, SEARCH_DEBOUNCE.selectMs, fn);
    d.call('a');
    vi.advanceTimersByTime(200);
    d.call('b');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    expect(d.pending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('b');
    expect(d.pending()).toBe(false);
  });

  it('waits the delay its last call asks for', () => {
    const fn = vi.fn();
    const d = createDebounce(globalTimers, (size: number) => (size > 100 ? 400 : 150), fn);
    d.call(500);
    vi.advanceTimersByTime(399);
    expect(fn).not.toHaveBeenCalled();
    d.call(10);
    vi.advanceTimersByTime(149);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(10);
  });

  it('flush runs the pending call now; cancel drops it', () => {
    const fn = vi.fn();
    const d = createDebounce(globalTimers, 500, fn);
    d.call(1);
    d.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    d.call(2);
    d.cancel();
    vi.advanceTimersByTime(1000);
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('leading: the first click runs at once, clicks within ms of the last are ignored', () => {
    const fn = vi.fn();
    const d = createDebounce(globalTimers, SEARCH_DEBOUNCE.clickMs, fn, { leading: true });
    d.call('first');
    expect(fn).toHaveBeenCalledExactlyOnceWith('first');
    vi.advanceTimersByTime(300);
    d.call('double');
    vi.advanceTimersByTime(499);
    d.call('still');
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
    d.call('later');
    expect(fn).toHaveBeenLastCalledWith('later');
  });
});

describe('createThrottle', () => {
  it('runs at once, then at most once per window with the latest arguments', () => {
    const fn = vi.fn();
    const t = createThrottle(globalTimers, SEARCH_DEBOUNCE.resizeThrottleMs, fn);
    t.call(1);
    t.call(2);
    t.call(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(300);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(2);
    t.call(4);
    expect(fn).toHaveBeenLastCalledWith(4);
  });

  it('cancel drops the trailing call', () => {
    const fn = vi.fn();
    const t = createThrottle(globalTimers, 300, fn);
    t.call(1);
    t.call(2);
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn.mock.calls).toEqual([[1]]);
  });
});
