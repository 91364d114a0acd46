/** `/index/queryManage`: the query overview, served by the generic list route page. */
import { PATHS } from '../../routing/paths';
import { ListRoutePage } from '../lists/ListRoutePage';
import { queryListRoute } from './queryListScreen';

export function QueryManagePage() {
  return <ListRoutePage screen={queryListRoute} base={PATHS.queryManage} />;
}
