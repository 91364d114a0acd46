import type { ReactNode } from 'react';
import { FormattedMessage } from '../intl';
import Typography from '@mui/material/Typography';
import { InlineMessage } from '../InlineMessage';
import { LoadFailed } from '../LoadFailed';
import { PageLoading } from '../PageLoading';
import type { AsyncState } from './useAsync';

export interface AsyncViewProps<D> {
  /** What useEndpoint / useAsync gave. */
  state: AsyncState<D>;
  /** The answer. */
  children(data: D): ReactNode;
  /** What failed to load (shown with a Retry button). Default: a generic "could not be loaded". */
  failed?: ReactNode;
  /**
   * What to say when the server refused (no retry: it would answer the same). Default: the server's own message,
   * or a generic one when it gave none.
   */
  refused?: ReactNode;
  /** Whether the answer is empty; default: an empty list. */
  isEmpty?(data: D): boolean;
  /** Shown for an empty answer instead of `children`. Default: a generic "nothing here". */
  empty?: ReactNode;
  /** Shown while loading. Default: PageLoading. */
  loading?: ReactNode;
  /** Text of the Retry button. Default: "Retry". */
  retryLabel?: ReactNode;
  /** Test id prefix: `<id>-loading`, `<id>-failed`, `<id>-refused`, `<id>-empty`. */
  'data-testid'?: string;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * One load in place: a spinner while it loads, its failure with a Retry, the server's refusal (no retry), an empty
 * answer, or the answer itself through `children`.
 */
export function AsyncView<D>({
  state,
  children,
  failed,
  refused,
  isEmpty = isEmptyList,
  empty,
  loading,
  retryLabel,
  'data-testid': testId,
}: AsyncViewProps<D>) {
  const id = (suffix: string) => (testId ? { 'data-testid': `${testId}-${suffix}` } : {});
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return <div {...id('loading')}>{loading ?? <PageLoading />}</div>;
    case 'failed':
      return (
        <LoadFailed
          {...id('failed')}
          message={failed ?? <FormattedMessage id="async.failed" />}
          retryLabel={retryLabel ?? <FormattedMessage id="async.retry" />}
          onRetry={state.retry}
        />
      );
    case 'refused':
      return (
        <InlineMessage level="error" {...id('refused')}>
          {refused ?? state.message ?? <FormattedMessage id="async.refused" />}
        </InlineMessage>
      );
    case 'ready':
      if (isEmpty(state.data)) {
        return (
          <Typography color="text.secondary" {...id('empty')}>
            {empty ?? <FormattedMessage id="async.empty" />}
          </Typography>
        );
      }
      return <>{children(state.data)}</>;
  }
}
