import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paramsOfUrlSearch, urlSearchOf } from '../../engine/list/listQuery';
import { ListScreen } from '../../renderers/list/ListScreen';
import type { UrlParams } from '../../renderers/list/useListQuery';
import { subjectPath } from '../routing/paths';
import { subjectListScreen } from '../screens/subjectListScreen';

export interface SubjectListPageProps {
  /** Route of the list (inside the shell or standalone); a subject opens below it. */
  base: string;
}

/**
 * The subject list. Its query (search, page, size, sort) lives in the address, so a reload or a shared link shows
 * the same list.
 */
export function SubjectListPage({ base }: SubjectListPageProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const params = useMemo(() => paramsOfUrlSearch(search), [search]);
  const config = useMemo(
    () => subjectListScreen({ openSubject: (id) => navigate(subjectPath(base, id)) }),
    [navigate, base],
  );
  const changeParams = useCallback(
    (next: UrlParams) => navigate({ search: `?${urlSearchOf(next)}` }),
    [navigate],
  );
  return <ListScreen config={config} params={params} onParamsChange={changeParams} />;
}
