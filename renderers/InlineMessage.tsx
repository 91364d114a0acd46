import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { NoticeLevel } from '../engine/ports';

export interface InlineMessageProps {
  level: NoticeLevel;
  children?: ReactNode;
  /** A button or two at the end of the line. */
  action?: ReactNode;
  'data-testid'?: string;
}

/**
 * A message in the page (why the user was logged out, a missing setting, a failed load). Lighter than MUI's Alert,
 * which brings icon and icon-button code the login front does not need.
 */
export function InlineMessage({ level, children, action, 'data-testid': testId }: InlineMessageProps) {
  const urgent = level === 'error' || level === 'warning';
  return (
    <Box
      role={urgent ? 'alert' : 'status'}
      data-level={level}
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1.25,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: `${level}.main`,
        bgcolor: (theme) =>
          `color-mix(in srgb, ${theme.palette[level].main} 10%, ${theme.palette.background.paper})`,
        color: 'text.primary',
        typography: 'body2',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      {action}
    </Box>
  );
}
