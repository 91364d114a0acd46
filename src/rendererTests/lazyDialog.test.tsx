// Tests of renderers/actions/lazyDialog.tsx (under src/ for the app's catalogues).
import { Component, useState, type ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog, preloadDialog, preloadDialogs } from '../../renderers/actions/lazyDialog';
import { RecordActionBar } from '../../renderers/actions/RecordActionBar';
import { LaterMessagesContext, type LaterMessages } from '../../renderers/intl';
import type {
  ActionDialogProps,
  RecordAction,
  RecordActionContext,
} from '../../renderers/actions/recordActions';
import { TestProviders, text } from '../testing/renderApp';

interface Props {
  name: string;
  onClose(): void;
}

function Loaded({ name, onClose }: Props) {
  return (
    <div role="dialog" data-testid="loaded-dialog">
      {name}
      <button onClick={onClose}>close</button>
    </div>
  );
}

describe('lazyDialog', () => {
  it('loads the dialog on first draw, once, and passes its props', async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const Dialog = lazyDialog<Props>(load);
    expect(load).not.toHaveBeenCalled();
    const onClose = vi.fn();
    render(
      <TestProviders>
        <Dialog name="AE 3" onClose={onClose} />
      </TestProviders>,
    );
    expect(await screen.findByTestId('loaded-dialog')).toHaveTextContent('AE 3');
    await userEvent.click(screen.getByText('close'));
    expect(onClose).toHaveBeenCalledOnce();
    await preloadDialogs([Dialog, undefined, Loaded]);
    expect(load).toHaveBeenCalledOnce();
  });

  it('waits for the messages its page has not loaded yet, fetching its code meanwhile; says when they fail', async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const Dialog = lazyDialog<Props>(load);
    const require = vi.fn();
    const retry = vi.fn();
    const onClose = vi.fn();
    const drawn = (status: LaterMessages['status']) => (
      <TestProviders>
        <LaterMessagesContext.Provider value={{ status, require, retry, prefetch: vi.fn() }}>
          <Dialog name="AE 4" onClose={onClose} />
        </LaterMessagesContext.Provider>
      </TestProviders>
    );
    const { rerender } = render(drawn('loading'));
    expect(await screen.findByTestId('dialog-loading')).toBeInTheDocument();
    expect(require).toHaveBeenCalled();
    expect(load).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('loaded-dialog')).toBeNull();
    rerender(drawn('failed'));
    expect(screen.getByTestId('dialog-load-failed')).toHaveTextContent(text('app.dialogLoadFailed'));
    await userEvent.click(screen.getByRole('button', { name: text('app.chunkLoadRetry') }));
    expect(retry).toHaveBeenCalledOnce();
    rerender(drawn('ready'));
    expect(await screen.findByTestId('loaded-dialog')).toHaveTextContent('AE 4');
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries a failed import once more before giving up', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('dropped')).mockResolvedValue(Loaded);
    const Dialog = lazyDialog<Props>(load, { retryDelayMs: 1 });
    render(
      <TestProviders>
        <Dialog name="VS" onClose={() => {}} />
      </TestProviders>,
    );
    expect(await screen.findByTestId('loaded-dialog')).toHaveTextContent('VS');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says the dialog failed to load, translated, with a retry that loads it and a close', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(Loaded);
    const Dialog = lazyDialog<Props>(load, { retryDelayMs: 1 });
    const onClose = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    render(
      <TestProviders>
        <Dialog name="VS" onClose={onClose} />
      </TestProviders>,
    );
    const failed = await screen.findByTestId('dialog-load-failed');
    expect(failed).toHaveTextContent(text('app.dialogLoadFailed'));
    await userEvent.click(screen.getByRole('button', { name: text('common.close') }));
    expect(onClose).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: text('app.chunkLoadRetry') }));
    expect(await screen.findByTestId('loaded-dialog')).toHaveTextContent('VS');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('the failure is a modal alert: the focus on retry, Tab kept between its buttons, Escape closes', async () => {
    const load = vi.fn().mockRejectedValue(new Error('offline'));
    const Dialog = lazyDialog<Props>(load, { retryDelayMs: 1 });
    const onClose = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <TestProviders>
        <button type="button">behind</button>
        <Dialog name="VS" onClose={onClose} />
      </TestProviders>,
    );
    const failed = await screen.findByRole('alertdialog');
    expect(failed).toHaveAttribute('aria-modal', 'true');
    const retry = screen.getByRole('button', { name: text('app.chunkLoadRetry') });
    const close = screen.getByRole('button', { name: text('common.close') });
    await waitFor(() => expect(retry).toHaveFocus());
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(retry).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('opened again after a failure (the user closed it), it tries to load again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(Loaded);
    const Dialog = lazyDialog<Props>(load, { retryDelayMs: 1 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = render(
      <TestProviders>
        <Dialog name="VS" onClose={() => {}} />
      </TestProviders>,
    );
    await screen.findByTestId('dialog-load-failed');
    first.unmount();
    render(
      <TestProviders>
        <Dialog name="AE" onClose={() => {}} />
      </TestProviders>,
    );
    expect(await screen.findByTestId('loaded-dialog')).toHaveTextContent('AE');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a fault of the loaded dialog itself is not shown as a connection problem: it goes to the boundary above', async () => {
    function Broken(): never {
      throw new Error('field.resolve is not a function');
    }
    const Dialog = lazyDialog<Props>(() => Promise.resolve(Broken));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const caught: unknown[] = [];
    class Above extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        caught.push(error);
      }
      override render() {
        return this.state.failed ? <p data-testid="above">fault reported</p> : this.props.children;
      }
    }
    render(
      <TestProviders>
        <Above>
          <Dialog name="VS" onClose={() => {}} />
        </Above>
      </TestProviders>,
    );
    expect(await screen.findByTestId('above')).toBeInTheDocument();
    expect(screen.queryByTestId('dialog-load-failed')).toBeNull();
    expect(String(caught[0])).toMatch(/field.resolve/);
  });

  it('Escape or a click on the backdrop closes the dialog while its code is still loading', async () => {
    let arrive: (dialog: typeof Loaded) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Loaded>((resolve) => (arrive = resolve)));
    const Dialog = lazyDialog<Props>(load);
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>open</button>
          {open ? <Dialog name="AE 3" onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    render(
      <TestProviders>
        <Page />
      </TestProviders>,
    );
    await userEvent.click(screen.getByText('open'));
    expect(await screen.findByTestId('dialog-loading')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('dialog-loading')).toBeNull();

    await userEvent.click(screen.getByText('open'));
    await userEvent.click(await screen.findByTestId('dialog-loading'));
    expect(screen.queryByTestId('dialog-loading')).toBeNull();

    // the code arriving later opens nothing by itself; the next opening shows the dialog at once, without a spinner
    await act(async () => arrive(Loaded));
    expect(screen.queryByTestId('loaded-dialog')).toBeNull();
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByTestId('loaded-dialog')).toHaveTextContent('AE 3');
    expect(screen.queryByTestId('dialog-loading')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('the loaded dialog keeps what was typed when the page draws it again (no remount from lazy to loaded)', async () => {
    function Typing({ onClose }: Props) {
      const [value, setValue] = useState('');
      return (
        <div role="dialog" data-testid="loaded-dialog">
          <input aria-label="reason" value={value} onChange={(e) => setValue(e.target.value)} />
          <button onClick={onClose}>close</button>
        </div>
      );
    }
    const Dialog = lazyDialog<Props>(() => Promise.resolve(Typing));
    const { rerender } = render(
      <TestProviders>
        <Dialog name="one" onClose={() => {}} />
      </TestProviders>,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'reason' }), 'typo');
    rerender(
      <TestProviders>
        <Dialog name="two" onClose={() => {}} />
      </TestProviders>,
    );
    expect(screen.getByRole('textbox', { name: 'reason' })).toHaveValue('typo');
  });

  it("fetches a record action's dialog code when the pointer comes over its button or the focus onto it", async () => {
    function ActionDialog({ onClose }: ActionDialogProps) {
      return (
        <div role="dialog" data-testid="loaded-dialog">
          <button onClick={onClose}>close</button>
        </div>
      );
    }
    const loads = [vi.fn(() => Promise.resolve(ActionDialog)), vi.fn(() => Promise.resolve(ActionDialog))];
    const actions: RecordAction[] = loads.map((load, i) => ({
      id: `a${i}`,
      order: i,
      scope: 'form',
      capability: 'enter',
      labelId: 'common.close',
      Dialog: lazyDialog<ActionDialogProps>(load),
    }));
    render(
      <TestProviders>
        <RecordActionBar actions={actions} ctx={{} as RecordActionContext} readOnly={false} />
      </TestProviders>,
    );
    expect(loads[0]).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByTestId('record-action-a0'));
    await vi.waitFor(() => expect(loads[0]).toHaveBeenCalledOnce());
    fireEvent.pointerEnter(screen.getByTestId('record-action-a0'));
    expect(loads[1]).not.toHaveBeenCalled();
    act(() => screen.getByTestId('record-action-a1').focus());
    await vi.waitFor(() => expect(loads[1]).toHaveBeenCalledOnce());
    expect(loads[0]).toHaveBeenCalledOnce();
    // fetched ahead: the click opens the dialog at once
    await act(async () => {
      await preloadDialogs(actions.map((a) => a.Dialog));
    });
    fireEvent.click(screen.getByTestId('record-action-a1'));
    expect(screen.getByTestId('loaded-dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('dialog-loading')).toBeNull();
  });

  it("fetches the texts a record action's dialog shows with its code, without showing them before it opens", async () => {
    function ActionDialog({ onClose }: ActionDialogProps) {
      return <button onClick={onClose}>close</button>;
    }
    const prefetch = vi.fn();
    const require = vi.fn();
    const actions: RecordAction[] = [
      {
        id: 'withDialog',
        order: 0,
        scope: 'form',
        capability: 'enter',
        labelId: 'common.close',
        Dialog: lazyDialog<ActionDialogProps>(() => Promise.resolve(ActionDialog)),
      },
      { id: 'plain', order: 1, scope: 'form', capability: 'enter', labelId: 'common.close', run: vi.fn() },
    ];
    render(
      <TestProviders>
        <LaterMessagesContext.Provider value={{ status: 'loading', require, retry: vi.fn(), prefetch }}>
          <RecordActionBar actions={actions} ctx={{} as RecordActionContext} readOnly={false} />
        </LaterMessagesContext.Provider>
      </TestProviders>,
    );
    fireEvent.pointerEnter(screen.getByTestId('record-action-plain'));
    expect(prefetch).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByTestId('record-action-withDialog'));
    expect(prefetch).toHaveBeenCalledOnce();
    act(() => screen.getByTestId('record-action-withDialog').focus());
    expect(prefetch).toHaveBeenCalledTimes(2);
    // fetched, not shown: the page keeps its texts until a dialog asks for them
    expect(require).not.toHaveBeenCalled();
  });

  it('preloadDialog ignores what is not a lazily loaded dialog, and leaves a failure for the opening', async () => {
    expect(() => preloadDialog(undefined)).not.toThrow();
    expect(() => preloadDialog(Loaded)).not.toThrow();
    const load = vi.fn().mockRejectedValue(new Error('offline'));
    const Dialog = lazyDialog<Props>(load, { retryDelayMs: 1 });
    preloadDialog(Dialog);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('does not fetch again on every pointer crossing after a failed prefetch, until the dialog is opened', async () => {
    const load = vi.fn().mockRejectedValue(new Error('offline'));
    const Dialog = lazyDialog<Props>(load, { retryDelayMs: 1 });
    preloadDialog(Dialog);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    preloadDialog(Dialog);
    preloadDialog(Dialog);
    await new Promise((r) => setTimeout(r, 20));
    expect(load).toHaveBeenCalledTimes(2);
    // the user opens it: the opening loads again (the network is back), and so may later prefetches
    load.mockResolvedValue(Loaded);
    render(
      <TestProviders>
        <Dialog name="AE 4" onClose={() => undefined} />
      </TestProviders>,
    );
    expect(await screen.findByTestId('loaded-dialog')).toHaveTextContent('AE 4');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
