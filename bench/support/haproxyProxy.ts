/**
 * HAProxy as the load balancer in front of the instances (bench/load.ts `--proxy haproxy`, the default where it is
 * installed), configured as docs/deploy-instances.md says: one queue for all instances. Each instance is given at
 * most `perServer` requests at once (`maxconn`: its admission gate's size); the others wait at HAProxy, in arrival
 * order, and go to whichever instance frees a place first, so an instance that is slow for a moment does not keep a
 * queue of its own waiting (nginx's `least_conn` balances the requests in flight, not their waits: docs/load.md,
 * stop 33). A request that has waited `timeout queue` (30 s, as the instances' gate) is answered 429 with the
 * envelope and Retry-After, as the gate answers: the client then shows its own translated "too many requests" and
 * keeps what the user typed. X-Forwarded-For/-Proto/-Host as the servers' TRUST_PROXY expects, connecting from
 * `localAddress`. One thread, no log. Needs the `haproxy` binary (Debian: `apt-get install -y haproxy`).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findBinary, freePort, startBalancer } from './balancerProcess';

export interface HaproxyProxy {
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/** The haproxy binary, or null when it is not installed. */
export function haproxyBinary(): string | null {
  return findBinary(['/usr/sbin/haproxy', 'haproxy']);
}

/**
 * What HAProxy answers for a request that waited too long in its queue (its own 503): the 429 and envelope of the
 * instances' gate, with an empty `msg` so that the client shows its own message in the user's language.
 */
export const BUSY_ANSWER = [
  'HTTP/1.1 429 Too Many Requests',
  'Content-Type: application/json; charset=utf-8',
  'Retry-After: 1',
  'Cache-Control: no-store',
  'Connection: close',
  '',
  '{"success":false,"msg":"","data":null}',
  '',
].join('\r\n');

/** The envelope answered with a 502 while no instance is up (health checks): an outage, not "busy". */
export const DOWN_BODY = '{"success":false,"msg":"","data":null}';

/** HAProxy's configuration for `upstreams` (base URLs), listening on 127.0.0.1:`port`; `busyFile` holds BUSY_ANSWER. */
export function haproxyConfig(
  port: number,
  upstreams: string[],
  localAddress: string,
  perServer: number,
  busyFile: string,
  queueSeconds = 30,
): string {
  const servers = upstreams
    .map((u, i) => `  server s${i + 1} ${new URL(u).host} maxconn ${perServer} check inter 2s`)
    .join('\n');
  return `global
  nbthread 1
  maxconn 4000
defaults
  mode http
  timeout connect 5s
  timeout client 65s
  timeout server 65s
  timeout queue ${queueSeconds}s
  timeout http-keep-alive 65s
  option http-keep-alive
  http-reuse always
frontend edc_front
  bind 127.0.0.1:${port}
  default_backend edc
backend edc
  balance leastconn
  # no instance up: a 502 (the client reports a server error), not the queue's "busy" below
  http-request return status 502 content-type "application/json; charset=utf-8" string '${DOWN_BODY}' if { nbsrv(edc) lt 1 }
  # HAProxy's own 503 (a request that waited \`timeout queue\`, or one no instance took after the retries): the gate's 429
  errorfile 503 ${busyFile}
  # a request whose client has gone while it waited is not sent (as the instances' gate does)
  option abortonclose
  option redispatch
  retries 2
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  http-request set-header X-Forwarded-Host %[req.hdr(host)]
  source ${localAddress}
${servers}
`;
}

export async function startHaproxy(
  binary: string,
  upstreams: string[],
  localAddress: string,
  perServer: number,
  queueSeconds = 30,
): Promise<HaproxyProxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'edc-haproxy-'));
  const port = await freePort();
  const conf = path.join(dir, 'haproxy.cfg');
  const busy = path.join(dir, 'busy.http');
  await writeFile(busy, BUSY_ANSWER);
  await writeFile(conf, haproxyConfig(port, upstreams, localAddress, perServer, busy, queueSeconds));
  const balancer = await startBalancer('haproxy', binary, ['-db', '-f', conf], port, dir);
  return {
    url: balancer.url,
    child: balancer.child,
    // a soft stop: the connections' requests end first
    close: () => balancer.stop('SIGUSR1'),
  };
}
