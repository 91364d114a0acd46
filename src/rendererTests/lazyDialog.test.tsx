// Tests of renderers/actions/lazyDialog.tsx (under src/ for the app's catalogues).
import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog, preloadDialogs } from '../../renderers/actions/lazyDialog';
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
});
