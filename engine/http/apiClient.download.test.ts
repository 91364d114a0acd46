import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interchangeDownload } from '../api/interchange';
import { createApiClient } from './createApiClient';
import type { RequestError } from './requestError';
import { clientHarness, fail, stubTransport, type StubHandler } from './testkit';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(handler: StubHandler) {
  const stub = stubTransport(handler);
  const h = clientHarness(stub.transport);
  const client = createApiClient(h.deps);
  return { ...h, stub, client };
}

const FILE_HEADERS = {
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="DEMO-BJ01-DM.csv"; filename*=UTF-8''DEMO-BJ01-DM.csv`,
  'Content-Length': '5',
};

describe('client.download (a file endpoint)', () => {
  it('asks the transport for a blob and answers the file with its name, type and length', async () => {
    const blob = new Blob(['a,b\r\n'], { type: 'text/csv' });
    const t = setup(() => ({ data: blob, headers: FILE_HEADERS }));
    const file = await t.client.download(interchangeDownload, { jobid: '7' });
    expect(file).toEqual({ filename: 'DEMO-BJ01-DM.csv', mimetype: 'text/csv', bytes: 5, blob });
    const sent = t.stub.requests[0]!;
    expect(sent.responseType).toBe('blob');
    expect(sent.method).toBe('get');
    expect(t.stub.lastUrl().searchParams.get('jobid')).toBe('7');
    expect(t.stub.lastHeader('token')).toBe('tok-1');
    expect(await file.blob.text()).toBe('a,b\r\n');
  });

  it('a refusal (an envelope) is a business error with the server message, shown as a warning', async () => {
    const t = setup(() => ({ data: fail('The download has expired') }));
    const e = await t.client.download(interchangeDownload, { jobid: '7' }).catch((x: unknown) => x);
    expect((e as RequestError).kind).toBe('business');
    expect((e as RequestError).msg).toBe('The download has expired');
    expect(t.notifier.notices).toEqual([
      expect.objectContaining({ level: 'warning', text: 'The download has expired' }),
    ]);
  });

  it('a 429 refusal carries its message (too many exports), silent when asked', async () => {
    const t = setup(() => ({ status: 429, data: fail('at most 3 per user') }));
    const e = await t.client
      .download(interchangeDownload, { jobid: '7' }, { silent: true })
      .catch((x: unknown) => x);
    expect((e as RequestError).kind).toBe('rateLimited');
    expect((e as RequestError).msg).toBe('at most 3 per user');
    expect(t.notifier.notices).toEqual([]);
  });

  it('a success envelope instead of a file is a contract error', async () => {
    const t = setup(() => ({ data: { success: true, msg: '', data: { base64: 'eA==' } } }));
    const e = await t.client.download(interchangeDownload, { jobid: '7' }).catch((x: unknown) => x);
    expect((e as RequestError).kind).toBe('contract');
  });
});
