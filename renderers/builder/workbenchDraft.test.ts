import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimers } from '../search/browserTimers';
import { createDraftKeeper, KEEP_DELAY_MS, startingText } from './workbenchDraft';

const stored = (key: string) => localStorage.getItem(`edcweb.builder.${key}`);

describe('the draft keeper', () => {
  afterEach(() => vi.useRealTimers());

  it('writes once the builder pauses, and a workbench mounted meanwhile already finds the text', () => {
    vi.useFakeTimers();
    const keeper = createDraftKeeper('k1', browserTimers);
    keeper.keep('{"a":1}', 'VS');
    keeper.keep('{"a":2}');
    expect(stored('k1')).toBeNull();
    // a remount before the write (Storybook's language switch) reads the unwritten draft
    expect(startingText('k1', '{}', null)).toEqual({ text: '{"a":2}', source: 'draft', example: 'VS' });
    vi.advanceTimersByTime(KEEP_DELAY_MS);
    expect(JSON.parse(stored('k1')!)).toEqual({ text: '{"a":2}', example: 'VS' });
  });

  it('writes at once once closed (the workbench unmounting)', () => {
    vi.useFakeTimers();
    const keeper = createDraftKeeper('k2', browserTimers);
    keeper.keep('x');
    keeper.close();
    expect(JSON.parse(stored('k2')!)).toEqual({ text: 'x' });
    keeper.keep('y');
    expect(JSON.parse(stored('k2')!)).toEqual({ text: 'y' });
  });

  it('keeps nothing without a key', () => {
    const keeper = createDraftKeeper(null, browserTimers);
    keeper.keep('x');
    keeper.flush();
    expect(localStorage.length).toBe(0);
  });
});
