/** The query workflow's registrations on a form page's registries: the item adornment and the page-query action. */
import type { RecordRegistries } from '../../../renderers/actions/recordRegistries';
import { pageQueryAction } from './pageQueryAction';
import { queryAdornment } from './queryAdornment';

/** Registers (again: replaces) the query adornment and the page-query action. */
export function registerQueries(registries: RecordRegistries): void {
  registries.adornments.register(queryAdornment);
  registries.actions.register(pageQueryAction);
}
