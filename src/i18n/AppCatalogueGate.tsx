import { useEffect, type ReactNode } from 'react';
import { ChunkLoadFailed } from '../../renderers/ChunkLoadFailed';
import { PageLoading } from '../../renderers/PageLoading';
import { useLocale } from './LocaleProvider';

/**
 * Pages of the shell need the app tier of the catalogue (see tiers.ts): this loads it on first use and shows the
 * page once it is there, or 'loading failed' with a retry — never message ids.
 */
export function AppCatalogueGate({ children }: { children?: ReactNode }) {
  const { appTier, requireAppTier, retryAppTier } = useLocale();
  useEffect(() => requireAppTier(), [requireAppTier]);
  if (appTier === 'failed') return <ChunkLoadFailed onRetry={retryAppTier} />;
  if (appTier === 'loading') return <PageLoading />;
  return <>{children}</>;
}
