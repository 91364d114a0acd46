import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSiteRole, menuList, roleTranAdd, siteList, type MenuItem } from '../../../engine/api/session';
import { SUBJECTS_PAGE } from '../../../engine/api/subjects';
import { MANAGEMENT_PATHS } from '../../../engine/access/accessGuard';
import { auditRows } from '../../core/audit/audit';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

function flatPaths(items: MenuItem[]): string[] {
  return items.flatMap((m) => [...(m.path ? [m.path] : []), ...flatPaths(m.children ?? [])]);
}

describe('sitelist.do', () => {
  it("lists only the roles and sites of the session's user, with localized names and country", async () => {
    const token = await h.login('dm.chen');
    const res = await h.call(siteList, {}, { token });
    expect(res.body.success).toBe(true);
    if (!res.body.success) return;
    const summary = res.body.data.map(
      (r) => `${r.rolecode}@${r.sites.map((s) => `${s.sitecode}/${s.country}`).join(',')}`,
    );
    expect(summary).toEqual(['CRA@SH01/CN', 'DM@BJ01/CN,BOS01/US,SH01/CN']);
    expect(res.body.data[1]?.rolename).toEqual({ zh_CN: '数据管理员', en: 'Data manager' });

    const smith = await h.login('crc.smith');
    const other = await h.call(siteList, {}, { token: smith });
    expect(other.body.success && other.body.data.map((r) => r.rolecode)).toEqual(['CRC']);
    expect(other.body.success && other.body.data[0]?.sites.map((s) => s.sitecode)).toEqual(['BOS01']);
  });
});

describe('changeSiteRole.do', () => {
  it("sets a role the user holds at that site and answers the role's allowed paths", async () => {
    const token = await h.login('crc.li');
    const ids = await h.ids('CRC', 'SH01');
    const res = await h.call(changeSiteRole, ids, { token });
    expect(res.body).toEqual({
      success: true,
      msg: '',
      data: {
        ...ids,
        rolecode: 'CRC',
        allowedPaths: ['/index/subjects', '/index/statistics', '/index/queryManage'],
      },
    });
    const rows = await auditRows(h.db, 'user-crc.li', 'role.select');
    expect(rows.at(-1)?.detail).toEqual({
      studyid: 'study-demo-001',
      roleid: ids.roleid,
      siteid: ids.siteid,
      fromRoleid: null,
      fromSiteid: null,
    });
  });

  it('refuses a role the user does not hold, or holds at another site', async () => {
    const token = await h.login('crc.li');
    const audited = (await auditRows(h.db, 'user-crc.li', 'role.select')).length;
    const notHeld = await h.call(changeSiteRole, await h.ids('DM', 'BJ01'), { token, locale: 'en' });
    expect(notHeld.status).toBe(200);
    expect(notHeld.body).toEqual({
      success: false,
      msg: 'You do not hold this role at this site',
      data: null,
    });
    const otherSite = await h.call(changeSiteRole, await h.ids('CRC', 'BOS01'), { token });
    expect(otherSite.body.success).toBe(false);
    const unknown = await h.call(changeSiteRole, { roleid: 'role-x', siteid: 'site-x' }, { token });
    expect(unknown.body.success).toBe(false);
    expect(await auditRows(h.db, 'user-crc.li', 'role.select')).toHaveLength(audited);
    // still without a role: the menu is refused
    expect((await h.call(menuList, {}, { token })).status).toBe(601);
  });
});

describe('roleTran/add.do', () => {
  it('audits a switch from the previous to the current role, as the server knows them', async () => {
    const token = await h.loginAs('dm.chen', 'DM', 'BJ01');
    const to = await h.ids('CRA', 'SH01');
    expect((await h.call(changeSiteRole, to, { token })).body.success).toBe(true);
    const res = await h.call(
      roleTranAdd,
      { fromRoleid: 'role-dm', toRoleid: to.roleid, siteid: to.siteid },
      { token },
    );
    expect(res.body).toEqual({ success: true, msg: '', data: null });
    const rows = await auditRows(h.db, 'user-dm.chen', 'role.switch');
    expect(rows.at(-1)?.detail).toEqual({
      studyid: 'study-demo-001',
      fromRoleid: 'role-dm',
      fromSiteid: 'site-bj01',
      toRoleid: 'role-cra',
      toSiteid: 'site-sh01',
    });
    expect(new Date(rows.at(-1)!.at).toISOString()).toBe(h.clock.now().toISOString());
  });

  it('refuses to record a switch to a role the session does not have', async () => {
    const token = await h.loginAs('dm.chen', 'DM', 'BJ01');
    const before = (await auditRows(h.db, 'user-dm.chen', 'role.switch')).length;
    const res = await h.call(
      roleTranAdd,
      { fromRoleid: null, toRoleid: 'role-support', siteid: 'site-bj01' },
      { token },
    );
    expect(res.body.success).toBe(false);
    const otherSite = await h.call(
      roleTranAdd,
      { fromRoleid: null, toRoleid: 'role-dm', siteid: 'site-sh01' },
      { token },
    );
    expect(otherSite.body.success).toBe(false);
    expect(await auditRows(h.db, 'user-dm.chen', 'role.switch')).toHaveLength(before);
  });
});

describe('menuList.do', () => {
  it("answers the chosen role's permissions (the client's action gates), and only that role's", async () => {
    const crc = await h.call(menuList, {}, { token: await h.loginAs('crc.li', 'CRC', 'BJ01') });
    const dm = await h.call(menuList, {}, { token: await h.loginAs('dm.chen', 'DM', 'BJ01') });
    const crcPermissions = crc.body.success ? (crc.body.data.permissions ?? []) : [];
    const dmPermissions = dm.body.success ? (dm.body.data.permissions ?? []) : [];
    expect(crcPermissions).toEqual(
      expect.arrayContaining(['subject.add', 'subject.batchUpload', 'query.reply']),
    );
    expect(crcPermissions).not.toContain('query.close');
    expect(dmPermissions).toEqual(expect.arrayContaining(['query.close', 'query.forward', 'freeze.approve']));
    expect(dmPermissions).not.toContain('subject.batchUpload');
  });

  it('needs a chosen role: 601 with the redirect address', async () => {
    const token = await h.login('pi.wang');
    const res = await h.call(menuList, {}, { token });
    expect(res.status).toBe(601);
    expect(res.headers['x-redirect-url']).toBe('/edcweb/402?code=601');
    expect(res.body).toMatchObject({ success: false, code: 601 });
  });

  it('answers 601 once the chosen role was taken away, and again works when it is back', async () => {
    const token = await h.loginAs('crc.li', 'CRC', 'BJ01');
    expect((await h.call(menuList, {}, { token })).status).toBe(200);
    await h.db.query(
      `update user_roles set active = false where user_id = 'user-crc.li' and role_id = 'role-crc' and site_id = 'site-bj01'`,
    );
    try {
      const res = await h.call(menuList, {}, { token });
      expect(res.status).toBe(601);
      expect(res.headers['x-redirect-url']).toBe('/edcweb/402?code=601');
      // the other site's role is still held, and the role list no longer offers the removed one
      const list = await h.call(siteList, {}, { token });
      expect(list.body.success && list.body.data[0]?.sites.map((s) => s.sitecode)).toEqual(['SH01']);
    } finally {
      await h.db.query(
        `update user_roles set active = true where user_id = 'user-crc.li' and role_id = 'role-crc'`,
      );
    }
    expect((await h.call(menuList, {}, { token })).status).toBe(200);
  });

  it('is 601 over a real socket too (Node writes the non-standard status)', async () => {
    const token = await h.login('pi.wang');
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}/edc/menu/menuList.do?time=1`, { headers: { token } });
      expect(res.status).toBe(601);
      expect(res.headers.get('x-redirect-url')).toBe('/edcweb/402?code=601');
      expect(await res.json()).toMatchObject({ success: false, code: 601 });
    } finally {
      await h.app.server.close();
    }
  });

  it('gives every role the statistics page, the subject page to all but CODER and SUPPORT, and only DM and SUPPORT management pages', async () => {
    const cases: [string, string, string][] = [
      ['pi.wang', 'PI', 'BJ01'],
      ['crc.smith', 'CRC', 'BOS01'],
      ['cra.zhao', 'CRA', 'SH01'],
      ['dm.chen', 'DM', 'BJ01'],
      ['sponsor.liu', 'SPONSOR', 'BJ01'],
      ['coder.zhou', 'CODER', 'BJ01'],
      ['support.admin', 'SUPPORT', 'BJ01'],
    ];
    for (const [user, role, site] of cases) {
      const token = await h.loginAs(user, role, site);
      const res = await h.call(menuList, {}, { token });
      expect(res.body.success, role).toBe(true);
      if (!res.body.success) continue;
      const { menus, allowedPaths } = res.body.data;
      expect(flatPaths(menus), role).toEqual(allowedPaths);
      expect(allowedPaths, role).toContain('/index/statistics');
      expect(allowedPaths.includes(SUBJECTS_PAGE), role).toBe(role !== 'CODER' && role !== 'SUPPORT');
      const management = allowedPaths.filter((p) => MANAGEMENT_PATHS.includes(p));
      if (role === 'DM' || role === 'SUPPORT') expect(management.length, role).toBeGreaterThan(5);
      else expect(management, role).toEqual([]);
      for (const p of allowedPaths) expect(p, role).toMatch(/^\/index\//);
      if (role === 'SUPPORT') expect([...management].sort()).toEqual([...MANAGEMENT_PATHS].sort());
    }
  });
});
