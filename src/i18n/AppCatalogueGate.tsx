import { useEffect, type ReactNode } from 'react';
import { ChunkLoadFailed } from '../../renderers/ChunkLoadFailed';
import { PageLoading } from '../../renderers/PageLoading';
import { useLocale } from './LocaleProvider';
import { APP_TIER_PARTS, type AppTierPart } from './tiers';

/**
 * Pages of the shell need the app tier of the catalogue (see tiers.ts): this loads the parts the page needs (all of
 * them unless it says fewer) on first use and shows the page once they are there, or 'loading failed' with a retry —
 * never message ids.
 */
export function AppCatalogueGate({
  parts = APP_TIER_PARTS,
  children,
}: {
  parts?: readonly AppTierPart[];
  children?: ReactNode;
}) {
  const { appTierStatus, requireAppTier, retryAppTier } = useLocale();
  const partsKey = parts.join();
  useEffect(() => requireAppTier(partsKey.split(',') as AppTierPart[]), [requireAppTier, partsKey]);
  const appTier = appTierStatus(parts);
  if (appTier === 'failed') return <ChunkLoadFailed onRetry={retryAppTier} />;
  if (appTier === 'loading') return <PageLoading />;
  return <>{children}</>;
}
