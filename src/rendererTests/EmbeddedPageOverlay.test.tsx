import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  EmbeddedPageProvider,
  useEmbeddedPage,
  type OpenEmbeddedPageOptions,
} from '../../renderers/overlay/EmbeddedPageContext';
import { TestProviders, text } from '../testing/renderApp';

function Opener({ options }: { options?: OpenEmbeddedPageOptions }) {
  const overlay = useEmbeddedPage();
  return <button onClick={() => overlay.open('https://docs.example.com/a', options)}>open</button>;
}

function renderOverlay(options?: OpenEmbeddedPageOptions) {
  const onRefresh = vi.fn();
  render(
    <TestProviders>
      <EmbeddedPageProvider onRefresh={onRefresh}>
        <Opener options={options} />
      </EmbeddedPageProvider>
    </TestProviders>,
  );
  return onRefresh;
}

describe('EmbeddedPageOverlay', () => {
  it('shows the page in a full-screen frame and closes without reloading', async () => {
    const onRefresh = renderOverlay({ title: '用户手册' });
    await userEvent.click(await screen.findByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: '用户手册' });
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', 'https://docs.example.com/a');
    await userEvent.click(screen.getByRole('button', { name: text('common.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('reloads the current route on close when the refresh flag is set', async () => {
    const onRefresh = renderOverlay({ refreshOnClose: true });
    await userEvent.click(await screen.findByRole('button', { name: 'open' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: text('common.close') }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
