/**
 * The host check on a kept-alive connection (hosts.ts remembers per connection the headers of its last allowed
 * request): a request with another Host, or another forwarded host, on the same connection is judged afresh.
 */
import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hostCheckPlugin } from './hosts';

/** An app with only the host check; `edc-core`'s database answers no host of site_ui_config. */
async function hostApp(trustProxy: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy });
  await app.register(
    fp(
      async (core) => {
        core.decorate('db', { kind: 'pglite', query: async () => [] } as never);
      },
      { name: 'edc-core' },
    ),
  );
  await app.register(hostCheckPlugin, { allowedHosts: ['allowed.example', '127.0.0.1'] });
  app.get('/', async (request) => ({ host: request.host, socket: request.raw.socket.remotePort }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** Requests one after the other on ONE kept-alive connection: status and the client port seen by the server. */
async function onOneConnection(
  app: FastifyInstance,
  headersList: Record<string, string>[],
): Promise<{ status: number; port: number | null }[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { port } = app.server.address() as AddressInfo;
  const out: { status: number; port: number | null }[] = [];
  try {
    for (const headers of headersList) {
      out.push(
        await new Promise((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/', agent, headers }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => {
              const parsed = res.statusCode === 200 ? (JSON.parse(body) as { socket: number }) : null;
              resolve({ status: res.statusCode ?? 0, port: parsed?.socket ?? null });
            });
          });
          req.on('error', reject);
          req.end();
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  return out;
}

describe('the host check on one connection', () => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    direct = await hostApp(false);
    proxied = await hostApp(true);
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('another Host on the same kept-alive connection is refused, the allowed one again allowed', async () => {
    const answers = await onOneConnection(direct, [
      { host: 'allowed.example' },
      { host: 'allowed.example' },
      { host: 'evil.example' },
      { host: 'allowed.example' },
      { host: 'evil.example' },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 200, 400]);
    // one connection throughout (the allowed answers came from the same client port)
    const ports = new Set(answers.filter((a) => a.port !== null).map((a) => a.port));
    expect(ports.size).toBe(1);
  });

  it('behind a trusted proxy: another forwarded host on the same connection is refused', async () => {
    const answers = await onOneConnection(proxied, [
      { host: '127.0.0.1', 'x-forwarded-host': 'allowed.example' },
      { host: '127.0.0.1', 'x-forwarded-host': 'allowed.example' },
      { host: '127.0.0.1', 'x-forwarded-host': 'evil.example' },
      { host: '127.0.0.1' },
      { host: '127.0.0.1', 'x-forwarded-host': 'evil.example' },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 200, 400]);
  });
});
