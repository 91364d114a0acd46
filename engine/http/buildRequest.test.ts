import { describe, expect, it } from 'vitest';
import { rowsEndpoint } from '../api/lists';
import { buildRequest, sendsParamsInQuery } from './buildRequest';
import { createApiClient } from './createApiClient';
import { clientHarness, ok, stubTransport } from './testkit';

const NOW = 1_700_000_000_000;
const headers = { picEnv: 'web' };

function query(url: string): URLSearchParams {
  return new URL(url, 'http://x').searchParams;
}

describe('buildRequest', () => {
  it.each(['GET', 'DELETE'] as const)(
    '%s sends the params in the query (lists as repeated keys), no body',
    (method) => {
      const req = buildRequest(
        { method },
        '/edc/rows.do',
        { page: 2, status: ['1', '3'], name: 'a b' },
        headers,
        NOW,
      );
      expect(req.method).toBe(method);
      expect(req.data).toBeUndefined();
      const q = query(req.url);
      expect(q.get('page')).toBe('2');
      expect(q.getAll('status')).toEqual(['1', '3']);
      expect(q.get('name')).toBe('a b');
      expect(q.get('time')).toBe(String(NOW));
    },
  );

  it.each(['POST', 'PUT'] as const)(
    '%s sends the params as a JSON body, only the time in the URL',
    (method) => {
      const params = { page: 2, status: ['1', '3'], asc: false };
      const req = buildRequest({ method }, '/edc/rows.do', params, headers, NOW);
      expect(req.method).toBe(method);
      expect(req.data).toEqual(params);
      expect([...query(req.url).keys()]).toEqual(['time']);
      expect(req.headers).toBe(headers);
    },
  );

  it('a body method without params sends an empty object', () => {
    expect(buildRequest({ method: 'PUT' }, '/edc/x.do', undefined, headers, NOW).data).toEqual({});
  });

  it('only GET and DELETE use the query', () => {
    expect((['GET', 'POST', 'PUT', 'DELETE'] as const).filter(sendsParamsInQuery)).toEqual(['GET', 'DELETE']);
  });
});

describe('the request client with PUT and DELETE endpoints', () => {
  const page = { list: [{ id: 1 }], total: 1, page: 1, size: 20 };

  it('PUT sends a JSON body', async () => {
    const stub = stubTransport(() => ({ data: ok(page) }));
    const client = createApiClient(clientHarness(stub.transport).deps);
    await expect(
      client.call(rowsEndpoint('/edc/rows/put.do', 'PUT'), { page: 1, size: 20 }),
    ).resolves.toEqual(page);
    expect(stub.requests[0]?.method).toBe('put');
    expect(stub.lastUrl().pathname).toBe('/edc/rows/put.do');
    expect([...stub.lastUrl().searchParams.keys()]).toEqual(['time']);
    expect(JSON.parse(String(stub.requests[0]?.data))).toMatchObject({ page: 1, size: 20 });
  });

  it('DELETE sends the params in the query', async () => {
    const stub = stubTransport(() => ({ data: ok(page) }));
    const client = createApiClient(clientHarness(stub.transport).deps);
    await client.call(rowsEndpoint('/edc/rows/del.do', 'DELETE'), { page: 2, size: 50 });
    expect(stub.requests[0]?.method).toBe('delete');
    expect(stub.requests[0]?.data).toBeUndefined();
    expect(stub.lastUrl().searchParams.get('page')).toBe('2');
    expect(stub.lastUrl().searchParams.get('size')).toBe('50');
  });
});
