/**
 * The route wrapper's parameter rules: GET and DELETE read the query (repeated keys → lists), POST and PUT the JSON
 * body; an `openParams` endpoint hands the parameters its contract does not name to the handler (texts or lists of
 * texts), the others drop them.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import * as cs from '../../../engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef, HttpMethod } from '../../../engine/api/endpoint';
import { resolveConfig } from '../config';
import { ok } from './envelope';
import { roleEndpoint, type OpenParams } from './route';
import { queryString, startHarness, type Harness } from '../../test/harness';

interface Echo {
  params: Record<string, unknown>;
  open: OpenParams;
}

const echoEndpoint = (method: HttpMethod, openParams: boolean): EndpointDef<{ page?: number }, Echo> => ({
  name: `echo:${method}:${openParams}`,
  path: `/edc/test/echo/${method.toLowerCase()}${openParams ? '/open' : ''}.do`,
  method,
  auth: 'token',
  host: 'api',
  needsRole: true,
  openParams,
  description: 'test only',
  params: cs.object({ page: cs.number().integer().min(1).optional() }),
  data: cs.object() as unknown as cs.Schema<Echo>,
});

let h: Harness;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  app = Fastify({ logger: false });
  const ctx = { db: h.db, config: resolveConfig({ now: () => h.clock.now() }) };
  for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
    for (const open of [true, false]) {
      roleEndpoint(app, ctx, echoEndpoint(method, open), {
        handler: async ({ params, open: rest }) => ok({ params, open: rest }),
      });
    }
  }
  await app.ready();
  token = await h.loginAs('crc.li', 'CRC', 'BJ01');
});

afterAll(async () => {
  await app.close();
  await h.close();
});

async function send(method: HttpMethod, open: boolean, params: Record<string, unknown>) {
  const url = `/edc/test/echo/${method.toLowerCase()}${open ? '/open' : ''}.do`;
  const inQuery = method === 'GET' || method === 'DELETE';
  const res = await app.inject({
    method,
    url: inQuery ? `${url}?${queryString({ ...params, time: 1 })}` : `${url}?time=1`,
    headers: { token, locale: 'en' },
    ...(inQuery ? {} : { payload: params }),
  });
  return { status: res.statusCode, body: res.json<{ success: boolean; data: Echo; errors?: string[] }>() };
}

describe('parameters by method', () => {
  it('GET and DELETE read the query: named params validated, repeated keys as lists, the cache buster dropped', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await send(method, true, { page: '2', status: ['1', '3'], subjid: 'BJ01' });
      expect(res.status, method).toBe(200);
      expect(res.body.data).toEqual({ params: { page: 2 }, open: { status: ['1', '3'], subjid: 'BJ01' } });
    }
  });

  it('POST and PUT read the JSON body: numbers and booleans as texts, lists as lists, nulls left out', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const res = await send(method, true, { page: 3, age: 42, flag: true, status: ['2', 5], gone: null });
      expect(res.status, method).toBe(200);
      expect(res.body.data).toEqual({
        params: { page: 3 },
        open: { age: '42', flag: 'true', status: ['2', '5'] },
      });
    }
  });

  it('endpoints without openParams drop the parameters their contract does not name', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await send(method, false, { page: 1, status: ['1', '2'] });
      expect(res.body.data, method).toEqual({ params: { page: 1 }, open: {} });
    }
  });

  it('refuses objects, nested lists and invalid named params with 400 naming them', async () => {
    const nested = await send('POST', true, { where: { a: 1 }, list: [['x']] });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual([
      'where must be a text or a list of texts',
      'list must be a text or a list of texts',
    ]);
    const badPage = await send('DELETE', true, { page: '0' });
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors?.[0]).toContain('page');
  });
});
