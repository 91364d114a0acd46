import { describe, expect, it } from 'vitest';
import { planChanged, StatementNames } from './postgres';

describe('named statements (PostgreSQL)', () => {
  it('give one text one name, the same on every call, and different texts different names', () => {
    const names = new StatementNames();
    const a = names.of('select id from subjects where id = $1');
    expect(a).toMatch(/^edc_[0-9a-f]{24}$/);
    expect(names.of('select id from subjects where id = $1')).toBe(a);
    expect(names.of('select id from subjects where id = $2')).not.toBe(a);
    expect(names.of('  WITH x as (select 1) select * from x')).toBeDefined();
    expect(names.of('update sessions set last_seen_at = $1 where token = $2')).toBeDefined();
  });

  it('leave utility statements unnamed (BEGIN, SET, DDL, set_config is a select and is named)', () => {
    const names = new StatementNames();
    expect(names.of('BEGIN')).toBeUndefined();
    expect(names.of('set local search_path = x')).toBeUndefined();
    expect(names.of('create table t (id int)')).toBeUndefined();
    expect(names.of('selected')).toBeUndefined();
    expect(names.of("select set_config('edc.user', $1, true)")).toBeDefined();
  });

  it('stop naming new texts past the limit: generated SQL cannot grow every connection’s cache for ever', () => {
    const names = new StatementNames(3);
    const first = names.of('select 1');
    names.of('select 2');
    names.of('select 3');
    expect(names.of('select 4')).toBeUndefined();
    // texts named before the limit keep their names
    expect(names.of('select 1')).toBe(first);
  });
});

describe('a plan changed under a prepared statement', () => {
  it('is told by the routine PostgreSQL names, whatever language its message is in', () => {
    expect(
      planChanged({ code: '0A000', routine: 'RevalidateCachedQuery', message: '缓存的计划不能改变结果类型' }),
    ).toBe(true);
    expect(planChanged({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(planChanged({ code: '0A000', routine: 'transformSelectStmt', message: 'not supported' })).toBe(
      false,
    );
    expect(planChanged({ code: '23505', routine: 'RevalidateCachedQuery' })).toBe(false);
    expect(planChanged(null)).toBe(false);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'named statements on PostgreSQL across a migration by another process',
  () => {
    it('answers after the table changed shape under a prepared statement, with every statement renamed', async () => {
      const { openTestDb } = await import('../../test/testDb');
      const t = await openTestDb();
      try {
        await t.owner.exec('create table plan_shape (id int primary key)');
        // the app's role (owner/app split) may read it; without the split the role is the owner
        await t.owner.exec(`do $$ begin execute format('grant select on plan_shape to %I', 'edc_app');
        exception when undefined_object then null; end $$`);
        await t.owner.exec('insert into plan_shape values (1)');
        // prepared on every pooled connection it runs on
        for (let i = 0; i < 12; i++)
          expect(await t.db.query('select * from plan_shape')).toEqual([{ id: 1 }]);
        await t.owner.exec("alter table plan_shape add column note text default 'x'");
        for (let i = 0; i < 12; i++)
          expect(await t.db.query('select * from plan_shape')).toEqual([{ id: 1, note: 'x' }]);
      } finally {
        await t.cleanup();
      }
    }, 120_000);
  },
);
