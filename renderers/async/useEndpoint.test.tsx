/**
 * useEndpoint: the one loader of every page. An answer that arrives for params no longer asked is never shown, a
 * retry asks again, and the server's refusal (no retry: it would say no again) is told apart from a failure to get
 * an answer (worth another try).
 */
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subjectInfo, type SubjectRow } from '../../engine/api/subjects';
import { ApiClientContext } from '../apiClientContext';
import { createFakeApiClient, fakeFailure, type FakeApiClient } from '../testing/fakeApiClient';
import { stableKey } from './stableKey';
import { useEndpoint } from './useEndpoint';

function subject(subjectid: string): SubjectRow {
  return {
    subjectid,
    subjid: subjectid.toUpperCase(),
    siteid: 's1',
    sitecode: 'BJ01',
    sitename: 'Beijing',
    initials: 'AB',
    sex: 'F',
    birthdate: null,
    age: null,
    status: '2',
    enrolldate: null,
    visitcount: 0,
    lastvisitdate: null,
    updatedat: '2026-01-01T00:00:00Z',
  };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function wrapperOf(client: FakeApiClient) {
  return ({ children }: { children?: ReactNode }) => (
    <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>
  );
}

describe('useEndpoint', () => {
  it('ignores the answer for params that are no longer asked, even when it arrives last', async () => {
    const answers = new Map<string, Deferred<SubjectRow>>([
      ['a', deferred()],
      ['b', deferred()],
    ]);
    const client = createFakeApiClient({
      subjectInfo: ({ subjectid }) => answers.get(subjectid)!.promise,
    });
    const { result, rerender } = renderHook(
      ({ id }: { id: string }) => useEndpoint(subjectInfo, { subjectid: id }),
      { wrapper: wrapperOf(client), initialProps: { id: 'a' } },
    );
    expect(result.current.status).toBe('loading');
    rerender({ id: 'b' });
    await waitFor(() =>
      expect(client.paramsOf('subjectInfo')).toEqual([{ subjectid: 'a' }, { subjectid: 'b' }]),
    );
    // the first call was aborted when the params changed
    expect(client.calls[0]?.options?.signal?.aborted).toBe(true);

    await act(async () => answers.get('b')!.resolve(subject('b')));
    await act(async () => answers.get('a')!.resolve(subject('a')));
    expect(result.current.status).toBe('ready');
    expect(result.current.status === 'ready' && result.current.data.subjectid).toBe('b');
  });

  it('does not ask again for the same params given as a new object on every render', async () => {
    const client = createFakeApiClient({ subjectInfo: ({ subjectid }) => subject(subjectid) });
    const { result, rerender } = renderHook(
      () => useEndpoint(subjectInfo, { subjectid: 'a' }), // an inline object, new on each render
      { wrapper: wrapperOf(client) },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender();
    rerender();
    expect(client.paramsOf('subjectInfo')).toHaveLength(1);
    expect(stableKey({ a: 1, b: [1, 2] })).toBe(stableKey({ b: [1, 2], a: 1, c: undefined }));
  });

  it('asks again on retry after a failure, and shows the new answer', async () => {
    let calls = 0;
    const client = createFakeApiClient({
      subjectInfo: ({ subjectid }) => {
        calls += 1;
        if (calls === 1) throw fakeFailure('network', subjectInfo.path);
        return subject(subjectid);
      },
    });
    const { result } = renderHook(() => useEndpoint(subjectInfo, { subjectid: 'a' }), {
      wrapper: wrapperOf(client),
    });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(client.paramsOf('subjectInfo')).toHaveLength(2);
  });

  it("tells the server's refusal, with its message, from a failure to get an answer", async () => {
    const refusing = createFakeApiClient({
      subjectInfo: () => {
        throw fakeFailure('business', subjectInfo.path, '受试者不存在或不在您负责的中心');
      },
    });
    const refused = renderHook(() => useEndpoint(subjectInfo, { subjectid: 'x' }), {
      wrapper: wrapperOf(refusing),
    });
    await waitFor(() => expect(refused.result.current.status).toBe('refused'));
    const state = refused.result.current;
    expect(state.status === 'refused' && state.message).toBe('受试者不存在或不在您负责的中心');

    const failing = createFakeApiClient({
      subjectInfo: () => {
        throw fakeFailure('server', subjectInfo.path, 'HTTP 502');
      },
    });
    const failed = renderHook(() => useEndpoint(subjectInfo, { subjectid: 'x' }), {
      wrapper: wrapperOf(failing),
    });
    await waitFor(() => expect(failed.result.current.status).toBe('failed'));
  });

  it('calls silently (the page shows the failure in place) unless asked to notify', async () => {
    const client = createFakeApiClient({ subjectInfo: ({ subjectid }) => subject(subjectid) });
    const silent = renderHook(() => useEndpoint(subjectInfo, { subjectid: 'a' }), {
      wrapper: wrapperOf(client),
    });
    await waitFor(() => expect(silent.result.current.status).toBe('ready'));
    const notifying = renderHook(() => useEndpoint(subjectInfo, { subjectid: 'a' }, { notify: true }), {
      wrapper: wrapperOf(client),
    });
    await waitFor(() => expect(notifying.result.current.status).toBe('ready'));
    expect(client.calls.map((c) => c.options?.silent)).toEqual([true, false]);
  });

  it('asks nothing while the params are null, and keeps the last answer while the next one loads', async () => {
    const later = deferred<SubjectRow>();
    const client = createFakeApiClient({
      subjectInfo: ({ subjectid }) => (subjectid === 'b' ? later.promise : subject(subjectid)),
    });
    const { result, rerender } = renderHook(
      ({ id }: { id: string | null }) => useEndpoint(subjectInfo, id === null ? null : { subjectid: id }),
      { wrapper: wrapperOf(client), initialProps: { id: null as string | null } },
    );
    expect(result.current.status).toBe('idle');
    expect(client.calls).toHaveLength(0);
    rerender({ id: 'a' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ id: 'b' });
    expect(result.current.status).toBe('loading');
    expect(result.current.previous?.subjectid).toBe('a');
    await act(async () => later.resolve(subject('b')));
    expect(result.current.status === 'ready' && result.current.data.subjectid).toBe('b');
  });
});
