import { useEffect, useMemo, type ReactNode } from 'react';
import { ChunkLoadFailed } from '../../renderers/ChunkLoadFailed';
import { LaterMessagesContext, type LaterMessages } from '../../renderers/intl';
import { PageLoading } from '../../renderers/PageLoading';
import { useLocale } from './LocaleProvider';
import { APP_TIER_PARTS, LAZY_CONTENT_PARTS, type AppTierPart } from './tiers';

/**
 * Pages of the shell need the app tier of the catalogue (see tiers.ts): this loads the parts the page needs (all of
 * them unless it says fewer) on first use and shows the page once they are there, or 'loading failed' with a retry —
 * never message ids. What the page loads later (its dialogs) waits for LAZY_CONTENT_PARTS (`useLaterMessages`).
 */
export function AppCatalogueGate({
  parts = APP_TIER_PARTS,
  children,
}: {
  parts?: readonly AppTierPart[];
  children?: ReactNode;
}) {
  const { appTierStatus, requireAppTier, retryAppTier, prefetchAppTier } = useLocale();
  const partsKey = parts.join();
  useEffect(() => requireAppTier(partsKey.split(',') as AppTierPart[]), [requireAppTier, partsKey]);
  const laterStatus = appTierStatus(LAZY_CONTENT_PARTS);
  const later = useMemo<LaterMessages>(
    () => ({
      status: laterStatus,
      require: () => requireAppTier(LAZY_CONTENT_PARTS),
      retry: retryAppTier,
      prefetch: () => prefetchAppTier(LAZY_CONTENT_PARTS),
    }),
    [laterStatus, requireAppTier, retryAppTier, prefetchAppTier],
  );
  const appTier = appTierStatus(parts);
  if (appTier === 'failed') return <ChunkLoadFailed onRetry={retryAppTier} />;
  if (appTier === 'loading') return <PageLoading />;
  return <LaterMessagesContext.Provider value={later}>{children}</LaterMessagesContext.Provider>;
}
