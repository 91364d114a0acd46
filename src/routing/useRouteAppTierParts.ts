import { useMatches } from './router';
import { APP_TIER_PARTS, type AppTierPart } from '../i18n/tiers';
import type { RouteHandle } from './paths';

/** The parts of the app catalogue the page shown needs: what its route's handle says, or all of them. */
export function useRouteAppTierParts(): readonly AppTierPart[] {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return handle?.appTierParts ?? APP_TIER_PARTS;
}
