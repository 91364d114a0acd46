/**
 * useJobPolling: a job is asked again while it works, less and less often, and no more once it finished, once a
 * poll was refused or failed (until retry) or once the component is gone.
 */
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchJob, type BatchJob } from '../../engine/api/casebookBatch';
import { casebookBatchFixtures as fx } from '../../fixtures';
import { ApiClientContext } from '../apiClientContext';
import { createFakeApiClient, fakeFailure, type FakeApiClient } from '../testing/fakeApiClient';
import { useJobPolling } from './useJobPolling';

const queued = fx.batchRun.data!;
const job = (state: BatchJob['state'], done = 0): BatchJob => ({ ...queued, state, done });
const works = (j: BatchJob) => j.state === 'queued' || j.state === 'running';

function wrapperOf(client: FakeApiClient) {
  return ({ children }: { children?: ReactNode }) => (
    <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the fake client's answers arrive and the effects run, then moves the clock on. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useJobPolling', () => {
  it('asks again while the job works, backing off, and stops when it finished', async () => {
    const answers = [job('queued'), job('running', 1), job('running', 2), job('done', 3)];
    let asked = 0;
    const client = createFakeApiClient({ batchJob: () => answers[Math.min(asked++, answers.length - 1)]! });
    const { result } = renderHook(
      () => useJobPolling(batchJob, { jobid: '1' }, { working: works, pollMs: 100, maxPollMs: 200 }),
      { wrapper: wrapperOf(client) },
    );
    await advance(0);
    expect(asked).toBe(1);
    await advance(99);
    expect(asked).toBe(1);
    await advance(1); // first delay: 100 ms
    expect(asked).toBe(2);
    await advance(149);
    expect(asked).toBe(2);
    await advance(1); // then 150 ms
    expect(asked).toBe(3);
    await advance(200); // then at most 200 ms
    expect(asked).toBe(4);
    await advance(0);
    expect(result.current.data?.state).toBe('done');
    expect(result.current.ended).toBe(true);
    expect(result.current.stopped).toBeNull();
    await advance(5000);
    expect(asked).toBe(4);
  });

  it('stops on a refused poll with the server’s message', async () => {
    let asked = 0;
    const client = createFakeApiClient({
      batchJob: () => {
        asked += 1;
        if (asked === 1) return job('queued');
        throw fakeFailure('business', batchJob.path, 'No such batch run');
      },
    });
    const { result } = renderHook(
      () => useJobPolling(batchJob, { jobid: '1' }, { working: works, pollMs: 100 }),
      { wrapper: wrapperOf(client) },
    );
    await advance(0);
    await advance(100);
    await advance(0);
    expect(result.current.stopped).toEqual({ reason: 'refused', message: 'No such batch run' });
    expect(result.current.ended).toBe(true);
    // the last answer stays
    expect(result.current.data?.state).toBe('queued');
    await advance(10_000);
    expect(asked).toBe(2);
  });

  it('asks a failed poll again by itself, backing off, and follows the job on', async () => {
    let asked = 0;
    const client = createFakeApiClient({
      batchJob: () => {
        asked += 1;
        if (asked <= 2) throw fakeFailure('network', batchJob.path);
        return job('done');
      },
    });
    const { result } = renderHook(
      () => useJobPolling(batchJob, { jobid: '1' }, { working: works, pollMs: 100 }),
      { wrapper: wrapperOf(client) },
    );
    await advance(0);
    await advance(0);
    expect(result.current.stopped).toBeNull();
    await advance(100);
    await advance(0);
    expect(asked).toBe(2);
    await advance(150);
    await advance(0);
    expect(asked).toBe(3);
    expect(result.current.data?.state).toBe('done');
    expect(result.current.stopped).toBeNull();
  });

  it('stops when the polls keep failing; retry asks again and polling resumes', async () => {
    let asked = 0;
    const client = createFakeApiClient({
      batchJob: () => {
        asked += 1;
        if (asked === 1) throw fakeFailure('network', batchJob.path);
        return asked < 3 ? job('running') : job('done');
      },
    });
    const { result } = renderHook(
      () => useJobPolling(batchJob, { jobid: '1' }, { working: works, pollMs: 100, retries: 0 }),
      { wrapper: wrapperOf(client) },
    );
    await advance(0);
    await advance(0);
    expect(result.current.stopped).toEqual({ reason: 'failed' });
    await advance(5000);
    expect(asked).toBe(1);
    act(() => result.current.retry());
    await advance(0);
    expect(asked).toBe(2);
    await advance(100);
    expect(asked).toBe(3);
    await advance(0);
    expect(result.current.data?.state).toBe('done');
    expect(result.current.stopped).toBeNull();
  });

  it('stops asking when the component unmounts', async () => {
    let asked = 0;
    const client = createFakeApiClient({
      batchJob: () => {
        asked += 1;
        return job('running');
      },
    });
    const { unmount } = renderHook(
      () => useJobPolling(batchJob, { jobid: '1' }, { working: works, pollMs: 100 }),
      { wrapper: wrapperOf(client) },
    );
    await advance(0);
    await advance(100);
    expect(asked).toBe(2);
    unmount();
    await advance(10_000);
    expect(asked).toBe(2);
  });

  it('a new reload token asks at once and starts the back-off again', async () => {
    let asked = 0;
    const client = createFakeApiClient({
      batchJob: () => {
        asked += 1;
        return job('running');
      },
    });
    const { rerender } = renderHook(
      ({ token }: { token: number }) =>
        useJobPolling(batchJob, { jobid: '1' }, { working: works, pollMs: 100, reloadToken: token }),
      { wrapper: wrapperOf(client), initialProps: { token: 0 } },
    );
    await advance(0);
    await advance(100);
    await advance(150);
    await advance(225);
    expect(asked).toBe(4);
    rerender({ token: 1 });
    await advance(0);
    expect(asked).toBe(5);
    await advance(100);
    expect(asked).toBe(6);
  });
});
