import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyDialog } from '../actions/lazyDialog';

/** The overlay's code (and MUI's full-screen dialog) arrives when a page is first opened in it (issue 11). */
const EmbeddedPageOverlay = lazyDialog(() =>
  import('./EmbeddedPageOverlay').then((m) => m.EmbeddedPageOverlay),
);

export interface OpenEmbeddedPageOptions {
  title?: string;
  /** Reload the current route when the overlay closes. */
  refreshOnClose?: boolean;
}

export interface EmbeddedPageControls {
  open(url: string, options?: OpenEmbeddedPageOptions): void;
  close(): void;
  /** Asks for a reload of the current route when the overlay closes (the embedded page changed data). */
  markForRefresh(): void;
}

const EmbeddedPageContext = createContext<EmbeddedPageControls | null>(null);

export function useEmbeddedPage(): EmbeddedPageControls {
  const controls = useContext(EmbeddedPageContext);
  if (!controls) throw new Error('useEmbeddedPage() needs an <EmbeddedPageProvider>.');
  return controls;
}

interface OpenPage {
  url: string;
  title?: string;
}

export interface EmbeddedPageProviderProps {
  /** Reloads the current route; called on close when the refresh flag is set. */
  onRefresh(): void;
  children?: ReactNode;
}

/** Owns the one full-screen overlay of the shell and lets any component open it. */
export function EmbeddedPageProvider({ onRefresh, children }: EmbeddedPageProviderProps) {
  const [page, setPage] = useState<OpenPage | null>(null);
  const refreshOnClose = useRef(false);

  const close = useCallback(() => {
    setPage(null);
    if (refreshOnClose.current) {
      refreshOnClose.current = false;
      onRefresh();
    }
  }, [onRefresh]);

  const controls = useMemo<EmbeddedPageControls>(
    () => ({
      open(url, options = {}) {
        refreshOnClose.current = options.refreshOnClose ?? false;
        setPage({ url, ...(options.title ? { title: options.title } : {}) });
      },
      close,
      markForRefresh() {
        refreshOnClose.current = true;
      },
    }),
    [close],
  );

  return (
    <EmbeddedPageContext.Provider value={controls}>
      {children}
      {page ? <EmbeddedPageOverlay open url={page.url} title={page.title} onClose={close} /> : null}
    </EmbeddedPageContext.Provider>
  );
}
