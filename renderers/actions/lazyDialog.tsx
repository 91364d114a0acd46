/**
 * A workflow's dialog as its own chunk (issue 11: the form route loads only what shows the form). A registration keeps
 * its `Dialog` field but gives it `lazyDialog(() => import('./TheDialog').then((m) => m.TheDialog))`: the registration
 * stays tiny, the dialog's code (and the MUI parts only it uses) arrives when the user first opens it.
 *
 * While the code arrives a small spinner is shown over the page, on an invisible backdrop: Escape or a click on it
 * closes the dialog before it has appeared (as they close the dialog itself). A failed import is tried once more
 * after a second; when it fails again (or takes longer than the timeout) a dialog says so, translated, with a retry
 * and a close. `preloadDialog` fetches the code ahead, when the pointer comes over or the focus onto the dialog's
 * trigger, so that the first open rarely waits; once the code is there, opening shows the dialog at once.
 *
 * A dialog may show messages its page has not loaded (the form route loads only the texts of its first paint,
 * src/i18n/tiers.ts): the dialog waits for them too (`useLaterMessages`), fetched alongside its code, and says so
 * when they cannot be loaded, as for its code.
 */
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage, useLaterMessages } from '../intl';
import { InlineMessage } from '../InlineMessage';
import { PageLoading } from '../PageLoading';
import { paperSx } from '../paperSx';

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
    return <DialogLoadFailed onClose={this.props.onClose} onRetry={this.props.onRetry} />;
  }
}

/**
 * Says that a dialog's code did not arrive, over the page, as a dialog would: the focus on "retry", Tab kept between
 * its two buttons, Escape or a click beside it closes. Drawn without MUI's Dialog on purpose: the form route then
 * loads no modal machinery (Modal, focus trap, portal, backdrop) before a dialog is really opened (issue 11).
 */
function DialogLoadFailed({ onClose, onRetry }: { onClose(): void; onRetry(): void }) {
  const retry = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  // with the notice's first paint, not a frame after it (a key pressed meanwhile goes to the notice)
  useLayoutEffect(() => retry.current?.focus(), []);
  return (
    <Box
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        } else if (event.key === 'Tab') {
          event.preventDefault();
          (document.activeElement === retry.current ? close : retry).current?.focus();
        }
      }}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(0, 0, 0, 0.5)',
      }}
    >
      {/* a Box drawn as MUI's Paper (elevation 24), as the dialog's own paper (stop 28) */}
      <Box
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="dialog-load-failed-text"
        data-testid="dialog-load-failed"
        sx={{
          width: 'calc(100% - 64px)',
          maxWidth: 444,
          ...paperSx(24),
        }}
      >
        <Box id="dialog-load-failed-text" sx={{ px: 3, pt: 2.5, pb: 1 }}>
          <InlineMessage level="error">
            <FormattedMessage id="app.dialogLoadFailed" />
          </InlineMessage>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 1 }}>
          <Button ref={retry} onClick={onRetry}>
            <FormattedMessage id="app.chunkLoadRetry" />
          </Button>
          <Button ref={close} onClick={onClose}>
            <FormattedMessage id="common.close" />
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Over the page while the dialog's code arrives: an invisible backdrop, as the dialog's own will be. Escape or a click
 * on it closes the dialog that was about to open (the code still arrives, for the next opening).
 */
function DialogLoading({ onClose }: { onClose(): void }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <Box
      data-testid="dialog-loading"
      onClick={onClose}
      sx={{ position: 'fixed', inset: 0, zIndex: 'modal', display: 'grid' }}
    >
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
  // the dialog once its code is there: rendered directly (a lazy component would still suspend once)
  let loaded: ComponentType<P> | null = null;
  const start = () => {
    loading ??= withRetry(load, timeoutMs, retryDelayMs).then(
      (Dialog) => {
        loaded = Dialog;
        return Dialog;
      },
      (error: unknown) => {
        loading = null; // a retry starts over
        current = createLazy(); // and so does the next opening (React keeps a failed lazy component's error)
        throw error;
      },
    );
    return loading;
  };
  const createLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => start().then((Dialog) => ({ default: Dialog })));
  let current = createLazy();

  function LazyLoadedDialog(props: P) {
    // an opening loads again after a failed prefetch, and so may the prefetches after it
    useState(() => prefetchFailed.delete(dialog));
    const [attempt, setAttempt] = useState(0);
    // chosen once per opening (and retry): switching from the lazy component to the loaded one would remount the
    // dialog and lose what the user typed
    const [Loaded, setLoaded] = useState<ComponentType<P>>(() => loaded ?? current);
    const messages = useLaterMessages();
    const waiting = messages.status !== 'ready';
    useEffect(() => {
      // the code comes while the messages do (a failure is for the opening to report, once they are there)
      if (waiting && !loaded) start().catch(() => {});
    }, [waiting]);
    if (messages.status === 'failed')
      return <DialogLoadFailed onClose={props.onClose} onRetry={messages.retry} />;
    if (waiting) return <DialogLoading onClose={props.onClose} />;
    return (
      <DialogLoadBoundary
        key={attempt}
        onClose={props.onClose}
        onRetry={() => {
          current = createLazy();
          setLoaded(() => current);
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={<DialogLoading onClose={props.onClose} />}>
          <Loaded {...props} />
        </Suspense>
      </DialogLoadBoundary>
    );
  }
  const dialog = Object.assign(LazyLoadedDialog, { preload: start });
  return dialog;
}

/** Dialogs whose prefetch failed: not fetched again by a pointer or focus until the user opens them. */
const prefetchFailed = new WeakSet<object>();

function isLazyDialog(dialog: unknown): dialog is LazyDialog<never> {
  return typeof dialog === 'function' && 'preload' in dialog && typeof dialog.preload === 'function';
}

/**
 * Starts fetching a lazily loaded dialog's code, if it is one and its code is not there yet (a pointer over its
 * trigger, or the focus on it). A failure is left for the opening to report (and try again); until then the pointer
 * crossing the trigger again does not fetch again (offline, every move would start a request).
 */
export function preloadDialog(dialog: unknown): void {
  if (!isLazyDialog(dialog) || prefetchFailed.has(dialog)) return;
  dialog.preload().catch(() => prefetchFailed.add(dialog));
}

/** Fetches the code of every lazily loaded dialog among `dialogs` (others are ignored): tests, or a prefetch. */
export function preloadDialogs(dialogs: Iterable<unknown>): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const dialog of dialogs) {
    if (isLazyDialog(dialog)) loads.push(dialog.preload());
  }
  return Promise.all(loads);
}
