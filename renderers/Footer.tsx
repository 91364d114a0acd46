import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from './intl';
import { DEFAULT_PRODUCT_RELEASE } from '../engine/api/protocol';

export interface FooterProps {
  /** Release shown next to the product name; V4.1.0 when the login info has none. */
  release?: string | null;
  /** Year of the copyright line; the current year by default. */
  year?: number;
  /** Shown at the end of the line (the online-service button). */
  extra?: ReactNode;
}

/** Product name, release version and copyright line at the bottom of the shell. */
export function Footer({ release, year = new Date().getFullYear(), extra }: FooterProps) {
  const shownRelease = release?.trim() || DEFAULT_PRODUCT_RELEASE;
  return (
    <Box
      component="footer"
      role="contentinfo"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        px: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="caption" data-testid="footer-product">
        <FormattedMessage id="app.productName" />
      </Typography>
      <Typography variant="caption" data-testid="footer-release">
        <FormattedMessage id="footer.release" values={{ release: shownRelease }} />
      </Typography>
      <Typography variant="caption" data-testid="footer-copyright">
        <FormattedMessage id="footer.copyright" values={{ year }} />
      </Typography>
      {extra}
    </Box>
  );
}
