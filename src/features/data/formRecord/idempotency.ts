/**
 * Idempotency keys of saves: one key per save, reused by every retry of that same save (same values) until an
 * outcome arrives, so that a request that reached the server before the network failed writes nothing twice.
 */
import type { FormValues } from '../../../../engine/form/types';

/** Values as text that does not depend on key order. */
export function valuesFingerprint(values: FormValues): string {
  return JSON.stringify(
    Object.keys(values)
      .sort()
      .map((k) => [k, values[k] ?? null]),
  );
}

export interface IdempotencyKeys {
  /** The key for a save of these values: the pending one when they are the same values, else a new one. */
  keyFor(values: FormValues): string;
  /** The pending key (a save sent, no outcome yet), or null. */
  pending(): string | null;
  /**
   * The pending key when these values are the pending save's values, else null: what a draft of these values may
   * keep (a draft of other values must not carry it — the server would answer the first save's outcome for them).
   */
  pendingFor(values: FormValues): string | null;
  /** An outcome arrived: the next save gets a new key. */
  settle(): void;
  /** Takes over the key of a save sent before (kept in a draft) for these values. */
  adopt(key: string, values: FormValues): void;
}

export function createIdempotencyKeys(newKey: () => string): IdempotencyKeys {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(values) {
      const fingerprint = valuesFingerprint(values);
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newKey() };
      return current.key;
    },
    pending: () => current?.key ?? null,
    pendingFor: (values) =>
      current !== null && current.fingerprint === valuesFingerprint(values) ? current.key : null,
    settle() {
      current = null;
    },
    adopt(key, values) {
      current = { fingerprint: valuesFingerprint(values), key };
    },
  };
}

/** A random key the contract accepts (`[A-Za-z0-9-]{16,64}`). */
export function randomIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
