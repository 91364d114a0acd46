/**
 * A small least-outstanding-requests HTTP reverse proxy (node:http only) for running several reference-server instances the way a
 * deployment does: one address in front, the instances behind it (bench/load.ts --instances N, the lockout test over
 * two instances). Each request goes to the upstream with the fewest requests in flight (the next in turn among
 * equals: round robin when none is busy) with its method, path, headers and body streamed through; the proxy adds what nginx's `proxy_add_x_forwarded_for` and friends add:
 * - `X-Forwarded-For`: the client's X-Forwarded-For, if any, followed by the address the request came from;
 * - `X-Forwarded-Proto`: `http` (this proxy terminates no TLS) unless a trusted hop in front already said;
 * - `X-Forwarded-Host`: the Host the client asked for.
 * The Host header itself is passed on unchanged. The servers behind must trust the proxy's address (TRUST_PROXY, a
 * list of addresses) so that they read the client's address and host from these headers; their Host allow-list
 * then judges the forwarded host, so a forged `Host: evil.example` is refused through the proxy as well.
 * Hop-by-hop headers are dropped; an upstream that cannot be reached answers 502.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers that belong to one connection and are not forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface Proxy {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Requests forwarded to each upstream so far (same order as `upstreams`). */
  forwarded: number[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Base URLs of the instances, e.g. `http://127.0.0.1:8081`. */
  upstreams: string[];
  port?: number;
  host?: string;
  /**
   * The address the proxy connects to the upstreams from (e.g. 127.0.0.2 on loopback): the servers then trust that
   * address alone, and a client connecting to them directly from elsewhere cannot forge X-Forwarded-*.
   */
  localAddress?: string;
}

/** The forwarded request headers: hop-by-hop ones dropped, X-Forwarded-For/-Proto/-Host added. */
export function forwardedHeaders(
  incoming: http.IncomingHttpHeaders,
  clientAddress: string,
): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  const dropped = new Set(HOP_BY_HOP);
  // headers named in Connection are hop-by-hop too
  for (const name of String(incoming.connection ?? '').split(',')) dropped.add(name.trim().toLowerCase());
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined && !dropped.has(name)) headers[name] = value;
  }
  const prior = incoming['x-forwarded-for'];
  const chain = (Array.isArray(prior) ? prior.join(', ') : (prior ?? '')).trim();
  headers['x-forwarded-for'] = chain ? `${chain}, ${clientAddress}` : clientAddress;
  headers['x-forwarded-proto'] = incoming['x-forwarded-proto'] ?? 'http';
  if (incoming.host !== undefined) headers['x-forwarded-host'] = incoming.host;
  return headers;
}

/**
 * The upstream with the fewest requests in flight (nginx `least_conn`, HAProxy `leastconn`); among equals, the next
 * in turn after `turn` (round robin). Plain round robin would send every other request to an instance whatever its
 * queue: in a closed loop the requests then pile up at whichever instance fell behind and stay there (nothing pulls
 * them back), so one instance's users wait several times as long as the other's (docs/load.md, stop 29).
 */
export function pickUpstream(outstanding: readonly number[], turn: number): number {
  const n = outstanding.length;
  let best = turn % n;
  for (let k = 1; k < n; k++) {
    const i = (turn + k) % n;
    if (outstanding[i]! < outstanding[best]!) best = i;
  }
  return best;
}

export async function startProxy({
  upstreams,
  port = 0,
  host = '127.0.0.1',
  localAddress,
}: ProxyOptions): Promise<Proxy> {
  if (upstreams.length === 0) throw new Error('proxy: no upstream');
  const targets = upstreams.map((u) => new URL(u));
  const forwarded = targets.map(() => 0);
  // keep-alive connections to the upstreams, as a production proxy pools them
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  /** Requests sent to each upstream and not yet answered. */
  const outstanding = targets.map(() => 0);

  const server = http.createServer((req, res) => {
    const index = pickUpstream(outstanding, next++);
    const target = targets[index]!;
    forwarded[index]!++;
    outstanding[index]!++;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      outstanding[index]!--;
    };
    res.once('close', () => {
      finished();
      // the client went away before its answer: the instance's work for it is not waited for either
      if (!res.writableFinished) upstream.destroy();
    });
    const upstream = http.request(
      {
        agent,
        ...(localAddress ? { localAddress } : {}),
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req.headers, req.socket.remoteAddress ?? ''),
      },
      (answer) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    });
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    forwarded,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
