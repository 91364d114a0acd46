/**
 * A pop-up menu whose MUI parts (Menu, Popover, MenuList, Grow, MenuItem: ≈ 8 KB gzip) load when it first opens, not
 * with the page (issue 11: the form route's section menu and the shell's help menu). `preloadMenuParts()` fetches them
 * ahead, when the pointer comes over or the focus onto the menu's button, so that the first opening rarely waits.
 *
 * The menu is drawn by `children(parts)` with the parts handed in. Once opened it stays mounted (its closing
 * transition, its focus handling). A failed load is tried once more after a second; when it fails again the menu
 * does not open this time (the page stays as it is) and the next opening tries again.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type * as MenuPartsModule from './menuParts';

export type MenuParts = typeof MenuPartsModule;

interface PartsProps {
  draw(parts: MenuParts): ReactNode;
}

const RETRY_DELAY_MS = 1_000;
let parts: MenuParts | null = null;
let loading: Promise<MenuParts> | null = null;

function loadParts(): Promise<MenuParts> {
  loading ??= import('./menuParts')
    .catch(
      () =>
        new Promise<MenuParts>((resolve, reject) =>
          setTimeout(() => import('./menuParts').then(resolve, reject), RETRY_DELAY_MS),
        ),
    )
    .then(
      (loaded) => {
        parts = loaded;
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  return loading;
}

/** Starts fetching the menu parts (a pointer over a menu's button, or the focus on it); a failure is left for the opening. */
export function preloadMenuParts(): void {
  loadParts().catch(() => undefined);
}

const Nothing: ComponentType<PartsProps> = () => null;

function lazyParts() {
  return lazy<ComponentType<PartsProps>>(() =>
    loadParts().then(
      () => ({ default: ({ draw }: PartsProps) => <>{draw(parts as MenuParts)}</> }),
      // not there after the retry: nothing opens this time
      () => ({ default: Nothing }),
    ),
  );
}

function WithParts({ draw }: PartsProps) {
  // chosen once per mount: the parts already there are drawn at once, else through a lazy component made for this
  // mount (switching from one to the other later would remount the menu)
  const [Lazy] = useState(() => (parts ? null : lazyParts()));
  if (!Lazy) return <>{draw(parts as MenuParts)}</>;
  return (
    <Suspense fallback={null}>
      <Lazy draw={draw} />
    </Suspense>
  );
}

export function LazyMenu({ open, children }: { open: boolean; children(parts: MenuParts): ReactNode }) {
  const [opened, setOpened] = useState(open);
  const [wasOpen, setWasOpen] = useState(open);
  // an opening while the parts are still not there (a load that failed) tries again
  const [attempt, setAttempt] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOpened(true);
      if (!parts) setAttempt((n) => n + 1);
    }
  }
  return opened ? <WithParts key={attempt} draw={children} /> : null;
}
