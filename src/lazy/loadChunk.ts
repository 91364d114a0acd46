/** A page's code did not arrive: the import failed, or took longer than the chunk-load timeout. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly reason: 'failed' | 'timeout',
    cause?: unknown,
  ) {
    super(
      reason === 'timeout'
        ? 'page code did not load in time'
        : `page code failed to load: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

export function isChunkLoadError(value: unknown): value is ChunkLoadError {
  return value instanceof ChunkLoadError;
}

/** How long a route's code may take to arrive before the page shows 'loading failed'. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Pause before the one automatic second attempt of a failed import (a dropped connection, a busy server). */
export const CHUNK_RETRY_DELAY_MS = 1_000;

/**
 * Runs a dynamic import; a failed import is tried once more after CHUNK_RETRY_DELAY_MS (browsers no longer cache a
 * failed module fetch), then rejects with a ChunkLoadError when it fails again or the whole exceeds `timeoutMs`.
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
  retryDelayMs: number = CHUNK_RETRY_DELAY_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new ChunkLoadError('timeout'));
    }, timeoutMs);
    const fail = (error: unknown) => {
      clearTimeout(timer);
      settled = true;
      reject(new ChunkLoadError('failed', error));
    };
    const attempt = (left: number) => {
      let started: Promise<T>;
      try {
        started = load();
      } catch (error) {
        fail(error);
        return;
      }
      started.then(
        (value) => {
          clearTimeout(timer);
          settled = true;
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          if (left > 0) setTimeout(() => !settled && attempt(left - 1), retryDelayMs);
          else fail(error);
        },
      );
    };
    attempt(1);
  });
}
