import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { InlineMessage } from './InlineMessage';

export interface LoadFailedProps {
  /** What failed to load (a FormattedMessage). */
  message: ReactNode;
  /** The retry button's text (a FormattedMessage). */
  retryLabel: ReactNode;
  onRetry(): void;
  'data-testid'?: string;
}

/** A load that failed, in place: the message and a Retry button (search definitions, columns, rows). */
export function LoadFailed({ message, retryLabel, onRetry, 'data-testid': testId }: LoadFailedProps) {
  return (
    <InlineMessage
      level="error"
      {...(testId ? { 'data-testid': testId } : {})}
      action={
        <Button size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </InlineMessage>
  );
}
