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

/** Runs a dynamic import; rejects with a ChunkLoadError when it fails or exceeds `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    let started: Promise<T>;
    try {
      started = load();
    } catch (error) {
      clearTimeout(timer);
      reject(new ChunkLoadError('failed', error));
      return;
    }
    started.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', error));
      },
    );
  });
}
