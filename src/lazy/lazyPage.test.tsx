import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, text } from '../testing/renderApp';
import { createTestPlatform } from '../testing/testPlatform';
import { ChunkLoadError, loadChunk } from './loadChunk';
import { lazyPage } from './lazyPage';

function Loaded() {
  return <p>page content</p>;
}

describe('route chunk loader', () => {
  // React logs every error an error boundary catches; these are expected here
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows 'loading failed' when the import rejects, reports it, and loads again on retry", async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts += 1;
      return attempts <= 2
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(Loaded);
    });
    const platform = createTestPlatform();
    render(
      <TestProviders platform={platform}>
        <Page />
      </TestProviders>,
    );
    expect(await screen.findByText(text('app.chunkLoadFailed'))).toBeInTheDocument();
    expect(platform.reports.map((r) => r.kind)).toEqual(['chunk-load']);
    expect(platform.reports[0]?.error).toBeInstanceOf(ChunkLoadError);

    await userEvent.click(screen.getByRole('button', { name: text('app.chunkLoadRetry') }));
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(attempts).toBe(3);
  });

  it('tries a failed import once more by itself before showing the failure', async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(Loaded);
    });
    const platform = createTestPlatform();
    render(
      <TestProviders platform={platform}>
        <Page />
      </TestProviders>,
    );
    expect(await screen.findByText('page content', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(platform.reports).toEqual([]);
  });

  it("shows 'loading failed' when the code does not arrive in time", async () => {
    const Page = lazyPage(() => new Promise<typeof Loaded>(() => {}), 30);
    const platform = createTestPlatform();
    render(
      <TestProviders platform={platform}>
        <Page />
      </TestProviders>,
    );
    expect(await screen.findByText(text('app.chunkLoadFailed'))).toBeInTheDocument();
    expect((platform.reports[0]?.error as ChunkLoadError).reason).toBe('timeout');
  });

  it('waits 120 s by default', async () => {
    const { CHUNK_LOAD_TIMEOUT_MS } = await import('./loadChunk');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await expect(loadChunk(() => Promise.resolve(1), 10)).resolves.toBe(1);
    await expect(loadChunk(() => Promise.reject(new Error('x')), 100, 5)).rejects.toMatchObject({
      reason: 'failed',
    });
  });
});
