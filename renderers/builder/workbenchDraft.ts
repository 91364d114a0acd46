/**
 * A workbench's text kept while the builder works: in localStorage under its own key, written once the builder
 * pauses (KEEP_DELAY_MS after the last check), when the page is left and when the workbench unmounts (a language switch in Storybook remounts the story), read when it mounts. A share
 * link wins over the kept draft once: the draft then remembers the link it came from, so that reloading the linked
 * page keeps the edits made since.
 */
import type { TimerHandle, Timers } from '../../engine/ports';
import { sharedTextOf } from './shareLink';

const PREFIX = 'edcweb.builder.';

interface StoredDraft {
  text: string;
  /** The share code the draft started from (reloading that link keeps the draft). */
  link?: string;
  /** The example the draft started from. */
  example?: string;
}

export type DraftSource = 'example' | 'draft' | 'link';

export interface DraftStart {
  text: string;
  source: DraftSource;
  /** The example the draft started from (when known). */
  example: string | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Drafts kept but not yet written (a keeper writes once the builder pauses): read first, so that a workbench
 * mounted again at once (Storybook's language switch mounts the new story before the old one is gone) finds them.
 */
const unwritten = new Map<string, StoredDraft>();

function read(key: string): StoredDraft | null {
  const pending = unwritten.get(key);
  if (pending) return pending;
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const draft = value as Partial<StoredDraft>;
    return typeof draft.text === 'string' ? (draft as StoredDraft) : null;
  } catch {
    return null;
  }
}

function write(key: string, draft: StoredDraft) {
  unwritten.delete(key);
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // storage full or refused: the draft lives as long as the page
  }
}

/** What a workbench opens with: a share link not yet opened, else the kept draft, else the example. */
export function startingText(
  key: string | null,
  exampleText: string,
  exampleName: string | null,
): DraftStart {
  const shared = typeof window === 'undefined' ? null : sharedTextOf(window);
  const kept = key === null ? null : read(key);
  if (shared && kept?.link !== shared.code) {
    if (key !== null) write(key, { text: shared.text, link: shared.code });
    return { text: shared.text, source: 'link', example: null };
  }
  if (kept && kept.text !== exampleText)
    return { text: kept.text, source: 'draft', example: kept.example ?? null };
  return { text: exampleText, source: 'example', example: exampleName };
}

/** Keeps the text (the link and example it came from stay as they were). */
export function keepDraft(key: string | null, text: string, example?: string | null) {
  if (key === null) return;
  write(key, draftOf(read(key), text, example));
}

function draftOf(kept: StoredDraft | null, text: string, example: string | null | undefined): StoredDraft {
  const draft: StoredDraft = { text };
  if (kept?.link) draft.link = kept.link;
  const from = example === undefined ? kept?.example : example;
  if (from) draft.example = from;
  return draft;
}

/** Forgets the draft (the example restored). */
export function dropDraft(key: string | null) {
  if (key === null) return;
  unwritten.delete(key);
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // nothing kept
  }
}

/** Delay between the last check and writing the draft (a 1,000-item schema is ~1 MB of storage to write). */
export const KEEP_DELAY_MS = 2000;

/** Writes a workbench's draft once the builder pauses: `keep` is cheap, the write happens `delay` ms later. */
export interface DraftKeeper {
  /** The text to keep (and the example it now comes from; undefined: as before). */
  keep(text: string, example?: string | null): void;
  /** Writes a pending draft now. */
  flush(): void;
  /** From now on every `keep` writes at once (the workbench is going away); `open` undoes it. */
  close(): void;
  open(): void;
}

export function createDraftKeeper(key: string | null, timers: Timers, delay = KEEP_DELAY_MS): DraftKeeper {
  let handle: TimerHandle | null = null;
  let closed = false;
  const flush = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
    const pending = key === null ? undefined : unwritten.get(key);
    if (key !== null && pending) write(key, pending);
  };
  return {
    keep(text, example) {
      if (key === null) return;
      // at once in memory (a workbench mounted again reads it), in storage once the builder pauses
      unwritten.set(key, draftOf(read(key), text, example));
      if (closed) return flush();
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(flush, delay);
    },
    flush,
    close() {
      closed = true;
      flush();
    },
    open() {
      closed = false;
    },
  };
}
