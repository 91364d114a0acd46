/**
 * A pop-up menu whose MUI parts (Menu, Popover, MenuList, Grow, MenuItem: ≈ 8 KB gzip) load when it first opens, not
 * with the page (issue 11: the form route's section menu and the shell's help menu). `preloadMenuParts()` fetches them
 * ahead, when the pointer comes over or the focus onto the menu's button, so that the first opening rarely waits.
 *
 * The menu is drawn by `children(parts)` with the parts handed in. Once opened it stays mounted (its closing
 * transition, its focus handling). A failed load is tried once more after a second; when it fails again the menu
 * does not open this time: `onClose` is called (the button is closed again, not left "expanded" with nothing shown)
 * and the next opening tries again. While the parts load, Escape or a press anywhere cancels the opening (`onClose`);
 * parts that arrive after that draw the menu closed.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type * as MenuPartsModule from './menuParts';

export type MenuParts = typeof MenuPartsModule;

interface PartsProps {
  draw(parts: MenuParts): ReactNode;
  onClose(): void;
}

const RETRY_DELAY_MS = 1_000;
const importParts = (): Promise<MenuParts> => import('./menuParts');
let partsLoader = importParts;
let parts: MenuParts | null = null;
let loading: Promise<MenuParts> | null = null;

/** Tests: how the parts are loaded (none loaded yet); `null` restores the real import. */
export function setMenuPartsLoaderForTests(loader: (() => Promise<MenuParts>) | null): void {
  partsLoader = loader ?? importParts;
  parts = null;
  loading = null;
}

function loadParts(): Promise<MenuParts> {
  const load = partsLoader;
  loading ??= load()
    .catch(
      () =>
        new Promise<MenuParts>((resolve, reject) =>
          setTimeout(() => load().then(resolve, reject), RETRY_DELAY_MS),
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

/** Not there after the retry: nothing opens this time, and the menu's owner is told so (once). */
const Failed: ComponentType<PartsProps> = ({ onClose }) => {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => close.current(), []);
  return null;
};

/** While the parts load: Escape or a press anywhere cancels the opening, as it would close the menu. */
function Loading({ onClose }: { onClose(): void }) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    const onPress = () => close.current();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, []);
  return null;
}

function lazyParts() {
  return lazy<ComponentType<PartsProps>>(() =>
    loadParts().then(
      () => ({ default: ({ draw }: PartsProps) => <>{draw(parts as MenuParts)}</> }),
      () => ({ default: Failed }),
    ),
  );
}

function WithParts({ draw, onClose, open }: PartsProps & { open: boolean }) {
  // chosen once per mount: the parts already there are drawn at once, else through a lazy component made for this
  // mount (switching from one to the other later would remount the menu)
  const [Lazy] = useState(() => (parts ? null : lazyParts()));
  if (!Lazy) return <>{draw(parts as MenuParts)}</>;
  return (
    <Suspense fallback={open ? <Loading onClose={onClose} /> : null}>
      <Lazy draw={draw} onClose={onClose} />
    </Suspense>
  );
}

export function LazyMenu({
  open,
  onClose,
  children,
}: {
  open: boolean;
  /** The opening is given up (the parts failed to load, or Escape / a press while they load). */
  onClose(): void;
  children(parts: MenuParts): ReactNode;
}) {
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
  return opened ? <WithParts key={attempt} draw={children} onClose={onClose} open={open} /> : null;
}
