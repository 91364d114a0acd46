import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from '../auth/passwords';
import { loadMigrations, migrate } from './migrate';
import { appendAudit } from '../audit/audit';
import { accountSummaries } from '../auth/users';
import { dropAll, isSeeded, loadSeed, seedDemo, topUpSeed } from '../../seed/seed';
import { openTestDb, TEST_PASSWORD, type TestDb } from '../../test/testDb';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t?.cleanup());

describe('audit trail', () => {
  it('accepts new rows but the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await appendAudit(t.db, {
      at: new Date(),
      userId: 'user-pi.wang',
      action: 'login',
      detail: { ip: '127.0.0.1' },
    });
    const [row] = await t.db.query<{ id: number }>(
      'select id::int as id from audit_log order by id desc limit 1',
    );
    await expect(t.db.query("update audit_log set action = 'x' where id = $1", [row!.id])).rejects.toThrow(
      /append-only|permission denied/,
    );
    await expect(t.db.query('delete from audit_log where id = $1', [row!.id])).rejects.toThrow(
      /append-only|permission denied/,
    );
    await expect(t.db.exec('truncate audit_log')).rejects.toThrow(/append-only|permission denied/);
    const rows = await t.db.query<{ action: string }>('select action from audit_log where id = $1', [
      row!.id,
    ]);
    expect(rows).toEqual([{ action: 'login' }]);
  });
});

describe('migrations', () => {
  it('are recorded and applying them again changes nothing', async () => {
    const all = await loadMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.map((m) => m.version)].sort((a, b) => a - b));
    expect(await migrate(t.owner)).toEqual([]);
    const recorded = await t.db.query<{ version: number; name: string }>(
      'select version, name from schema_migrations order by version',
    );
    expect(recorded).toEqual(all.map((m) => ({ version: m.version, name: m.name })));
  });

  it('roll a failing migration back entirely and do not record it', async () => {
    const all = await loadMigrations();
    const broken = {
      version: 9999,
      name: 'broken',
      sql: 'create table should_not_exist (x int); select 1/0;',
    };
    await expect(migrate(t.owner, [...all, broken])).rejects.toThrow();
    const tables = await t.db.query("select 1 from pg_tables where tablename = 'should_not_exist'");
    expect(tables).toEqual([]);
    const recorded = await t.db.query('select 1 from schema_migrations where version = 9999');
    expect(recorded).toEqual([]);
  });
});

describe('passwords', () => {
  it('are stored as scrypt$N$r$p$salt$hash with a per-user salt, never in plain text', async () => {
    const rows = await t.db.query<{ password_hash: string }>('select password_hash from users');
    expect(rows.length).toBe(8);
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{22}\$[\w-]{43}$/);
      expect(r.password_hash).not.toContain(TEST_PASSWORD);
    }
    expect(new Set(rows.map((r) => r.password_hash.split('$')[4])).size).toBe(rows.length);
  });

  it('verify with the cost carried in the hash (default N=2^15)', async () => {
    const hash = await hashPassword('s3cret', DEFAULT_SCRYPT_COST);
    expect(hash.startsWith(`scrypt$${2 ** 15}$8$1$`)).toBe(true);
    expect(await verifyPassword('s3cret', hash)).toBe(true);
    expect(await verifyPassword('s3cret!', hash)).toBe(false);
    expect(await verifyPassword('s3cret', 'plain-text')).toBe(false);
  });
});

describe('demo seed', () => {
  it('has one study, sites in two countries and users for every role, some with several roles and sites', async () => {
    const seed = await loadSeed();
    expect(seed.study.study.studycode).toBe('DEMO-001');
    expect(new Set(seed.study.sites.map((s) => s.country))).toEqual(new Set(['CN', 'US']));
    expect(seed.roles.map((r) => r.rolecode)).toEqual([
      'PI',
      'CRC',
      'CRA',
      'DM',
      'SPONSOR',
      'CODER',
      'SUPPORT',
    ]);
    expect(seed.users.find((u) => u.username === 'dm.chen')?.roles).toEqual([
      { role: 'DM', sites: ['BJ01', 'SH01', 'BOS01'] },
      { role: 'CRA', sites: ['SH01'] },
    ]);
    expect(seed.users.filter((u) => u.locale === 'en').map((u) => u.username)).toEqual(['dm.chen']);
  });

  it('lists the accounts for the startup banner from the database', async () => {
    const accounts = await accountSummaries(t.db);
    expect(accounts.map((a) => a.username)).toContain('crc.li');
    expect(accounts.find((a) => a.username === 'crc.li')?.roles).toBe('CRC@BJ01,SH01');
  });

  it('tops up a database seeded before the list screens: menus, definitions, code lists, subjects', async () => {
    expect(await topUpSeed(t.db)).toBe(false);
    await t.db.exec(`delete from list_definitions; delete from codelist_items; delete from subjects;
      delete from role_menus where menu_code = 'subjects'; delete from menus where menu_code = 'subjects';`);
    expect(await topUpSeed(t.db)).toBe(true);
    const counts = await t.db.query<{ defs: number; items: number; subjects: number; grants: number }>(
      `select (select count(*)::int from list_definitions) as defs, (select count(*)::int from codelist_items) as items,
              (select count(*)::int from subjects) as subjects,
              (select count(*)::int from role_menus where menu_code = 'subjects') as grants`,
    );
    // every seeded list's search fields and column set (subjects, queries, invalid records, coding, freeze …)
    const lists = (await loadSeed()).lists.lists.length;
    expect(lists).toBeGreaterThanOrEqual(5);
    expect(counts[0]).toMatchObject({ defs: 2 * lists, subjects: 90, grants: 5 });
    expect(counts[0]?.items).toBeGreaterThan(5);
    expect(await topUpSeed(t.db)).toBe(false);
  });

  it('reset: drops everything, migrates and seeds again', async () => {
    // the owner's work (npm run seed -- --reset): the app's role may not drop or create tables
    expect(await isSeeded(t.owner)).toBe(true);
    await dropAll(t.owner);
    const left = await t.owner.query('select tablename from pg_tables where schemaname = current_schema()');
    expect(left).toEqual([]);
    await migrate(t.owner);
    expect(await isSeeded(t.owner)).toBe(false);
    await seedDemo(t.owner, { password: TEST_PASSWORD, cost: { N: 2 ** 10, r: 8, p: 1 } });
    expect(await isSeeded(t.owner)).toBe(true);
  });
});
