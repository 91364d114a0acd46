import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoading } from '../../renderers/PageLoading';
import { usePlatform } from '../platform/PlatformContext';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { CHUNK_LOAD_TIMEOUT_MS, loadChunk } from './loadChunk';

/**
 * A route's page as its own chunk: React.lazy with a 120 s timeout; when the code does not arrive the page shows
 * 'loading failed' with a retry, and the failure is reported ('chunk-load' to writeWebLog.do).
 */
export function lazyPage<P extends object = Record<string, never>>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType<P> {
  const createLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => loadChunk(load, timeoutMs).then((Page) => ({ default: Page })));
  let current = createLazy();

  function LazyPage(props: P) {
    const { reporter } = usePlatform();
    const [attempt, setAttempt] = useState(0);
    const Page = current;
    return (
      <ChunkErrorBoundary
        key={attempt}
        onChunkError={(error) => reporter.report('chunk-load', error)}
        onRetry={() => {
          current = createLazy();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyPage;
}
