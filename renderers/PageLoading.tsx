import Box from '@mui/material/Box';
import { useIntl } from './intl';
import { Spinner } from './Spinner';

/** Placeholder while a page's code or data loads: a small CSS spinner (no progress component in the first load). */
export function PageLoading() {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 160, p: 4 }}>
      <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
    </Box>
  );
}
