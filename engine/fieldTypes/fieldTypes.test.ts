import { describe, expect, it } from 'vitest';
import { SEARCH_MSG } from '../metadata/messages';
import { formatDateInZone, isIsoDate, isValidTimeZone, parseInstant } from './dates';
import {
  builtinFieldTypes,
  createFieldTypeRegistry,
  defaultFieldTypes,
  SEARCH_TEXT_MAX_LENGTH,
  searchWidget,
} from './registry';
import type { FieldTypeDef, SearchBehaviour } from './types';

const registry = defaultFieldTypes();

function search(name: string): SearchBehaviour {
  const behaviour = registry.get(name)?.search;
  if (!behaviour) throw new Error(`no search behaviour for ${name}`);
  return behaviour;
}

const single = { prop: 'x', range: false };
const range = { prop: 'd', range: true };

describe('registry', () => {
  it('has the built-ins; datetime formats but cannot be searched', () => {
    expect(registry.names()).toEqual(['string', 'num', 'date', 'select', 'mselect', 'datetime']);
    expect(registry.get('datetime')?.search).toBeUndefined();
    expect(registry.get('datetime')?.formatCell).toBeTypeOf('function');
  });

  it('adds a field type by registering it, and a later registration replaces a built-in', () => {
    const colour: FieldTypeDef = { name: 'colour', formatCell: (v) => `#${String(v)}` };
    const reg = createFieldTypeRegistry(builtinFieldTypes).register(colour);
    expect(reg.get('colour')).toBe(colour);
    const mine: FieldTypeDef = { name: 'string' };
    reg.register(mine);
    expect(reg.get('string')).toBe(mine);
    expect(defaultFieldTypes().get('string')).not.toBe(mine);
  });

  it('names the widget of each search type, a range appends Range', () => {
    const widgets = ['string', 'num', 'date', 'select', 'mselect'].map((fieldtype) =>
      searchWidget({ fieldtype, range: false }, registry),
    );
    expect(widgets).toEqual(['text', 'number', 'date', 'select', 'mselect']);
    expect(searchWidget({ fieldtype: 'date', range: true }, registry)).toBe('dateRange');
    expect(searchWidget({ fieldtype: 'datetime', range: false }, registry)).toBeNull();
  });
});

describe('string', () => {
  const s = search('string');

  it('limits input to 100 characters and warns exactly at the limit', () => {
    expect(SEARCH_TEXT_MAX_LENGTH).toBe(100);
    expect(s.maxLength).toBe(100);
    expect(s.sanitizeInput?.('a'.repeat(130))).toHaveLength(100);
    expect(s.validate(single, 'a'.repeat(99))).toEqual([]);
    expect(s.validate(single, 'a'.repeat(100))).toEqual([
      { level: 'warning', messageId: SEARCH_MSG.maxLengthReached, values: { max: 100 } },
    ]);
    expect(s.validate(single, 'a'.repeat(101))[0]?.level).toBe('error');
  });

  it('trims when sent, blank is empty', () => {
    expect(s.toParams(single, '  BJ01 ')).toEqual({ x: 'BJ01' });
    expect(s.isEmpty('   ')).toBe(true);
    expect(s.toParams(single, '  ')).toEqual({});
    expect(s.fromParams(single, { x: ' abc ' })).toBe('abc');
    expect(s.fromParams(single, { x: 'y'.repeat(150) })).toHaveLength(100);
  });
});

describe('num', () => {
  const n = search('num');

  it('keeps only digits and dots while typing', () => {
    expect(n.sanitizeInput?.('12a')).toBe('12');
    expect(n.sanitizeInput?.('-1,5.0e')).toBe('15.0');
  });

  it('refuses a second dot or a lone dot', () => {
    const problem = [{ level: 'error', messageId: SEARCH_MSG.numberOnly }];
    expect(n.validate(single, '12.5')).toEqual([]);
    expect(n.validate(single, '12.')).toEqual([]);
    expect(n.validate(single, '1.2.3')).toEqual(problem);
    expect(n.validate(single, '.')).toEqual(problem);
    expect(n.validate(single, '12a')).toEqual(problem);
    expect(n.validate(single, null)).toEqual([]);
  });

  it('reads back numbers from a JSON body and drops malformed ones', () => {
    expect(n.fromParams(single, { x: 42 })).toBe('42');
    expect(n.fromParams(single, { x: '4a' })).toBeNull();
  });
});

describe('date', () => {
  const d = search('date');

  it('a single date is one yyyy-MM-dd param', () => {
    expect(d.toParams(single, '2026-03-01')).toEqual({ x: '2026-03-01' });
    expect(d.fromParams(single, { x: '2026-02-30' })).toBeNull();
    expect(d.validate(single, '2026-13-01')).toEqual([{ level: 'error', messageId: SEARCH_MSG.badDate }]);
  });

  it('a range sends <prop>Start and <prop>End, each only when set', () => {
    expect(d.toParams(range, { start: '2026-01-01', end: '2026-01-31' })).toEqual({
      dStart: '2026-01-01',
      dEnd: '2026-01-31',
    });
    expect(d.toParams(range, { start: null, end: '2026-01-31' })).toEqual({ dEnd: '2026-01-31' });
    expect(d.fromParams(range, { dStart: '2026-01-01' })).toEqual({ start: '2026-01-01', end: null });
    expect(d.empty(range)).toEqual({ start: null, end: null });
    expect(d.isEmpty({ start: null, end: null })).toBe(true);
  });

  it('refuses an end before the start; the same day is fine', () => {
    expect(d.validate(range, { start: '2026-02-01', end: '2026-01-31' })).toEqual([
      { level: 'error', messageId: SEARCH_MSG.rangeOrder },
    ]);
    expect(d.validate(range, { start: '2026-02-01', end: '2026-02-01' })).toEqual([]);
    expect(d.validate(range, { start: null, end: '2026-02-01' })).toEqual([]);
  });
});

describe('select and mselect', () => {
  it('select is one code, mselect a list param', () => {
    expect(search('select').toParams(single, 'M')).toEqual({ x: 'M' });
    expect(search('mselect').toParams(single, ['1', '2'])).toEqual({ x: ['1', '2'] });
    expect(search('mselect').toParams(single, [])).toEqual({});
  });

  it('mselect reads repeated keys, one value or a JSON list', () => {
    const m = search('mselect');
    expect(m.fromParams(single, { x: ['1', '2', '1'] })).toEqual(['1', '2']);
    expect(m.fromParams(single, { x: '3' })).toEqual(['3']);
    expect(m.fromParams(single, {})).toEqual([]);
    expect(m.decode(single, [1, '2'], undefined)).toEqual(['1', '2']);
  });
});

describe('dates', () => {
  it('recognises real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate(20250101)).toBe(false);
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('reads instants with and without an offset (none = UTC) and epoch ms', () => {
    const ms = Date.UTC(2026, 2, 1, 16, 30);
    expect(parseInstant('2026-03-01T16:30:00Z')).toBe(ms);
    expect(parseInstant('2026-03-01 16:30')).toBe(ms);
    expect(parseInstant('2026-03-02T00:30:00+08:00')).toBe(ms);
    expect(parseInstant(ms)).toBe(ms);
    expect(parseInstant('2026-03-01T25:00:00Z')).toBeNull();
  });

  it('formats in a zone; calendar dates are never shifted', () => {
    expect(formatDateInZone('2026-03-01T16:30:00Z', 'Asia/Shanghai', true)).toBe('2026-03-02 00:30');
    expect(formatDateInZone('2026-03-01T16:30:00Z', 'America/New_York', true)).toBe('2026-03-01 11:30');
    expect(formatDateInZone(Date.UTC(2026, 2, 1, 16, 30), 'Asia/Shanghai', false)).toBe('2026-03-02');
    expect(formatDateInZone('2026-03-01', 'America/Los_Angeles', false)).toBe('2026-03-01');
    expect(formatDateInZone('2026-03-01T00:00:00Z', 'UTC', true)).toBe('2026-03-01 00:00');
    expect(formatDateInZone(null, 'UTC', true)).toBe('');
    expect(formatDateInZone('unknown', 'UTC', true)).toBe('unknown');
  });
});
