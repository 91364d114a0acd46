/** `/index/invalidTable`: the invalid-record table, served by the generic list route page. */
import { PATHS } from '../../routing/paths';
import { ListRoutePage } from '../lists/ListRoutePage';
import { invalidListRoute } from './invalidListScreen';

export function InvalidTablePage() {
  return <ListRoutePage screen={invalidListRoute} base={PATHS.invalidTable} />;
}
