import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export interface SpinnerProps {
  /** Diameter in px (32). */
  size?: number;
  /** The ring's turning arc: the primary colour, or the surrounding text's (inside a button). */
  color?: 'primary' | 'inherit';
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * An indeterminate progress indicator drawn with CSS only: a `progressbar` with the accessible name its user gives
 * (aria-label, or aria-labelledby). The page placeholder (PageLoading) uses it, and the production build gives it to
 * MUI's Button as its `loading` indicator instead of CircularProgress (src/platform/muiLeanPlugin.ts): Button renders
 * it with `aria-labelledby` (the button), `color="inherit"` and `size={16}`, as it does CircularProgress.
 */
export function Spinner({ size = 32, color = 'primary', ...aria }: SpinnerProps) {
  return (
    <Box
      component="span"
      role="progressbar"
      aria-busy="true"
      {...aria}
      sx={{
        display: 'inline-block',
        boxSizing: 'border-box',
        width: size,
        height: size,
        borderRadius: '50%',
        border: Math.max(2, Math.round(size / 10)),
        borderColor: 'divider',
        borderTopColor: color === 'inherit' ? 'currentColor' : 'primary.main',
        animation: `${spin} 0.8s linear infinite`,
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
      }}
    />
  );
}

export default Spinner;
