import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { NoticeLevel } from '../../engine/ports';
import { paperSx } from '../paperSx';

export interface ToastProps {
  level: NoticeLevel;
  children?: ReactNode;
  closeLabel: string;
  onClose(): void;
}

/** One toast: a coloured bar, the text and a close button. */
export function Toast({ level, children, closeLabel, onClose }: ToastProps) {
  const urgent = level === 'error' || level === 'warning';
  return (
    // a Box drawn as MUI's Paper (elevation 4): Paper's code stays off the first load (stop 28)
    <Box
      role={urgent ? 'alert' : 'status'}
      data-level={level}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        pl: 2,
        pr: 1,
        py: 1.25,
        borderLeft: 5,
        borderColor: `${level}.main`,
        typography: 'body2',
        ...paperSx(4),
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
      <ButtonBase
        aria-label={closeLabel}
        onClick={onClose}
        sx={{ width: 28, height: 28, borderRadius: '50%', fontSize: 18, color: 'text.secondary' }}
      >
        <span aria-hidden="true">×</span>
      </ButtonBase>
    </Box>
  );
}
