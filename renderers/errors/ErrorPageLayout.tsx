import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { paperSx } from '../paperSx';
import Typography from '@mui/material/Typography';

export interface ErrorPageLayoutProps {
  /** Large status label, e.g. 404. */
  status: string;
  title: ReactNode;
  message?: ReactNode;
  /** Buttons (Back, Back home, Log in again …). */
  actions?: ReactNode;
}

/** The common frame of the error pages (401, 402, 404, 500). */
export function ErrorPageLayout({ status, title, message, actions }: ErrorPageLayoutProps) {
  return (
    <Box
      sx={{
        flex: 1,
        minHeight: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      {/* a Box drawn as MUI's outlined Paper: Paper's code stays off the first load (stop 28) */}
      <Box
        sx={{
          p: { xs: 3, sm: 5 },
          maxWidth: 560,
          width: '100%',
          textAlign: 'center',
          ...paperSx('outlined'),
        }}
      >
        <Typography
          variant="h2"
          component="p"
          color="primary"
          sx={{ fontWeight: 700, letterSpacing: 2 }}
          data-testid="error-status"
        >
          {status}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {title}
        </Typography>
        {message ? (
          <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="error-message">
            {message}
          </Typography>
        ) : null}
        {actions ? (
          <Box sx={{ display: 'flex', gap: 2, mt: 4, justifyContent: 'center' }}>{actions}</Box>
        ) : null}
      </Box>
    </Box>
  );
}
