/**
 * A new list is a declaration: the test declares a tiny list (who holds a role at the chosen site, over
 * `user_roles`), stores its metadata as a study would, and gets from the engine alone its rows route with paging,
 * sorting, search and site scope, its definitions through the shared selectSearchFields.do, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsEndpoint, selectSearchFields } from '../../../../engine/api/lists';
import { SUBJECTS_PAGE } from '../../../../engine/api/subjects';
import { startHarness, type Harness } from '../../../test/harness';
import { putListDefinition } from '../repository';
import type { ListDeclaration } from './declaration';

// ---- the whole list: one declaration --------------------------------------------------------------------------
const staffList: ListDeclaration = {
  key: 'siteStaff',
  page: SUBJECTS_PAGE,
  endpoint: rowsEndpoint('/edc/test/sitestaff.do', 'POST'),
  source: {
    table: 'user_roles',
    alias: 'ur',
    joins: 'join users u on u.id = ur.user_id join sites si on si.id = ur.site_id',
  },
  rowKey: { sql: "(ur.user_id || '/' || ur.role_id || '/' || ur.site_id)", type: 'text' },
  studyColumn: 'ur.study_id',
  siteColumn: 'ur.site_id',
  searchColumns: { userid: { sql: 'ur.user_id', type: 'text' } },
  sortKeys: { userid: { expr: 'ur.user_id', type: 'text' }, roleid: { expr: 'ur.role_id', type: 'text' } },
  defaultSort: { prop: 'userid', asc: true },
  select: 'ur.user_id as userid, ur.role_id as roleid, u.username, si.sitecode',
};
// -----------------------------------------------------------------------------------------------------------------

const STUDY = 'study-demo-001';
const label = (en: string) => ({ zh_CN: en, en });
let h: Harness;
let token: string;

/** The list's rows straight from the table: BJ01's role holders, by user id. */
async function expected(where = 'true'): Promise<{ userid: string; roleid: string }[]> {
  return h.db.query(
    `select ur.user_id as userid, ur.role_id as roleid from user_roles ur
     where ur.study_id = $1 and ur.site_id = 'site-bj01' and ${where}
     order by ur.user_id, (ur.user_id || '/' || ur.role_id || '/' || ur.site_id)`,
    [STUDY],
  );
}

beforeAll(async () => {
  h = await startHarness({ logger: false });
  h.app.lists.register(staffList);
  const at = h.clock.now();
  // the study's metadata of the list, as any list has it
  await putListDefinition(h.db, {
    studyId: STUDY,
    listKey: staffList.key,
    kind: 'searchFields',
    definition: [
      { innerid: 'siteStaff.userid', prop: 'userid', fieldname: label('User'), fieldtype: 'string' },
    ],
    at,
  });
  await putListDefinition(h.db, {
    studyId: STUDY,
    listKey: staffList.key,
    kind: 'columns',
    definition: [
      { prop: 'userid', label: label('User'), sortable: true },
      { prop: 'roleid', label: label('Role'), sortable: true },
      { prop: 'username', label: label('Name') },
      { prop: 'sitecode', label: label('Site') },
    ],
    at,
  });
  // 25 more holders at BJ01 (two pages of 20) and 3 at SH01, outside crc.li's chosen site
  for (let i = 1; i <= 28; i++) {
    const id = `user-staff-${String(i).padStart(2, '0')}`;
    await h.db.query(`insert into users (id, username, realname, password_hash) values ($1, $2, $2, 'x')`, [
      id,
      id.slice(5),
    ]);
    await h.db.query(
      `insert into user_roles (user_id, role_id, site_id, study_id) values ($1, 'role-crc', $2, $3)`,
      [id, i <= 25 ? 'site-bj01' : 'site-sh01', STUDY],
    );
  }
  token = await h.loginAs('crc.li', 'CRC', 'BJ01');
});
afterAll(() => h?.close());

const rows = async (params: Record<string, unknown> = {}) => {
  const res = await h.call(staffList.endpoint, { page: 1, size: 20, ...params }, { token, locale: 'en' });
  return res;
};
const ids = (res: Awaited<ReturnType<typeof rows>>) =>
  res.body.success ? res.body.data.list.map((r) => r.userid) : null;

describe('a list declared in a test', () => {
  it('pages the rows of the chosen site only (scope), in the default order', async () => {
    const all = await expected();
    expect(all.length).toBeGreaterThan(25);
    const first = await rows();
    const second = await rows({ page: 2 });
    expect(first.status).toBe(200);
    expect(first.body.success && first.body.data.total).toBe(all.length);
    expect(ids(first)).toHaveLength(20);
    expect([...ids(first)!, ...ids(second)!]).toEqual(all.map((r) => r.userid));
    const sites = first.body.success ? new Set(first.body.data.list.map((r) => r.sitecode)) : null;
    expect(sites).toEqual(new Set(['BJ01']));
    expect(ids(await rows({ page: 3 }))).toEqual([]);
  });

  it('sorts by a declared sort key, both ways', async () => {
    const desc = await rows({ orderByField: 'userid', asc: false, size: 100 });
    expect(ids(desc)).toEqual((await expected()).map((r) => r.userid).reverse());
    const byRole = await rows({ orderByField: 'roleid', size: 100 });
    const roles = byRole.body.success ? byRole.body.data.list.map((r) => String(r.roleid)) : [];
    expect(roles).toEqual([...roles].sort());
  });

  it('searches with the stored search fields (text contains, case-insensitive)', async () => {
    const found = await rows({ userid: 'STAFF-1', size: 100 });
    expect(ids(found)).toEqual((await expected(`ur.user_id ilike '%staff-1%'`)).map((r) => r.userid));
    expect(ids(found)).toHaveLength(10);
  });

  it('refuses a column that is not sortable with 400, naming it', async () => {
    const res = await rows({ orderByField: 'username' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['orderByField: username is not a sortable column']);
  });

  it('caches nothing without a data version: a new holder counts at once', async () => {
    const before = await rows();
    await h.db.query(
      `insert into user_roles (user_id, role_id, site_id, study_id) values ('user-staff-26', 'role-crc', 'site-bj01', $1)`,
      [STUDY],
    );
    const after = await rows();
    expect(after.body.success && after.body.data.total).toBe(
      before.body.success ? before.body.data.total + 1 : -1,
    );
  });

  it('answers its definitions through the shared selectSearchFields.do', async () => {
    const res = await h.call(selectSearchFields, { listKey: staffList.key }, { token });
    expect(res.body.success && res.body.data).toEqual([
      { innerid: 'siteStaff.userid', prop: 'userid', fieldname: label('User'), fieldtype: 'string' },
    ]);
  });

  /** The list's column set stored again, its role column sortable or not. */
  const columns = (roleSortable: boolean) =>
    putListDefinition(h.db, {
      studyId: STUDY,
      listKey: staffList.key,
      kind: 'columns',
      definition: [
        { prop: 'userid', label: label('User'), sortable: true },
        { prop: 'roleid', label: label('Role'), sortable: roleSortable },
        { prop: 'username', label: label('Name') },
        { prop: 'sitecode', label: label('Site') },
      ],
      at: h.clock.now(),
    });

  it('takes a changed definition at the next request (its version moved), read with the scope in one statement', async () => {
    expect((await rows({ orderByField: 'roleid' })).status).toBe(200);
    await columns(false);
    const refused = await rows({ orderByField: 'roleid' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(['orderByField: roleid is not a sortable column']);
    await columns(true);
    expect((await rows({ orderByField: 'roleid' })).status).toBe(200);
  });

  it('takes a definition deleted and written again, whatever its version was (versions never come back)', async () => {
    const version = async () =>
      (
        await h.db.query<{ version: number }>(
          `select version from list_definitions where study_id = $1 and list_key = $2 and kind = 'columns'`,
          [STUDY, staffList.key],
        )
      )[0]?.version;
    await columns(true);
    expect((await rows({ orderByField: 'roleid' })).status).toBe(200);
    const parsed = await version();
    // as a re-import would: the row goes and comes back, with other content
    await h.db.query(
      `delete from list_definitions where study_id = $1 and list_key = $2 and kind = 'columns'`,
      [STUDY, staffList.key],
    );
    await columns(false);
    expect(await version()).toBeGreaterThan(parsed ?? Infinity);
    const refused = await rows({ orderByField: 'roleid' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(['orderByField: roleid is not a sortable column']);
    await columns(true);
  });

  it('answers the phases of the request in a Server-Timing header (durations only)', async () => {
    const res = await rows();
    const phases = String(res.headers['server-timing'] ?? '')
      .split(', ')
      .map((p) => p.split(';')[0]);
    expect(phases).toEqual([
      'session',
      'params',
      'scope',
      'definitions',
      'count',
      'page',
      'handler',
      'total',
    ]);
    expect(String(res.headers['server-timing'])).toMatch(/^(\w+;dur=\d+\.\d\d(, |$))+$/);
  });

  it('refuses the rows to a role that may not open the list page (403)', async () => {
    const coder = await h.loginAs('coder.zhou', 'CODER', 'BJ01');
    const res = await h.call(staffList.endpoint, { page: 1, size: 20 }, { token: coder });
    expect(res.status).toBe(403);
  });
});
