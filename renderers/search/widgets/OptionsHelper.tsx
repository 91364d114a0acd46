import Link from '@mui/material/Link';
import { FormattedMessage } from '../../intl';
import type { OptionsState } from '../codeLists';

/** Helper text of a select whose options are loading or failed to load (with a retry link). */
export function OptionsHelper({ state }: { state: OptionsState }) {
  if (state.status === 'loading') return <FormattedMessage id="search.options.loading" />;
  if (state.status === 'error')
    return (
      <>
        <FormattedMessage id="search.options.failed" />{' '}
        <Link component="button" type="button" variant="caption" onClick={state.retry}>
          <FormattedMessage id="search.retry" />
        </Link>
      </>
    );
  return null;
}
