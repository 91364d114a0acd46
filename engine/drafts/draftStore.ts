/**
 * Drafts of eCRF pages (issue 4, "nothing lost"): what the user typed and did not save, kept locally per
 * study/user/subject/visit/form/row so that a forced logout, an idle timeout, a failed request or a closed tab loses
 * nothing. A draft is cleared on a successful save or a deliberate logout and expires after 24 hours.
 *
 * Pure: the storage (IndexedDB in the browser, memory in tests) and the clock are injected.
 */
import type { FormValue, FormValues } from '../form/types';

/** Promise-based key/value storage with prefix listing (IndexedDB in the browser). Values are JSON text. */
export interface AsyncKeyValueBackend {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix`. */
  keys(prefix: string): Promise<string[]>;
}

/** Which page a draft belongs to. `lineno` is the row of a log-line form, `'new'` for a row not saved yet. */
export interface DraftScope {
  studyId: string;
  userId: string;
  subjectid: string;
  visitnum: string;
  cycnum: number;
  svnum: number;
  tid: string;
  lineno: number | 'new';
}

export interface Draft {
  values: FormValues;
  /** When the draft was written (ms since the epoch). */
  savedAt: number;
  /** The rowversion of the record the values were typed against; null for a record not saved yet. */
  rowversion: number | null;
  /** The idempotency key of a save sent but not answered yet (a retry reuses it), else null. */
  idempotencyKey: string | null;
}

export interface DraftStore {
  draftKey(scope: DraftScope): string;
  save(scope: DraftScope, draft: Draft): Promise<void>;
  /** The scope's draft; null when there is none, it expired (then removed) or it is unreadable (then removed). */
  load(scope: DraftScope): Promise<Draft | null>;
  clear(scope: DraftScope): Promise<void>;
  /** Removes every draft of one user in one study (deliberate logout). */
  clearUser(studyId: string, userId: string): Promise<void>;
  /** Removes every expired draft; answers how many. */
  purgeExpired(): Promise<number>;
}

export interface DraftStoreOptions {
  backend: AsyncKeyValueBackend;
  now: () => number;
  /** Lifetime of a draft, 24 h by default. */
  ttlMs?: number;
}

export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
export const DRAFT_KEY_PREFIX = 'draft:';

// every part is URI-encoded, so the separator never occurs inside a part and user prefixes never overlap
const part = (value: string | number) => encodeURIComponent(String(value));

function userPrefix(studyId: string, userId: string): string {
  return `${DRAFT_KEY_PREFIX}${part(studyId)}:${part(userId)}:`;
}

function isFormValue(v: unknown): v is FormValue {
  return v === null || typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
}

/** The stored text as a draft, or null when it is not one (written by another version, damaged). */
export function parseDraft(text: string): Draft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const d = raw as Record<string, unknown>;
  const values = d.values;
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
  if (!Object.values(values).every(isFormValue)) return null;
  if (typeof d.savedAt !== 'number' || !Number.isFinite(d.savedAt)) return null;
  if (d.rowversion !== null && typeof d.rowversion !== 'number') return null;
  if (d.idempotencyKey !== null && typeof d.idempotencyKey !== 'string') return null;
  return {
    values: values as FormValues,
    savedAt: d.savedAt,
    rowversion: d.rowversion,
    idempotencyKey: d.idempotencyKey,
  };
}

export function createDraftStore({ backend, now, ttlMs = DRAFT_TTL_MS }: DraftStoreOptions): DraftStore {
  const expired = (draft: Draft) => now() - draft.savedAt >= ttlMs;

  function draftKey(scope: DraftScope): string {
    const rest = [scope.subjectid, scope.visitnum, scope.cycnum, scope.svnum, scope.tid, scope.lineno];
    return userPrefix(scope.studyId, scope.userId) + rest.map(part).join(':');
  }

  return {
    draftKey,
    async save(scope, draft) {
      const stored: Draft = {
        values: draft.values,
        savedAt: draft.savedAt,
        rowversion: draft.rowversion,
        idempotencyKey: draft.idempotencyKey,
      };
      await backend.set(draftKey(scope), JSON.stringify(stored));
    },
    async load(scope) {
      const key = draftKey(scope);
      const text = await backend.get(key);
      if (text === null) return null;
      const draft = parseDraft(text);
      if (!draft || expired(draft)) {
        await backend.delete(key);
        return null;
      }
      return draft;
    },
    async clear(scope) {
      await backend.delete(draftKey(scope));
    },
    async clearUser(studyId, userId) {
      const keys = await backend.keys(userPrefix(studyId, userId));
      for (const key of keys) await backend.delete(key);
    },
    async purgeExpired() {
      let removed = 0;
      for (const key of await backend.keys(DRAFT_KEY_PREFIX)) {
        const text = await backend.get(key);
        const draft = text === null ? null : parseDraft(text);
        if (!draft || expired(draft)) {
          await backend.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
  };
}

/** A backend in memory: tests, and the browser when IndexedDB is unavailable. */
export function createMemoryBackend(): AsyncKeyValueBackend & { readonly size: number } {
  const data = new Map<string, string>();
  return {
    get size() {
      return data.size;
    },
    get: async (key) => data.get(key) ?? null,
    set: async (key, value) => {
      data.set(key, value);
    },
    delete: async (key) => {
      data.delete(key);
    },
    keys: async (prefix) => [...data.keys()].filter((k) => k.startsWith(prefix)),
  };
}
