import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaMatch } from '../../renderers/useMediaMatch';

describe('useMediaMatch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is false without matchMedia (as jsdom)', () => {
    const { result } = renderHook(() => useMediaMatch('@media (min-width:1200px)'));
    expect(result.current).toBe(false);
  });

  it("follows the window: the theme's breakpoint query without '@media', updated on change, unsubscribed on unmount", () => {
    let matches = false;
    const listeners = new Set<() => void>();
    const matchMedia = vi.fn((query: string) => ({
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const { result, unmount } = renderHook(() => useMediaMatch('@media (min-width:1200px)'));
    expect(result.current).toBe(false);
    expect(matchMedia).toHaveBeenCalledWith('(min-width:1200px)');
    act(() => {
      matches = true;
      listeners.forEach((l) => l());
    });
    expect(result.current).toBe(true);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
