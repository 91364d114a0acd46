/**
 * The core plugin (`edc-core`): decorates the open database (`app.db`) and the resolved configuration
 * (`app.config`) that every domain plugin reads, and answers what no route does — a request it cannot read (400, 413), a path it
 * does not serve (404) and an unexpected failure (500) — in the envelope, with an error id and never the error's own
 * text (the detail is logged with the id).
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from './config';
import type { Db } from './db/db';
import { admissionGate, type AdmissionGate } from './http/admission';
import { errorAnswer } from './http/errorAnswer';
import { fail } from './http/envelope';
import { message, requestLocale } from './messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open, migrated database (edc-core). */
    db: Db;
    /** The resolved server configuration (edc-core). */
    config: ServerConfig;
    /** This process's bound on requests at work at once (edc-core; http/admission.ts). */
    admission: AdmissionGate;
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
    app.decorate(
      'admission',
      admissionGate({ limit: config.maxActiveRequests, maxWaitMs: config.admissionWaitMs }),
    );

    // The app's one error handler: what no route answered itself. A request Fastify cannot read (bad JSON, wrong
    // content type, too large) is a 400/413 with a translated message; anything else a 500. Neither carries the
    // error's own text: a translated message and an error id, the detail in the log under that id (errorAnswer.ts).
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const locale = requestLocale(request.headers.locale);
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      let answer;
      if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        answer = errorAnswer(request, error, locale, 413, 'requestTooLarge');
      } else if (status >= 400 && status < 500) {
        // bad JSON, wrong content type …: the client sent something we cannot read
        answer = errorAnswer(request, error, locale, 400, 'requestUnreadable');
      } else {
        answer = errorAnswer(request, error, locale, 500);
      }
      return reply.code(answer.status).send(answer.body);
    });

    app.setNotFoundHandler((request, reply) => {
      const locale = requestLocale(request.headers.locale);
      return reply.code(404).send(fail(message('notFound', locale)));
    });
  },
  { name: 'edc-core' },
);
