/**
 * The page-query record action (scope 'form'): the queries of the whole page (manual page queries; on a log-line
 * row, its table queries) and, for monitors and data managers, raising one. Offered on a saved record to the roles
 * granted `query.view`.
 */
import { QUERY_CAPABILITIES } from '../../../engine/api/queryCapabilities';
import type { RecordAction } from '../../../renderers/actions/recordActions';
import { lazyDialog } from '../../../renderers/actions/lazyDialog';

const PAGE_QUERY_ICON =
  'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M6 9h12v2H6zm8 5H6v-2h8zm4-6H6V6h12z';

export const pageQueryAction: RecordAction = {
  id: 'pageQuery',
  order: 60,
  scope: 'form',
  capability: QUERY_CAPABILITIES.view,
  labelId: 'queries.pageAction',
  icon: PAGE_QUERY_ICON,
  testId: 'form-page-query',
  appliesTo: ({ record }) => record !== null,
  Dialog: lazyDialog(() => import('./QueryThreadDialog').then((m) => m.PageQueryDialog)),
};
