import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransport } from './fetchTransport';
import { TransportError } from '../../engine/http/transport';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const handlers = new Map<string, Handler>();
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const handler = handlers.get(new URL(req.url ?? '/', 'http://x').pathname);
      if (handler) handler(req, res, body);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function failureOf(promise: Promise<unknown>): Promise<TransportError> {
  return promise.then(
    () => {
      throw new Error('expected a transport failure');
    },
    (e: unknown) => {
      if (!(e instanceof TransportError)) throw e;
      return e;
    },
  );
}

describe('fetchTransport', () => {
  it('sends the body with the given headers and parses a JSON answer', async () => {
    handlers.set('/echo', (req, res, body) => {
      res.writeHead(200, { 'Content-Type': 'application/json', BeforeNote: 'n%201' });
      res.end(
        JSON.stringify({
          method: req.method,
          type: req.headers['content-type'],
          token: req.headers.token,
          body,
        }),
      );
    });
    const res = await fetchTransport({
      method: 'post',
      url: `${base}/echo?time=1`,
      headers: { token: 't-1', 'Content-Type': 'application/json' },
      data: JSON.stringify({ a: 1 }),
      timeout: 5_000,
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ method: 'POST', type: 'application/json', token: 't-1', body: '{"a":1}' });
    expect(res.headers.beforenote).toBe('n%201');
  });

  it('answers every status as a response, and a body that is not JSON as its text', async () => {
    handlers.set('/gateway', (_req, res) => void res.writeHead(502).end('<html>gateway</html>'));
    handlers.set('/empty', (_req, res) => void res.writeHead(204).end());
    await expect(
      fetchTransport({ method: 'get', url: `${base}/gateway`, headers: {}, timeout: 5_000 }),
    ).resolves.toMatchObject({ status: 502, data: '<html>gateway</html>' });
    await expect(
      fetchTransport({ method: 'delete', url: `${base}/empty`, headers: {}, timeout: 5_000 }),
    ).resolves.toMatchObject({ status: 204, data: '' });
  });

  it('gives up after its timeout, the body included', async () => {
    handlers.set('/slow', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"a":');
      setTimeout(() => res.end('1}'), 1_000);
    });
    const e = await failureOf(
      fetchTransport({ method: 'get', url: `${base}/slow`, headers: {}, timeout: 100 }),
    );
    expect(e.kind).toBe('timeout');
  });

  it("is cancelled by the caller's signal, before or during the request", async () => {
    handlers.set('/hang', () => undefined);
    const before = new AbortController();
    before.abort();
    expect(
      (
        await failureOf(
          fetchTransport({
            method: 'get',
            url: `${base}/hang`,
            headers: {},
            timeout: 5_000,
            signal: before.signal,
          }),
        )
      ).kind,
    ).toBe('aborted');
    const during = new AbortController();
    const pending = fetchTransport({
      method: 'get',
      url: `${base}/hang`,
      headers: {},
      timeout: 5_000,
      signal: during.signal,
    });
    setTimeout(() => during.abort(), 50);
    expect((await failureOf(pending)).kind).toBe('aborted');
  });

  it('fails as a network failure when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const e = await failureOf(
      fetchTransport({ method: 'get', url: `http://127.0.0.1:${port}/x`, headers: {}, timeout: 5_000 }),
    );
    expect(e.kind).toBe('network');
  });
});

describe('fetchTransport with responseType blob (a file endpoint)', () => {
  it('keeps a file as a Blob (never text) and still parses a refusal as JSON', async () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0x00, 0xff]);
    handlers.set('/file', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="a.csv"; filename*=UTF-8''a.csv`,
      });
      res.end(bytes);
    });
    handlers.set('/refused', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ success: false, msg: 'expired', data: null }));
    });
    const file = await fetchTransport({
      method: 'get',
      url: `${base}/file`,
      headers: {},
      timeout: 5_000,
      responseType: 'blob',
    });
    // a Blob (of Node's realm here, not jsdom's)
    expect(typeof (file.data as Blob).arrayBuffer).toBe('function');
    expect(Buffer.from(await (file.data as Blob).arrayBuffer())).toEqual(bytes);
    expect(file.headers['content-disposition']).toContain('a.csv');
    const refused = await fetchTransport({
      method: 'get',
      url: `${base}/refused`,
      headers: {},
      timeout: 5_000,
      responseType: 'blob',
    });
    expect(refused.data).toEqual({ success: false, msg: 'expired', data: null });
  });
});
