/**
 * The two histories the router runs on: the browser's (window.history) and one in memory (tests, stories). Their
 * locations are whole paths (with the router's basename). Each entry of the browser's history carries `{ usr: state, key, idx }` as react-router writes it; `idx`
 * tells how far a back/forward jumped, so that a blocked jump can be undone.
 */
import { createKey, createPath, parsePath, type Location, type Path } from './path';

/** A back/forward move: where it went, and by how many entries (null when the entry is not the router's). */
export type PopListener = (location: Location, delta: number | null) => void;

export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** One listener at a time (the router). */
  listen(listener: PopListener): () => void;

  /** A path as this history will store it (the browser's percent-encodes the pathname). */
  encode(path: Path): Path;
}

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export function createBrowserHistory(win: Window = window): History {
  const globalHistory = win.history;
  const entry = (): EntryState | null => globalHistory.state as EntryState | null;
  const indexOf = () => entry()?.idx ?? null;
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const state = entry();
    return {
      pathname,
      search,
      hash,
      state: state?.usr ?? null,
      key: state?.key ?? 'default',
    };
  };
  let index = indexOf();
  if (index === null) {
    index = 0;
    globalHistory.replaceState({ ...entry(), idx: index }, '');
  }
  let location = read();
  let listener: PopListener | null = null;
  const onPop = () => {
    const next = indexOf();
    const delta = next === null || index === null ? null : next - index;
    index = next;
    location = read();
    listener?.(location, delta);
  };
  const write = (next: Location, replace: boolean) => {
    index = replace ? (indexOf() ?? 0) : (indexOf() ?? 0) + 1;
    const state: EntryState = { usr: next.state, key: next.key, idx: index };
    const url = createPath(next);
    location = next;
    if (replace) globalHistory.replaceState(state, '', url);
    else {
      try {
        globalHistory.pushState(state, '', url);
      } catch {
        // too many entries, or a state the browser cannot store: load the page instead — only ever a page of this
        // site (an address the browser would read as another host, `//host/…`, is never loaded)
        if (new URL(url, win.location.href).origin === win.location.origin) win.location.assign(url);
      }
    }
  };
  return {
    get location() {
      return location;
    },
    push: (next) => write(next, false),
    replace: (next) => write(next, true),
    go: (delta) => globalHistory.go(delta),
    listen(next) {
      listener = next;
      win.addEventListener('popstate', onPop);
      return () => {
        win.removeEventListener('popstate', onPop);
        listener = null;
      };
    },
    encode(path) {
      const url = new URL(createPath(path), 'http://localhost');
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
  };
}

export interface MemoryHistoryOptions {
  /** Paths (or locations) of the entries; `['/']` when absent. */
  initialEntries?: ReadonlyArray<string | Partial<Location>>;
  /** The current entry; the last one when absent. */
  initialIndex?: number;
}

export function createMemoryHistory({
  initialEntries = ['/'],
  initialIndex,
}: MemoryHistoryOptions = {}): History {
  const entries: Location[] = initialEntries.map((entry, i) => {
    const given: Partial<Location> = typeof entry === 'string' ? parsePath(entry) : entry;
    return {
      pathname: given.pathname ?? '/',
      search: given.search ?? '',
      hash: given.hash ?? '',
      state: given.state ?? null,
      key: given.key ?? (i === 0 ? 'default' : createKey()),
    };
  });
  const clamp = (n: number) => Math.min(Math.max(n, 0), entries.length - 1);
  let index = clamp(initialIndex ?? entries.length - 1);
  let listener: PopListener | null = null;
  return {
    get location() {
      return entries[index]!;
    },
    push(next) {
      index += 1;
      entries.splice(index, entries.length, next);
    },
    replace(next) {
      entries[index] = next;
    },
    go(delta) {
      index = clamp(index + delta);
      listener?.(entries[index]!, delta);
    },
    listen(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
    encode: (path) => path,
  };
}
