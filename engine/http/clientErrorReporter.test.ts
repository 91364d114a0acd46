import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartBeat } from '../api/session';
import { createClientErrorReporter, type ClientErrorReporter } from './clientErrorReporter';
import { createApiClient } from './createApiClient';
import { clientHarness, stubTransport, type StubHandler } from './testkit';

const START = new Date('2025-03-01T08:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(handler?: StubHandler, pageUrl = 'http://h/edcweb/index') {
  const stub = stubTransport(handler);
  const h = clientHarness(stub.transport);
  let reporter: ClientErrorReporter | null = null;
  const client = createApiClient({ ...h.deps, reportError: (e) => reporter?.report('request', e) });
  reporter = createClientErrorReporter(
    client,
    () => new Date(),
    () => pageUrl,
    'UA/1',
  );
  const bodies = () =>
    stub.requests
      .filter((r) => String(r.url).includes('writeWebLog.do'))
      .map((r) => JSON.parse(String(r.data)) as Record<string, unknown>);
  return { stub, h, reporter, bodies };
}

describe('client error reporter', () => {
  it('sends the error to writeWebLog.do', async () => {
    const t = setup();
    const error = new TypeError('x is undefined');
    t.reporter.report('error', error);
    await vi.runAllTimersAsync();

    expect(t.stub.lastUrl().pathname).toBe('/edc/api/writeWebLog.do');
    expect(t.bodies()).toEqual([
      {
        level: 'error',
        kind: 'error',
        msg: 'TypeError: x is undefined',
        token: 'tok-1',
        stack: error.stack,
        url: 'http://h/edcweb/index',
        userAgent: 'UA/1',
        time: START.toISOString(),
      },
    ]);
  });

  it('never sends the login token of the page address', async () => {
    const t = setup(undefined, 'http://h/edcweb/entrance?lang=en&token=secret-1#/x?token=secret-2');
    t.reporter.report('error', new Error('boom'));
    await vi.runAllTimersAsync();
    const url = String(t.bodies()[0]?.url);
    expect(url).not.toContain('secret');
    expect(url).toBe('http://h/edcweb/entrance?lang=en&token=[redacted]#/x?token=[redacted]');
  });

  it('describes non-Error values and clips long messages', async () => {
    const t = setup();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    t.reporter.report('unhandledrejection', { reason: 'nope' });
    t.reporter.report('unhandledrejection', circular);
    t.reporter.report('chunk-load', 'y'.repeat(5000));
    t.reporter.report('error', '   ');
    await vi.runAllTimersAsync();

    const messages = t.bodies().map((b) => String(b.msg));
    expect(messages[0]).toBe('{"reason":"nope"}');
    expect(messages[1]).toBe('[object Object]');
    expect(messages[2]).toHaveLength(4000);
    expect(messages[3]).toBe('unknown error');
  });

  it('sends an identical message once within 10 s', async () => {
    const t = setup();
    t.reporter.report('chunk-load', new Error('Loading chunk 7 failed'));
    t.reporter.report('chunk-load', new Error('Loading chunk 7 failed'));
    vi.advanceTimersByTime(9_999);
    t.reporter.report('chunk-load', new Error('Loading chunk 7 failed'));
    expect(t.stub.requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    t.reporter.report('chunk-load', new Error('Loading chunk 7 failed'));
    await vi.runAllTimersAsync();
    expect(t.stub.requests).toHaveLength(2);
  });

  it('sends at most 20 reports a minute', async () => {
    const t = setup();
    for (let i = 0; i < 30; i++) t.reporter.report('error', new Error(`e${i}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.stub.requests).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(60_000);
    t.reporter.report('error', new Error('later'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.stub.requests).toHaveLength(21);
  });

  it('swallows its own failure and does not report it again', async () => {
    const t = setup(() => ({ status: 500, data: '' }));
    expect(() => t.reporter.report('error', new Error('boom'))).not.toThrow();
    await vi.runAllTimersAsync();
    expect(t.stub.requests).toHaveLength(1);
    expect(t.h.notifier.notices).toEqual([]);
  });

  it('reports a request that points at a bug (malformed response) once', async () => {
    const t = setup((config) =>
      String(config.url).includes('writeWebLog')
        ? { data: { success: true, msg: '', data: null } }
        : { data: { success: true, msg: '', data: 'not a number' } },
    );
    const client = createApiClient({ ...t.h.deps, reportError: (e) => t.reporter.report('request', e) });
    await expect(client.call(heartBeat)).rejects.toMatchObject({ kind: 'contract' });
    await vi.runAllTimersAsync();

    const logs = t.bodies();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ kind: 'request' });
    expect(String(logs[0]?.msg)).toContain('/login/heartBeat.do');
  });
});
