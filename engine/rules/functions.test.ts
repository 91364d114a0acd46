import { describe, expect, it } from 'vitest';
import { parseDateParts } from './dates';
import { lookupRuleFunction, roundHalfAwayFromZero, RULE_FUNCTIONS } from './functions';
import { parseRule } from './parser';
import { run } from './testSupport';

const age = (birth: string, on: string) => run("datediff([B], [D], 'y')", { B: birth, D: on });
const months = (from: string, to: string) => run("datediff([A], [B], 'm')", { A: from, B: to });
const days = (from: string, to: string) => run("datediff([A], [B], 'd')", { A: from, B: to });

describe('function registry', () => {
  it('every function has lower-case name and sane arity, and parses at its bounds', () => {
    for (const [name, fn] of Object.entries(RULE_FUNCTIONS)) {
      expect(name).toBe(name.toLowerCase());
      expect(fn.minArgs).toBeGreaterThanOrEqual(0);
      expect(fn.maxArgs).toBeGreaterThanOrEqual(fn.minArgs);
      const args = (n: number) => Array.from({ length: n }, () => '1').join(', ');
      expect(parseRule(`${name}(${args(fn.minArgs)})`).ok).toBe(true);
      if (fn.minArgs > 0) expect(parseRule(`${name}(${args(fn.minArgs - 1)})`).ok).toBe(false);
      if (fn.maxArgs !== Infinity) expect(parseRule(`${name}(${args(fn.maxArgs + 1)})`).ok).toBe(false);
      else expect(parseRule(`${name}(${args(fn.minArgs + 20)})`).ok).toBe(true);
    }
  });

  it('lists the documented functions', () => {
    expect(Object.keys(RULE_FUNCTIONS).sort()).toEqual(
      [
        'abs',
        'contains',
        'datediff',
        'day',
        'elapsed',
        'if',
        'in',
        'isblank',
        'len',
        'max',
        'mean',
        'min',
        'month',
        'notblank',
        'number',
        'round',
        'rounddown',
        'roundup',
        'sqrt',
        'sum',
        'today',
        'year',
      ].sort(),
    );
  });

  it('lookup is case-insensitive and ignores Object.prototype', () => {
    expect(lookupRuleFunction('ISBLANK')).toBe(RULE_FUNCTIONS.isblank);
    expect(lookupRuleFunction('constructor')).toBeUndefined();
    expect(lookupRuleFunction('hasOwnProperty')).toBeUndefined();
    expect(lookupRuleFunction('__proto__')).toBeUndefined();
  });

  it('never throws on odd arguments', () => {
    const odd = [null, '', 'x', 0, -1, 1e308, true, [], ['1', 'x']];
    for (const fn of Object.values(RULE_FUNCTIONS)) {
      for (const a of odd) {
        const args = Array.from({ length: Math.max(fn.minArgs, Math.min(fn.maxArgs, 3)) }, () => a);
        expect(() => fn.call(args, { today: '2024-01-01', value: () => null })).not.toThrow();
      }
    }
  });
});

describe('isblank / notblank', () => {
  it('null, empty or spaces-only text, empty list are blank; never null', () => {
    expect(run('isblank([A])')).toBe(true);
    expect(run("isblank('')")).toBe(true);
    expect(run("isblank('  ')")).toBe(true);
    expect(run('isblank([L])', { L: [] })).toBe(true);
    expect(run("isblank('x')")).toBe(false);
    expect(run('isblank(0)')).toBe(false);
    expect(run('isblank(false)')).toBe(false);
    expect(run('isblank([L])', { L: ['1'] })).toBe(false);
    expect(run('isblank(1 / 0)')).toBe(true); // an unknown result is blank
    expect(run('notblank([A])')).toBe(false);
    expect(run("notblank('x')")).toBe(true);
  });
});

describe('in / contains', () => {
  it('in: x equals one of the values, numbers compared after normalisation', () => {
    expect(run("in([SEX], 'F', 'U')", { SEX: 'F' })).toBe(true);
    expect(run("in([SEX], 'F', 'U')", { SEX: 'M' })).toBe(false);
    expect(run('in([N], 1, 2)', { N: '1' })).toBe(true);
    expect(run("in([N], '1', '2')", { N: '2.0' })).toBe(true);
    expect(run('in([N], 1, 2)', { N: '3' })).toBe(false);
    expect(run("in([SEX], 'F')", { SEX: 'f' })).toBe(false);
  });

  it('in: blank x → null; blank values are ignored', () => {
    expect(run("in([SEX], 'F')")).toBe(null);
    expect(run("in([SEX], 'F')", { SEX: '' })).toBe(null);
    expect(run('in([L], 1)', { L: [] })).toBe(null);
    expect(run("in('F', null, 'F')")).toBe(true);
    expect(run("in('F', null)")).toBe(false);
  });

  it('in: a list x matches when any element is among the values; list values are flattened', () => {
    expect(run("in([RACE], '3', '4')", { RACE: ['1', '4'] })).toBe(true);
    expect(run("in([RACE], '3', '5')", { RACE: ['1', '4'] })).toBe(false);
    expect(run('in([X], [ALLOWED])', { X: '2', ALLOWED: ['1', '2'] })).toBe(true);
  });

  it('contains(list, v): membership in a checkbox list; a single value is a list of one; blank → null', () => {
    expect(run("contains([RACE], '2')", { RACE: ['1', '2'] })).toBe(true);
    expect(run('contains([RACE], 2)', { RACE: ['1', '2'] })).toBe(true);
    expect(run("contains([RACE], '5')", { RACE: ['1', '2'] })).toBe(false);
    expect(run("contains([RACE], '5')", { RACE: [] })).toBe(null); // blank, like in()
    expect(run("contains([SEX], 'F')", { SEX: 'F' })).toBe(true);
    expect(run("contains([RACE], '1')")).toBe(null);
    expect(run('contains([RACE], [V])', { RACE: ['1'] })).toBe(null);
    expect(run('contains([RACE], [V])', { RACE: ['1', '2', '3'], V: ['3', '1'] })).toBe(true);
  });
});

describe('datediff(a, b, unit): b − a', () => {
  it('age in completed years: the birthday completes the year, the day before does not', () => {
    expect(age('2006-06-15', '2024-06-15')).toBe(18);
    expect(age('2006-06-15', '2024-06-14')).toBe(17);
    expect(age('2006-06-15', '2024-06-16')).toBe(18);
    expect(age('2006-06-15', '2006-06-15')).toBe(0);
    expect(run("datediff([B], today(), 'y') >= 18", { B: '2006-06-15' }, '2024-06-15')).toBe(true);
    expect(run("datediff([B], today(), 'y') >= 18", { B: '2006-06-16' }, '2024-06-15')).toBe(false);
  });

  it('born on 29 February: the year completes on 1 March in common years, on 29 February in leap years', () => {
    expect(age('2000-02-29', '2001-02-28')).toBe(0);
    expect(age('2000-02-29', '2001-03-01')).toBe(1);
    expect(age('2000-02-29', '2004-02-28')).toBe(3);
    expect(age('2000-02-29', '2004-02-29')).toBe(4);
  });

  it('month ends: a month completes on the same day of the month', () => {
    expect(months('2024-01-31', '2024-02-29')).toBe(0);
    expect(months('2024-01-31', '2024-03-01')).toBe(1);
    expect(months('2024-01-15', '2024-02-15')).toBe(1);
    expect(months('2024-01-15', '2024-02-14')).toBe(0);
    expect(months('2023-12-31', '2024-12-31')).toBe(12);
    expect(months('2024-02-29', '2024-03-29')).toBe(1);
  });

  it('days across leap days, month and year ends', () => {
    expect(days('2024-02-28', '2024-03-01')).toBe(2);
    expect(days('2023-02-28', '2023-03-01')).toBe(1);
    expect(days('2023-12-31', '2024-01-01')).toBe(1);
    expect(days('2024-01-01', '2025-01-01')).toBe(366);
    expect(days('1900-01-01', '2000-01-01')).toBe(36524);
    expect(days('0001-01-01', '0001-01-02')).toBe(1);
    expect(days('2024-03-10', '2024-03-10')).toBe(0);
  });

  it('negative when b is before a', () => {
    expect(days('2024-03-02', '2024-03-01')).toBe(-1);
    expect(age('2024-06-15', '2006-06-15')).toBe(-18);
    expect(age('2024-06-15', '2006-06-16')).toBe(-17);
    expect(months('2024-03-01', '2024-01-31')).toBe(-1);
  });

  it('datetimes use their date part', () => {
    expect(days('2024-03-01T23:59', '2024-03-02T00:01')).toBe(1);
    expect(days('2024-03-01 08:00', '2024-03-03T07:00:30')).toBe(2);
  });

  it('partial, invalid or blank dates, and unknown units → null', () => {
    expect(age('2000-UK-UK', '2024-06-15')).toBe(null);
    expect(age('2000-05-UK', '2024-06-15')).toBe(null);
    expect(age('2001-02-29', '2024-06-15')).toBe(null);
    expect(age('2024-13-01', '2024-06-15')).toBe(null);
    expect(age('2024-6-1', '2024-06-15')).toBe(null);
    expect(age('2024-06-01 25:00', '2024-06-15')).toBe(null);
    expect(age('', '2024-06-15')).toBe(null);
    expect(age('2000-01-01', '')).toBe(null);
    expect(run("datediff([A], '2024-01-01', 'y')")).toBe(null);
    expect(run("datediff('2020-01-01', '2024-01-01', 'w')")).toBe(null);
    expect(run("datediff('2020-01-01', '2024-01-01', 'constructor')")).toBe(null);
    expect(run("datediff('2020-01-01', '2024-01-01', 'Y')")).toBe(4);
  });
});

describe('dates: year / month / day / today', () => {
  it('read the known parts of dates, datetimes and partial dates', () => {
    expect(run("year('2024-06-15')")).toBe(2024);
    expect(run("month('2024-06-15 10:30')")).toBe(6);
    expect(run("day('2024-06-15T10:30:00')")).toBe(15);
    expect(run("year('2024-UK-UK')")).toBe(2024);
    expect(run("month('2024-UK-UK')")).toBe(null);
    expect(run("month('2024-05-UK')")).toBe(5);
    expect(run("day('2024-05-UK')")).toBe(null);
    expect(run("year('2024-UK-15')")).toBe(null);
    expect(run("year('junk')")).toBe(null);
    expect(run('year([D])')).toBe(null);
  });

  it('parseDateParts checks the calendar', () => {
    expect(parseDateParts('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateParts('2023-02-29')).toBe(null);
    expect(parseDateParts('1900-02-29')).toBe(null);
    expect(parseDateParts('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseDateParts('2024-04-31')).toBe(null);
    expect(parseDateParts('2024-00-10')).toBe(null);
    expect(parseDateParts('2024-05-UK 10:00')).toBe(null);
  });

  it('today() is the env date', () => {
    expect(run('today()', {}, '2024-06-15')).toBe('2024-06-15');
    expect(run('[VSDAT] <= today()', { VSDAT: '2024-06-16' }, '2024-06-15')).toBe(false);
  });
});

describe('numbers: round, abs, min, max, number, len', () => {
  it('round: half away from zero, to n decimals', () => {
    expect(run('round(2.5)')).toBe(3);
    expect(run('round(-2.5)')).toBe(-3);
    expect(run('round(0.5)')).toBe(1);
    expect(run('round(-0.5)')).toBe(-1);
    expect(run('round(1.4999)')).toBe(1);
    expect(run('round(1.005, 2)')).toBe(1.01);
    expect(run('round(-1.005, 2)')).toBe(-1.01);
    expect(run('round(2.675, 2)')).toBe(2.68);
    expect(run('round(22.857142, 1)')).toBe(22.9);
    expect(run('round(1250, -2)')).toBe(1300);
    expect(run("round('3.45', 1)")).toBe(3.5);
    expect(run('round(-0.4)')).toBe(0);
    expect(Object.is(run('round(-0.4)'), 0)).toBe(true);
    expect(roundHalfAwayFromZero(1e-7, 8)).toBe(1e-7);
    expect(roundHalfAwayFromZero(1.5e21, 0)).toBe(1.5e21);
  });

  it('round: blank, non-numeric or non-integer digits → null', () => {
    expect(run('round([A])')).toBe(null);
    expect(run("round('x')")).toBe(null);
    expect(run('round(1.5, 0.5)')).toBe(null);
    expect(run('round(1.5, [N])')).toBe(null);
  });

  it('abs, number', () => {
    expect(run('abs(-3)')).toBe(3);
    expect(run("abs('-2.5')")).toBe(2.5);
    expect(run('abs([A])')).toBe(null);
    expect(run("number(' 12 ')")).toBe(12);
    expect(run("number('12a')")).toBe(null);
    expect(run("number('')")).toBe(null);
    expect(run('number(true)')).toBe(null);
  });

  it('min / max ignore blanks; all blank → null; a non-number → null; lists are flattened', () => {
    expect(run('min(3, 1, 2)')).toBe(1);
    expect(run("max(3, '10', 2)")).toBe(10);
    expect(run('min([A], 5, [B])', { B: '4' })).toBe(4);
    expect(run('max([A], [B])')).toBe(null);
    expect(run("max(1, 'x')")).toBe(null);
    expect(run('max([L])', { L: ['1', '7', '3'] })).toBe(7);
    expect(run('min(-1)')).toBe(-1);
  });

  it('len: characters of text, size of a list, null when blank', () => {
    expect(run("len('abc')")).toBe(3);
    expect(run("len('阿司匹林')")).toBe(4);
    expect(run("len('')")).toBe(0);
    expect(run('len([L])', { L: ['1', '2'] })).toBe(2);
    expect(run('len([A])')).toBe(null);
    expect(run('len(123)')).toBe(3);
  });
});

describe('if(c, a, b)', () => {
  it('picks a or b; an unknown or non-boolean condition → null', () => {
    expect(run("if([A] > 1, 'big', 'small')", { A: '5' })).toBe('big');
    expect(run("if([A] > 1, 'big', 'small')", { A: '0' })).toBe('small');
    expect(run("if([A] > 1, 'big', 'small')")).toBe(null);
    expect(run("if('yes', 1, 2)")).toBe(null);
    expect(run('if(true, [L], 2)', { L: ['x'] })).toEqual(['x']);
  });
});

describe('REDCap functions (issue 17): rounddown, roundup, sqrt, sum, mean, elapsed', () => {
  it('rounds towards −∞ and +∞ without binary error', () => {
    expect(run('rounddown(2.99)')).toBe(2);
    expect(run('rounddown(-2.01)')).toBe(-3);
    expect(run('roundup(-2.99)')).toBe(-2);
    expect(run('roundup(1.15, 2)')).toBe(1.15);
    expect(run('rounddown(1.15, 2)')).toBe(1.15);
    expect(run('roundup(1234, -2)')).toBe(1300);
    expect(run('rounddown(1, 1.5)')).toBeNull();
    expect(run("roundup('x')")).toBeNull();
  });

  it('sqrt, sum and mean skip blanks and refuse non-numbers', () => {
    expect(run('sqrt(0)')).toBe(0);
    expect(run('sqrt([A])')).toBeNull();
    expect(run('sum([A], [B], [C])', { A: 1, C: ['2', '3'] })).toBe(6);
    expect(run('sum([A], [B])')).toBeNull();
    expect(run("sum(1, 'x')")).toBeNull();
    expect(run('mean([A], [B], [C])', { A: 3 })).toBe(3);
    expect(run('mean(1, 2, 2)')).toBe(1.66666666666667);
  });

  it('elapsed is REDCap datediff: decimal units, case-sensitive M (months) and m (minutes), signed', () => {
    expect(run("elapsed('2024-01-01', '2024-01-02', 'd')")).toBe(1);
    expect(run("elapsed('2024-01-02', '2024-01-01', 'd')")).toBe(-1);
    expect(run("elapsed('2024-01-01', '2024-01-01 00:01', 'm')")).toBe(1);
    expect(run("elapsed('2024-01-01', '2024-03-01', 'M')")).toBe(Number((60 / 30.44).toPrecision(15)));
    expect(run("elapsed('2024-01-01T06:00', '2024-01-01T18:00', 'h')")).toBe(12);
    expect(run("elapsed('2024-01-01', '2024-01-02', 'D')")).toBeNull();
    expect(run("elapsed('2024-01-01', '2024-02-30', 'd')")).toBeNull();
    expect(run("elapsed('2024-01-01 25:00', '2024-01-02', 'd')")).toBeNull();
  });
});
