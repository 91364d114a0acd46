/**
 * The reference server: `buildApp(config)` is used by `npm start` (server/main.ts, which listens) and by the tests
 * (app.inject(), no port). Every EDC endpoint is registered from the contract (engine/api/contract.ts).
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { redactTokenInUrl } from '../engine/http/tokenStore';
import { resolveConfig, type ServerConfigInput } from './config';
import type { AppContext } from './context';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { fail } from './http/envelope';
import { message, requestLocale } from './messages';
import { authRoutes } from './routes/auth';
import { formRoutes } from './routes/forms';
import { listRoutes } from './routes/lists';
import { roleRoutes } from './routes/roles';
import { sessionRoutes } from './routes/session';
import { spaRoutes } from './spa';

export async function buildApp(input: ServerConfigInput = {}): Promise<FastifyInstance> {
  const config = resolveConfig(input);
  let db: Db;
  let ownsDb = false;
  if (config.db) {
    db = config.db;
  } else {
    db = await openDatabase(config);
    ownsDb = true;
    await migrate(db);
  }

  const app = Fastify({
    logger: config.logger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  if (ownsDb) app.addHook('onClose', async () => db.close());
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request.headers.locale);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // bad JSON, wrong content type, body too large …: the client sent something we cannot read
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      const code = status === 415 || error.code?.startsWith('FST_ERR_CTP') ? 400 : status;
      return reply.code(code).send({ ...fail(message('paramError', locale)), errors: [error.message] });
    }
    request.log.error({ err: error, url: redactTokenInUrl(request.url) }, 'request failed');
    return reply.code(500).send(fail(message('serverError', locale)));
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = requestLocale(request.headers.locale);
    return reply.code(404).send(fail(message('notFound', locale)));
  });

  const ctx: AppContext = { db, config };
  await app.register(authRoutes, ctx);
  await app.register(sessionRoutes, ctx);
  await app.register(roleRoutes, ctx);
  await app.register(listRoutes, ctx);
  await app.register(formRoutes, ctx);
  await app.register(spaRoutes, { distDir: config.distDir });
  return app;
}
