/**
 * The core plugin (`edc-core`): decorates the open database (`app.db`) and the resolved configuration
 * (`app.config`) that every domain plugin reads, and answers what no route does — a request it cannot read (400 with
 * the reason), a path it does not serve (404) and an unexpected failure (500, logged) — in the envelope.
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { redactTokenInUrl } from '../../engine/http/tokenStore';
import type { ServerConfig } from './config';
import type { Db } from './db/db';
import { fail } from './http/envelope';
import { message, requestLocale } from './messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open, migrated database (edc-core). */
    db: Db;
    /** The resolved server configuration (edc-core). */
    config: ServerConfig;
  }
}

export interface CoreOptions {
  db: Db;
  config: ServerConfig;
}

export const corePlugin = fp<CoreOptions>(
  async (app, { db, config }) => {
    app.decorate('db', db);
    app.decorate('config', config);

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
  },
  { name: 'edc-core' },
);
