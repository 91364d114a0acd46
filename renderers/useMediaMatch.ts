import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches a media query (`theme.breakpoints.up('lg')` or a bare query), kept up to date: MUI's
 * useMediaQuery without its SSR and theme-props machinery (≈ 1 KB gzip off the form route, stop 28 in
 * docs/perf-list-and-bundles.md). `false` where there is no matchMedia (jsdom), as MUI's without a default.
 */
export function useMediaMatch(query: string): boolean {
  const media = query.replace(/^@media( ?)/m, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [media],
  );
  const matches = useCallback(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia(media).matches,
    [media],
  );
  return useSyncExternalStore(subscribe, matches, () => false);
}
