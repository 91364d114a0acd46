import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from '../../routing/router';
import { paramsOfUrlSearch, urlSearchOf } from '../../../engine/list/listQuery';
import { ListScreen } from '../../../renderers/list/ListScreen';
import type { ListScreenConfig } from '../../../renderers/list/types';
import type { UrlParams } from '../../../renderers/list/useListQuery';

/** What a list screen's configuration may use of its route: where it is mounted, and how to open another page. */
export interface ListRouteContext {
  /** Path of the route the list is mounted at (inside the shell or standalone); its rows open below it. */
  base: string;
  navigate: NavigateFunction;
}

/** A list screen as configuration: the ListScreenConfig of a route (declared once, at module level). */
export type ListRouteScreen = (route: ListRouteContext) => ListScreenConfig;

export interface ListRoutePageProps {
  screen: ListRouteScreen;
  /** Path of this route (see ListRouteContext.base). */
  base: string;
}

/**
 * The route page of any list screen: renders the ListScreenConfig `screen` gives, with the list's query (search,
 * page, size, sort) in the address, so that a reload or a shared link shows the same list. A new list route is a
 * `ListRouteScreen` (configuration, no JSX) and a route element `<ListRoutePage screen={…} base={…} />`.
 */
export function ListRoutePage({ screen, base }: ListRoutePageProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const params = useMemo(() => paramsOfUrlSearch(search), [search]);
  const config = useMemo(() => screen({ base, navigate }), [screen, base, navigate]);
  const changeParams = useCallback(
    (next: UrlParams) => navigate({ search: `?${urlSearchOf(next)}` }),
    [navigate],
  );
  return <ListScreen config={config} params={params} onParamsChange={changeParams} />;
}
