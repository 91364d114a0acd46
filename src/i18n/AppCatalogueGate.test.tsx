import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useContext, type ReactNode } from 'react';
import {
  FormattedMessage,
  LaterMessagesContext,
  useLaterMessages,
  usePrefetchLaterMessages,
} from '../../renderers/intl';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../engine/api/localized';
import { AppCatalogueGate } from './AppCatalogueGate';
import type { Messages } from './catalogues';
import { LocaleProvider } from './LocaleProvider';
import type { AppTierPart } from './tiers';
import zh from './zh_CN.json';

const PARTS: Record<AppTierPart, Messages> = {
  formRoute: { 'form.notInteger': '表单' },
  core: { 'queries.status.answered': '已回复' },
  management: { 'interchange.import.title': '新增受试者' },
};

function deferredLoader() {
  const pending = new Map<AppTierPart, { resolve(m: Messages): void; reject(e: unknown): void }>();
  const loadApp = vi.fn(
    (_locale: Locale, part: AppTierPart) =>
      new Promise<Messages>((resolve, reject) => pending.set(part, { resolve, reject })),
  );
  return { loadApp, pending };
}

function Page({ parts }: { parts?: readonly AppTierPart[] }) {
  return (
    <AppCatalogueGate parts={parts}>
      <span>
        <FormattedMessage id="form.notInteger" />
      </span>
      {parts?.includes('management') === false ? null : (
        <span>
          <FormattedMessage id="interchange.import.title" />
        </span>
      )}
    </AppCatalogueGate>
  );
}

/**
 * The form route's page (its own text, `extra` beside it) in a gate that loads its part only; `openDialog` draws it
 * again with `later`, what it shows later (a dialog).
 */
function renderFormRoute(
  loadApp: ReturnType<typeof deferredLoader>['loadApp'],
  later: ReactNode,
  extra?: ReactNode,
) {
  const load = vi.fn(() => Promise.resolve(zh as Messages));
  const page = (dialog: boolean) => (
    <LocaleProvider store={sessionStorage} load={load} loadApp={loadApp}>
      <AppCatalogueGate parts={['formRoute']}>
        <span>
          <FormattedMessage id="form.notInteger" />
        </span>
        {extra}
        {dialog ? later : null}
      </AppCatalogueGate>
    </LocaleProvider>
  );
  const { rerender } = render(page(false));
  return { openDialog: () => rerender(page(true)) };
}

describe('AppCatalogueGate with the app catalogue in parts', () => {
  it('a page that needs the form route part only loads that part; a page that needs all waits for the rest (no ids shown)', async () => {
    sessionStorage.clear();
    const { loadApp, pending } = deferredLoader();
    const load = vi.fn(() => Promise.resolve(zh as Messages));
    const { rerender } = render(
      <LocaleProvider store={sessionStorage} load={load} loadApp={loadApp}>
        <Page parts={['formRoute']} />
      </LocaleProvider>,
    );
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await waitFor(() => expect(loadApp.mock.calls.map(([, part]) => part)).toEqual(['formRoute']));
    await act(async () => pending.get('formRoute')?.resolve(PARTS.formRoute));
    expect(await screen.findByText('表单')).toBeInTheDocument();
    expect(loadApp).toHaveBeenCalledTimes(1);

    // the next page needs every part: a spinner (never 'interchange.import.title') until the management part is there
    rerender(
      <LocaleProvider store={sessionStorage} load={load} loadApp={loadApp}>
        <Page />
      </LocaleProvider>,
    );
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('interchange.import.title')).toBeNull();
    await waitFor(() =>
      expect(loadApp.mock.calls.map(([, part]) => part)).toEqual(['formRoute', 'core', 'management']),
    );
    await act(async () => {
      pending.get('core')?.resolve(PARTS.core);
      pending.get('management')?.resolve(PARTS.management);
    });
    expect(await screen.findByText('新增受试者')).toBeInTheDocument();
    expect(screen.getByText('表单')).toBeInTheDocument();
    expect(loadApp).toHaveBeenCalledTimes(3);
  });

  it('a part that fails to load fails only the pages that need it, and loads again on retry', async () => {
    sessionStorage.clear();
    const { loadApp, pending } = deferredLoader();
    const onLoadError = vi.fn();
    const load = vi.fn(() => Promise.resolve(zh as Messages));
    const { rerender } = render(
      <LocaleProvider store={sessionStorage} load={load} loadApp={loadApp} onLoadError={onLoadError}>
        <Page />
      </LocaleProvider>,
    );
    await screen.findByRole('progressbar');
    await waitFor(() => expect(loadApp).toHaveBeenCalledTimes(3));
    await act(async () => {
      pending.get('formRoute')?.resolve(PARTS.formRoute);
      pending.get('core')?.resolve(PARTS.core);
      pending.get('management')?.reject(new Error('chunk gone'));
    });
    expect(await screen.findByText(zh['app.chunkLoadFailed'])).toBeInTheDocument();
    expect(onLoadError).toHaveBeenCalledTimes(1);

    // a form page (its part only) is shown meanwhile
    rerender(
      <LocaleProvider store={sessionStorage} load={load} loadApp={loadApp} onLoadError={onLoadError}>
        <Page parts={['formRoute']} />
      </LocaleProvider>,
    );
    expect(await screen.findByText('表单')).toBeInTheDocument();

    rerender(
      <LocaleProvider store={sessionStorage} load={load} loadApp={loadApp} onLoadError={onLoadError}>
        <Page />
      </LocaleProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: zh['app.chunkLoadRetry'] }));
    await waitFor(() =>
      expect(loadApp.mock.calls.map(([, part]) => part)).toEqual([
        'formRoute',
        'core',
        'management',
        'management',
      ]),
    );
    await act(async () => pending.get('management')?.resolve(PARTS.management));
    expect(await screen.findByText('新增受试者')).toBeInTheDocument();
  });

  it('what a page loads later waits for the rest of its texts (a dialog on the form route), with a retry', async () => {
    sessionStorage.clear();
    const { loadApp, pending } = deferredLoader();
    function LaterContent() {
      const later = useLaterMessages();
      if (later.status === 'failed') return <button onClick={later.retry}>retry</button>;
      if (later.status === 'loading') return <span>waiting</span>;
      return (
        <span>
          <FormattedMessage id="queries.status.answered" />
        </span>
      );
    }
    const { openDialog } = renderFormRoute(loadApp, <LaterContent />);
    await waitFor(() => expect(loadApp).toHaveBeenCalledTimes(1));
    await act(async () => pending.get('formRoute')?.resolve(PARTS.formRoute));
    expect(await screen.findByText('表单')).toBeInTheDocument();
    // nothing more until something shown later asks
    expect(loadApp).toHaveBeenCalledTimes(1);

    openDialog();
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await waitFor(() => expect(loadApp.mock.calls.map(([, part]) => part)).toEqual(['formRoute', 'core']));
    await act(async () => pending.get('core')?.reject(new Error('chunk gone')));
    fireEvent.click(await screen.findByRole('button', { name: 'retry' }));
    await waitFor(() =>
      expect(loadApp.mock.calls.map(([, part]) => part)).toEqual(['formRoute', 'core', 'core']),
    );
    await act(async () => pending.get('core')?.resolve(PARTS.core));
    expect(await screen.findByText('已回复')).toBeInTheDocument();
    // the page itself stayed (only what came later waited)
    expect(screen.getByText('表单')).toBeInTheDocument();
  });

  it('fetches the texts of what a page shows later ahead, once, and shows them only when asked', async () => {
    sessionStorage.clear();
    const { loadApp, pending } = deferredLoader();
    function Trigger() {
      const prefetch = usePrefetchLaterMessages();
      // the later texts' state as the page sees it, without asking for them
      const { status } = useContext(LaterMessagesContext);
      return (
        <button onPointerEnter={prefetch} data-status={status}>
          audit
        </button>
      );
    }
    function LaterContent() {
      const later = useLaterMessages();
      return (
        <span>
          {later.status === 'ready' ? <FormattedMessage id="queries.status.answered" /> : 'waiting'}
        </span>
      );
    }
    const { openDialog } = renderFormRoute(loadApp, <LaterContent />, <Trigger />);
    await waitFor(() => expect(loadApp).toHaveBeenCalledTimes(1));
    await act(async () => pending.get('formRoute')?.resolve(PARTS.formRoute));
    fireEvent.pointerEnter(await screen.findByRole('button', { name: 'audit' }));
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'audit' }));
    expect(loadApp.mock.calls.map(([, part]) => part)).toEqual(['formRoute', 'core']);
    await act(async () => pending.get('core')?.resolve(PARTS.core));
    // fetched, not shown: the page's texts are not replaced while nothing asks for them
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'audit' })).toHaveAttribute('data-status', 'loading');

    openDialog();
    expect(await screen.findByText('已回复')).toBeInTheDocument();
    // the part fetched ahead is the one shown: not loaded a second time
    expect(loadApp).toHaveBeenCalledTimes(2);
  });
});
