import { describe, expect, it } from 'vitest';
import { StatementNames } from './postgres';

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
