/** `/index/freezeRequests`: the freeze and unfreeze requests, served by the generic list route page. */
import { PATHS } from '../../routing/paths';
import { ListRoutePage } from '../lists/ListRoutePage';
import { freezeListRoute } from './freezeListScreen';

export function FreezeRequestsPage() {
  return <ListRoutePage screen={freezeListRoute} base={PATHS.freezeRequests} />;
}
