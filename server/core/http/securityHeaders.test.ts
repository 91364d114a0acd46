/**
 * The security headers are computed once at start-up (stop 26, docs/load.md): every response must still carry exactly
 * what @fastify/helmet sets with the app's options — on a route, on a 404 and on an error answer.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
import { helmetOptions, registerSecurityHeaders } from './securityHeaders';

const config = { backAddress: 'https://back.example:8443' } as Pick<
  ServerConfig,
  'backAddress'
> as ServerConfig;

function withRoutes(app: FastifyInstance): FastifyInstance {
  app.get('/edcweb/api/ok', (_request, reply) => reply.send({ success: true }));
  app.get('/edcweb/api/fails', () => {
    throw new Error('boom');
  });
  return app;
}

let reference: FastifyInstance;
let ours: FastifyInstance;

beforeAll(async () => {
  reference = Fastify({ logger: false });
  await reference.register(helmet, helmetOptions(config));
  withRoutes(reference);
  ours = Fastify({ logger: false });
  await registerSecurityHeaders(ours, config);
  withRoutes(ours);
});
afterAll(async () => {
  await reference.close();
  await ours.close();
});

const withoutDate = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('security headers computed once', () => {
  it.each(['/edcweb/api/ok', '/edcweb/api/missing', '/edcweb/api/fails'])(
    '%s carries the headers @fastify/helmet sets, and nothing else changes',
    async (url) => {
      const a = await reference.inject({ method: 'GET', url });
      const b = await ours.inject({ method: 'GET', url });
      expect(b.statusCode).toBe(a.statusCode);
      expect(withoutDate(b.headers)).toEqual(withoutDate(a.headers));
      expect(b.headers['content-security-policy']).toContain('connect-src');
      expect(b.headers['content-security-policy']).toContain('https://back.example:8443');
      expect(b.headers['x-content-type-options']).toBe('nosniff');
      expect(b.headers['referrer-policy']).toBe('no-referrer');
      expect(b.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(b.headers['x-powered-by']).toBeUndefined();
    },
  );
});
