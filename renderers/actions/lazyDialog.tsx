/**
 * A workflow's dialog as its own chunk (issue 11: the form route loads only what shows the form). A registration keeps
 * its `Dialog` field but gives it `lazyDialog(() => import('./TheDialog').then((m) => m.TheDialog))`: the registration
 * stays tiny, the dialog's code (and the MUI parts only it uses) arrives when the user first opens it.
 *
 * While the code arrives a small spinner is shown over the page; a failed import is tried once more after a second;
 * when it fails again (or takes longer than the timeout) a dialog says so, translated, with a retry and a close.
 */
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { FormattedMessage } from 'react-intl';
import { InlineMessage } from '../InlineMessage';
import { PageLoading } from '../PageLoading';

/** How long a dialog's code may take to arrive before the dialog says it failed. */
export const DIALOG_LOAD_TIMEOUT_MS = 60_000;
/** Pause before the one automatic second attempt of a failed import. */
export const DIALOG_RETRY_DELAY_MS = 1_000;

/** A lazily loaded dialog: a component like the dialog itself, and a way to fetch its code ahead of a click. */
export type LazyDialog<P> = ComponentType<P> & { preload(): Promise<unknown> };

/** A dialog's code did not arrive (failed twice, or took longer than the timeout). */
export class DialogLoadError extends Error {
  override readonly name = 'DialogLoadError';
}

function withRetry<T>(load: () => Promise<T>, timeoutMs: number, retryDelayMs: number): Promise<T> {
  const once = () => Promise.resolve().then(load);
  const attempt = once().catch(
    () => new Promise<T>((resolve, reject) => setTimeout(() => once().then(resolve, reject), retryDelayMs)),
  );
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new DialogLoadError('dialog code did not load in time')), timeoutMs),
  );
  return Promise.race([attempt, timeout]).catch((error: unknown) => {
    throw error instanceof DialogLoadError
      ? error
      : new DialogLoadError('dialog code failed to load', { cause: error });
  });
}

interface BoundaryProps {
  onClose(): void;
  onRetry(): void;
  children?: ReactNode;
}

/**
 * Catches the dialog's failed import and says so in a dialog of its own. Any other error (a fault of the dialog
 * itself, not the connection) goes on to the boundaries above, which report it.
 */
class DialogLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof DialogLoadError)) throw error;
    return (
      <Dialog
        open
        onClose={this.props.onClose}
        maxWidth="xs"
        fullWidth
        data-testid="dialog-load-failed"
        aria-labelledby="dialog-load-failed-text"
      >
        <DialogContent id="dialog-load-failed-text">
          <InlineMessage level="error">
            <FormattedMessage id="app.dialogLoadFailed" />
          </InlineMessage>
        </DialogContent>
        <DialogActions>
          <Button onClick={this.props.onRetry}>
            <FormattedMessage id="app.chunkLoadRetry" />
          </Button>
          <Button onClick={this.props.onClose}>
            <FormattedMessage id="common.close" />
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
}

/** Over the page while the dialog's code arrives (pointer events pass: nothing to click is hidden for long). */
function DialogLoading() {
  return (
    <Box sx={{ position: 'fixed', inset: 0, zIndex: 'modal', pointerEvents: 'none', display: 'grid' }}>
      <Box sx={{ alignSelf: 'center' }}>
        <PageLoading />
      </Box>
    </Box>
  );
}

export function lazyDialog<P extends { onClose(): void }>(
  load: () => Promise<ComponentType<P>>,
  { timeoutMs = DIALOG_LOAD_TIMEOUT_MS, retryDelayMs = DIALOG_RETRY_DELAY_MS } = {},
): LazyDialog<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= withRetry(load, timeoutMs, retryDelayMs).catch((error: unknown) => {
      loading = null; // a retry starts over
      current = createLazy(); // and so does the next opening (React keeps a failed lazy component's error)
      throw error;
    });
    return loading;
  };
  const createLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => start().then((Dialog) => ({ default: Dialog })));
  let current = createLazy();

  function LazyLoadedDialog(props: P) {
    const [attempt, setAttempt] = useState(0);
    const Loaded = current;
    return (
      <DialogLoadBoundary
        key={attempt}
        onClose={props.onClose}
        onRetry={() => {
          current = createLazy();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={<DialogLoading />}>
          <Loaded {...props} />
        </Suspense>
      </DialogLoadBoundary>
    );
  }
  return Object.assign(LazyLoadedDialog, { preload: start });
}

/** Fetches the code of every lazily loaded dialog among `dialogs` (others are ignored): tests, or a prefetch. */
export function preloadDialogs(dialogs: Iterable<unknown>): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const dialog of dialogs) {
    if (typeof dialog === 'function' && 'preload' in dialog && typeof dialog.preload === 'function')
      loads.push((dialog as LazyDialog<never>).preload());
  }
  return Promise.all(loads);
}
