import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/db';

/** What the endpoint helpers (core/http/route.ts) need: the open database and the resolved configuration. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
}

/** The context of an app whose core plugin (edc-core) decorated `db` and `config`. */
export function appContext(app: FastifyInstance): AppContext {
  return { db: app.db, config: app.config };
}
