import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import { useIntl } from './intl';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/** Placeholder while a page's code or data loads: a small CSS spinner (no progress component in the first load). */
export function PageLoading() {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 160, p: 4 }}>
      <Box
        role="progressbar"
        aria-busy="true"
        aria-label={intl.formatMessage({ id: 'app.loading' })}
        sx={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: 3,
          borderColor: 'divider',
          borderTopColor: 'primary.main',
          animation: `${spin} 0.8s linear infinite`,
        }}
      />
    </Box>
  );
}
