/**
 * Part 5 of the foundation: the server enforces the access rule the client's guard applies (management pages only
 * for roles granted them, report pages for everyone), on every call of an endpoint that serves a page; and the data
 * of a menu page (the subject list) only for roles that have that menu.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import * as cs from '../../../engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveConfig } from '../config';
import { changeSiteRole } from '../../../engine/api/session';
import { type EndpointDef } from '../../../engine/api/endpoint';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { ok } from '../http/envelope';
import { roleEndpoint } from '../http/route';
import { startHarness, type Harness } from '../../test/harness';

const pageEndpoint = (name: string): EndpointDef<object, { served: string }> => ({
  name,
  path: `/edc/test/${name}.do`,
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: true,
  description: 'test only',
  params: cs.object({}),
  data: cs.object({ served: cs.string().required() }),
});

let h: Harness;
let app: FastifyInstance;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  app = Fastify({ logger: false });
  const ctx = { db: h.db, config: resolveConfig({ now: () => h.clock.now() }) };
  roleEndpoint(app, ctx, pageEndpoint('dbLock'), {
    page: '/index/dbLock',
    handler: async () => ok({ served: 'dbLock' }),
  });
  roleEndpoint(app, ctx, pageEndpoint('subjects'), {
    page: SUBJECTS_PAGE,
    handler: async () => ok({ served: 'subjects' }),
  });
  roleEndpoint(app, ctx, pageEndpoint('unlisted'), {
    page: '/index/notInAnyMenu',
    handler: async () => ok({ served: 'unlisted' }),
  });
  roleEndpoint(app, ctx, pageEndpoint('reportEnrolment'), {
    page: '/index/report/enrolment',
    handler: async () => ok({ served: 'report' }),
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await h.close();
});

const get = (name: string, token: string) =>
  app.inject({ method: 'GET', url: `/edc/test/${name}.do`, headers: { token, locale: 'en' } });

describe('pages served by the server', () => {
  it('a management page answers a role that was granted it (DM) and refuses one that was not (CRC)', async () => {
    const dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
    expect((await get('dbLock', dm)).json()).toMatchObject({
      success: true,
      data: { served: 'dbLock' },
    });
    const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
    const refused = await get('dbLock', crc);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 403,
      msg: 'Your current role may not open this page',
    });
  });

  it('the same user is refused after switching to a role without the page', async () => {
    const token = await h.loginAs('dm.chen', 'DM', 'SH01');
    expect((await get('dbLock', token)).statusCode).toBe(200);
    const cra = await h.ids('CRA', 'SH01');
    expect((await h.call(changeSiteRole, cra, { token })).body.success).toBe(true);
    expect((await get('dbLock', token)).statusCode).toBe(403);
  });

  it('the data of a menu page (the subject list) only for roles granted its menu', async () => {
    const pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
    expect((await get('subjects', pi)).statusCode).toBe(200);
    for (const [user, role] of [
      ['coder.zhou', 'CODER'],
      ['support.admin', 'SUPPORT'],
    ] as const) {
      const refused = await get('subjects', await h.loginAs(user, role, 'BJ01'));
      expect(refused.statusCode, role).toBe(403);
    }
  });

  it('a page the menus do not know is open to no role (fail closed)', async () => {
    for (const [user, role] of [
      ['dm.chen', 'DM'],
      ['pi.wang', 'PI'],
      ['support.admin', 'SUPPORT'],
    ] as const) {
      expect((await get('unlisted', await h.loginAs(user, role, 'BJ01'))).statusCode, role).toBe(403);
    }
  });

  it('report pages are open to every role', async () => {
    const crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
    expect((await get('reportEnrolment', crc)).json()).toMatchObject({
      success: true,
      data: { served: 'report' },
    });
  });

  it('a page check is refused at registration for an endpoint without a role', () => {
    const bare = Fastify({ logger: false });
    const ctx = { db: h.db, config: resolveConfig({}) };
    const def = { ...pageEndpoint('x'), needsRole: false };
    expect(() =>
      roleEndpoint(bare, ctx, def, { page: '/index/dbLock', handler: async () => ok({ served: 'x' }) }),
    ).toThrow();
  });
});
