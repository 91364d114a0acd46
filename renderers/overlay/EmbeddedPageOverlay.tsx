import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from '../intl';

export interface EmbeddedPageOverlayProps {
  open: boolean;
  /** Address of the embedded page (help document, external module …). */
  url: string;
  /** Shown in the bar above the page; the address when absent. */
  title?: string;
  onClose(): void;
}

/** A full-screen layer showing another page in an iframe, with a close button. */
export function EmbeddedPageOverlay({ open, url, title, onClose }: EmbeddedPageOverlayProps) {
  const intl = useIntl();
  const label = title || url;
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="embedded-page-title">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Typography id="embedded-page-title" variant="subtitle1" noWrap sx={{ flex: 1 }}>
          {label}
        </Typography>
        <Button variant="outlined" size="small" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </Box>
      <Box
        component="iframe"
        src={url}
        title={intl.formatMessage({ id: 'overlay.frameTitle' }, { title: label })}
        sx={{ flex: 1, width: '100%', border: 0 }}
      />
    </Dialog>
  );
}
