/**
 * The reference server: `buildApp(config)` is used by `npm start` (server/main.ts, which listens) and by the tests
 * (app.inject(), no port). It opens (or takes) the database, registers the security headers (helmet,
 * http/securityHeaders.ts), the core plugin — `db` and `config`, error and not-found answers —, the perimeter (Host
 * allow-list, rate limits in the database, the security-log purge; docs/security.md), then one plugin per domain
 * (server/domains/<domain>/plugin.ts), each registering
 * its endpoints from the contract (engine/api/<domain>.ts), and last the SPA.
 */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { dataPlugin } from '../domains/data/plugin';
import { editChecksPlugin } from '../domains/editChecks/plugin';
import { freezePlugin } from '../domains/freeze/plugin';
import { listsPlugin } from '../domains/lists/plugin';
import { medCodingPlugin } from '../domains/medCoding/plugin';
import { notesPlugin } from '../domains/notes/plugin';
import { queriesPlugin } from '../domains/queries/plugin';
import { rolesPlugin } from '../domains/roles/plugin';
import { sdvPlugin } from '../domains/sdv/plugin';
import { sessionPlugin } from '../domains/session/plugin';
import { signaturesPlugin } from '../domains/signatures/plugin';
import { statisticsPlugin } from '../domains/statistics/plugin';
import { subjectManagementPlugin } from '../domains/subjectManagement/plugin';
import { subjectsPlugin } from '../domains/subjects/plugin';
import { visitsPlugin } from '../domains/visits/plugin';
import { resolveConfig, type ServerConfigInput } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { hostCheckPlugin } from './http/hosts';
import { rateLimitPlugin } from './http/rateLimit';
import { registerSecurityHeaders } from './http/securityHeaders';
import { spaRoutes } from './http/spa';
import { corePlugin } from './plugin';
import { securityPurgePlugin } from './security/purgeJob';
import { jobsPlugin } from './jobs/jobs';
import { interchangePlugin } from '../domains/interchange/plugin';

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

  await registerSecurityHeaders(app, config);
  await app.register(corePlugin, { db, config });
  await app.register(hostCheckPlugin, { allowedHosts: config.allowedHosts });
  await app.register(rateLimitPlugin, { db, limits: config.rateLimits, now: config.now });
  await app.register(securityPurgePlugin);
  await app.register(jobsPlugin);
  // multipart bodies are read only by upload endpoints, part by part, with their own limits (http/upload.ts)
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 20, parts: 21 } });
  await app.register(sessionPlugin);
  await app.register(rolesPlugin);
  await app.register(listsPlugin);
  await app.register(subjectsPlugin);
  await app.register(dataPlugin);
  await app.register(subjectManagementPlugin);
  await app.register(visitsPlugin);
  await app.register(statisticsPlugin);
  await app.register(editChecksPlugin);
  await app.register(notesPlugin);
  await app.register(sdvPlugin);
  await app.register(queriesPlugin);
  await app.register(signaturesPlugin);
  await app.register(medCodingPlugin);
  await app.register(freezePlugin);
  await app.register(interchangePlugin);
  await app.register(spaRoutes, { distDir: config.distDir });
  return app;
}
