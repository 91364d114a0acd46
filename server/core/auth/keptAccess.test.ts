/**
 * Issue 15, docs/load.md "Stop 27": the role held, the permissions and the menus of the page check are kept per
 * session across requests (sessions.ts), only while the access version (migration 0024) is the one they were read at.
 * A change made in the database by another connection — another server instance, an administrator in SQL — counts on
 * the very next request of every instance; the session row itself (logout, forced logout) is read on every request.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import * as cs from '../../../engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveConfig } from '../config';
import type { Db } from '../db/db';
import { type EndpointDef } from '../../../engine/api/endpoint';
import { logout } from '../../../engine/api/session';
import { SUBJECTS_PAGE, subjectList } from '../../../engine/api/subjects';
import { ok } from '../http/envelope';
import { roleEndpoint } from '../http/route';
import type { RoleSession } from './guard';
import { findSessionByTokenHash } from './sessions';
import { hashToken } from './tokens';
import { startHarness, type Harness } from '../../test/harness';

const subjectsPage: EndpointDef<object, { permissions: string[] }> = {
  name: 'keptAccessSubjects',
  path: '/edc/test/keptAccessSubjects.do',
  method: 'GET',
  auth: 'token',
  host: 'api',
  needsRole: true,
  description: 'test only',
  params: cs.object({}),
  data: cs.object({ permissions: cs.array(cs.string().required()).required() }),
};

/** Another server process: its own database handle, so its own kept access (sessions.ts keeps it per handle). */
function otherProcess(db: Db): Db {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: async () => {},
  };
}

let h: Harness;
/** Two instances on one database. */
let apps: FastifyInstance[];

beforeAll(async () => {
  h = await startHarness({ logger: false });
  apps = [];
  for (const db of [h.db, otherProcess(h.db)]) {
    const app = Fastify({ logger: false });
    const ctx = { db, config: resolveConfig({ now: () => h.clock.now() }) };
    roleEndpoint(app, ctx, subjectsPage, {
      page: SUBJECTS_PAGE,
      handler: async ({ session }: { session: RoleSession }) =>
        ok({ permissions: [...session.permissions].sort() }),
    });
    await app.ready();
    apps.push(app);
  }
});

afterAll(async () => {
  for (const app of apps ?? []) await app.close();
  await h?.close();
});

const get = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: subjectsPage.path, headers: { token, locale: 'en' } });

/** Both instances answer (and so keep the session's access): the permissions each served. */
async function servedByBoth(token: string): Promise<string[][]> {
  const out: string[][] = [];
  for (const app of apps) {
    for (let i = 0; i < 2; i++) {
      const res = await get(app, token);
      expect(res.statusCode).toBe(200);
      out.push(res.json().data.permissions);
    }
  }
  return out;
}

async function ids(rolecode: string, sitecode: string, username: string) {
  const { roleid, siteid } = await h.ids(rolecode, sitecode);
  const user = await h.db.query<{ id: string }>('select id from users where username = $1', [username]);
  return { roleid, siteid, userid: user[0]!.id };
}

async function version(): Promise<bigint> {
  const rows = await h.db.query<{ v: string }>('select version::text as v from access_version');
  return BigInt(rows[0]!.v);
}

describe('kept access follows the database', () => {
  it('a permission revoked by another connection is gone on the next request of every instance', async () => {
    const token = await h.loginAs('dm.chen', 'DM', 'BJ01');
    const before = await servedByBoth(token);
    const permission = before[0]![0]!;
    expect(permission, 'DM has permissions to revoke').toBeTruthy();
    for (const served of before) expect(served).toContain(permission);
    const { roleid } = await ids('DM', 'BJ01', 'dm.chen');
    await h.owner.query('delete from role_permissions where role_id = $1 and permission = $2', [
      roleid,
      permission,
    ]);
    for (const app of apps) {
      const res = await get(app, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.permissions).not.toContain(permission);
    }
    await h.owner.query('insert into role_permissions (role_id, permission) values ($1, $2)', [
      roleid,
      permission,
    ]);
    for (const served of await servedByBoth(token)) expect(served).toContain(permission);
  });

  it('a role taken away (or made inactive) is refused on the next request of every instance', async () => {
    const token = await h.loginAs('pi.wang', 'PI', 'BJ01');
    await servedByBoth(token);
    const { roleid, siteid, userid } = await ids('PI', 'BJ01', 'pi.wang');
    await h.owner.query(
      'update user_roles set active = false where user_id = $1 and role_id = $2 and site_id = $3',
      [userid, roleid, siteid],
    );
    for (const app of apps) {
      const res = await get(app, token);
      expect(res.statusCode).toBe(601);
      expect(res.json()).toMatchObject({ success: false, code: 601 });
    }
    await h.owner.query(
      'update user_roles set active = true where user_id = $1 and role_id = $2 and site_id = $3',
      [userid, roleid, siteid],
    );
    await servedByBoth(token);
  });

  it('the subject list (scope from the kept role check) is refused on the next request after the role is taken away', async () => {
    const token = await h.loginAs('crc.li', 'CRC', 'BJ01');
    for (let i = 0; i < 2; i++) {
      const list = await h.call(subjectList, { page: 1, size: 20 }, { token });
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBeGreaterThan(0);
    }
    const { roleid, siteid, userid } = await ids('CRC', 'BJ01', 'crc.li');
    await h.owner.query(
      'update user_roles set active = false where user_id = $1 and role_id = $2 and site_id = $3',
      [userid, roleid, siteid],
    );
    const refused = await h.call(subjectList, { page: 1, size: 20 }, { token });
    expect(refused.status).toBe(601);
    await h.owner.query(
      'update user_roles set active = true where user_id = $1 and role_id = $2 and site_id = $3',
      [userid, roleid, siteid],
    );
    expect((await h.call(subjectList, { page: 1, size: 20 }, { token })).status).toBe(200);
  });

  it('a menu taken from the role is refused on the next request (page check)', async () => {
    const token = await h.loginAs('dm.chen', 'DM', 'SH01');
    await servedByBoth(token);
    const { roleid } = await ids('DM', 'SH01', 'dm.chen');
    const menu = await h.db.query<{ code: string }>(
      `select rm.menu_code as code from role_menus rm join menus m on m.menu_code = rm.menu_code
       where rm.role_id = $1 and m.path = $2`,
      [roleid, SUBJECTS_PAGE],
    );
    const code = menu[0]!.code;
    await h.owner.query('delete from role_menus where role_id = $1 and menu_code = $2', [roleid, code]);
    for (const app of apps) expect((await get(app, token)).statusCode).toBe(403);
    await h.owner.query('insert into role_menus (role_id, menu_code) values ($1, $2)', [roleid, code]);
    await servedByBoth(token);
  });

  it('one menu-rows array per role and access version (the page check answers per array), a new one after a write', async () => {
    const load = { role: true, menus: true };
    const menusOf = async (token: string) =>
      (await findSessionByTokenHash(h.db, hashToken(token), load))!.menuRows;
    // two users of one role (CRC) at two sites
    const first = await h.loginAs('crc.li', 'CRC', 'BJ01');
    const second = await h.loginAs('crc.smith', 'CRC', 'BOS01');
    expect((await h.ids('CRC', 'BOS01')).roleid).toBe((await h.ids('CRC', 'BJ01')).roleid);
    const a = await menusOf(first);
    expect(a).not.toBeNull();
    // read afresh, then kept, and read by another session of the role: the same array
    expect(await menusOf(first)).toBe(a);
    expect(await menusOf(second)).toBe(a);
    const { roleid } = await ids('CRC', 'BJ01', 'crc.li');
    await h.owner.query('update role_menus set menu_code = menu_code where role_id = $1', [roleid]);
    const b = await menusOf(first);
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
    expect(await menusOf(first)).toBe(b);
  });

  it('a session logged out (or ended in SQL) is refused on the next request despite the kept access', async () => {
    const token = await h.loginAs('dm.chen', 'DM', 'BJ01');
    await servedByBoth(token);
    expect((await h.call(logout, {}, { token })).body.success).toBe(true);
    for (const app of apps) expect((await get(app, token)).statusCode).toBe(401);

    const second = await h.loginAs('pi.wang', 'PI', 'BJ01');
    await servedByBoth(second);
    await h.owner.query(
      `update sessions set ended_at = now(), end_reason = 'logout'
       where ended_at is null and user_id = (select id from users where username = 'pi.wang')`,
    );
    for (const app of apps) expect((await get(app, second)).statusCode).toBe(401);
  });

  it('every write to the tables of the check moves the version forward, also a rolled back one never returns', async () => {
    const { roleid, siteid, userid } = await ids('DM', 'BJ01', 'dm.chen');
    let last = await version();
    const writes = [
      ['update user_roles set active = active where user_id = $1', [userid]],
      ['update roles set sort = sort where id = $1', [roleid]],
      ['update role_permissions set permission = permission where role_id = $1', [roleid]],
      ['update role_menus set menu_code = menu_code where role_id = $1', [roleid]],
      ['update menus set sort = sort where path = $1', [SUBJECTS_PAGE]],
      // a statement that changes no row still moves it (per statement)
      ['delete from user_roles where user_id = $1 and site_id = $2 and false', [userid, siteid]],
    ] as const;
    for (const [sql, params] of writes) {
      await h.owner.query(sql, [...params]);
      const now = await version();
      expect(now, sql).toBeGreaterThan(last);
      last = now;
    }
    // a rolled back write: the sequence has moved, so the next committed version is one nobody has seen
    await expect(
      h.owner.transaction(async (tx) => {
        await tx.query('update roles set sort = sort where id = $1', [roleid]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(last);
    await h.owner.query('update roles set sort = sort where id = $1', [roleid]);
    expect(await version()).toBeGreaterThan(last + 1n);
  });

  it('the version row cannot be removed (a missing version would keep nothing, and the app may not take it away)', async () => {
    const before = await version();
    await expect(h.db.query('delete from access_version')).rejects.toThrow();
    await expect(h.owner.query('delete from access_version')).rejects.toThrow(/cannot be removed/);
    expect(await version()).toBe(before);
  });

  it('the access is really kept: with the trigger off, a revoked permission would still be served', async () => {
    // shows what the version is for (and that the cache is used at all); the trigger is on again after
    const token = await h.loginAs('dm.chen', 'DM', 'BJ01');
    const before = await servedByBoth(token);
    const permission = before[0]![0]!;
    const { roleid } = await ids('DM', 'BJ01', 'dm.chen');
    await h.owner.exec('alter table role_permissions disable trigger role_permissions_access_version');
    try {
      await h.owner.query('delete from role_permissions where role_id = $1 and permission = $2', [
        roleid,
        permission,
      ]);
      for (const app of apps) expect((await get(app, token)).json().data.permissions).toContain(permission);
    } finally {
      await h.owner.exec('alter table role_permissions enable trigger role_permissions_access_version');
    }
    await h.owner.query('insert into role_permissions (role_id, permission) values ($1, $2)', [
      roleid,
      permission,
    ]);
    for (const served of await servedByBoth(token)) expect(served).toContain(permission);
  });
});
