/**
 * REDCap logic imported, compiled and evaluated by the engine gives REDCap's answer: every operator and function
 * the importer translates, with blanks (docs/interchange-redcap.md).
 */
import { describe, expect, it } from 'vitest';
import { calcOf, shownBy } from './testSupport';
import { translateLogic, type LogicContext } from './translateLogic';

describe('branching logic: comparisons with REDCap two-valued blanks', () => {
  it('= and == compare numbers and codes; a blank field is not equal', () => {
    expect(shownBy('[n1] = 5', { n1: '5' })).toBe(true);
    expect(shownBy('[n1] == 5', { n1: '6' })).toBe(false);
    expect(shownBy('[n1] = 5', {})).toBe(false);
    expect(shownBy("[r] = '2'", { r: '2' })).toBe(true);
    expect(shownBy('[r] = 2', { r: '2' })).toBe(true);
    expect(shownBy("[t] = 'abc'", { t: 'abc' })).toBe(true);
  });

  it('<> and != are true for a blank field (REDCap: blank differs from every value)', () => {
    expect(shownBy('[n1] <> 5', {})).toBe(true);
    expect(shownBy('[n1] <> 5', { n1: '5' })).toBe(false);
    expect(shownBy("[r] != '1'", { r: '2' })).toBe(true);
    expect(shownBy("[r] != '1'", {})).toBe(true);
  });

  it("blank comparisons [x] = '' and [x] <> ''", () => {
    expect(shownBy("[t] = ''", {})).toBe(true);
    expect(shownBy('[t] = ""', { t: 'x' })).toBe(false);
    expect(shownBy("[t] <> ''", { t: 'x' })).toBe(true);
    expect(shownBy("[d1] <> ''", {})).toBe(false);
    expect(shownBy("'' = [n1]", {})).toBe(true);
  });

  it('two fields: both blank are equal, one blank differs', () => {
    expect(shownBy('[n1] = [n2]', {})).toBe(true);
    expect(shownBy('[n1] = [n2]', { n1: '1' })).toBe(false);
    expect(shownBy('[n1] <> [n2]', { n1: '1' })).toBe(true);
    expect(shownBy('[n1] = [n2]', { n1: '2', n2: '2.0' })).toBe(true);
    expect(shownBy('[n1] <> [n2]', {})).toBe(false);
  });

  it('< <= > >= on numbers, dates and date-times', () => {
    expect(shownBy('[n1] > 3', { n1: '4' })).toBe(true);
    expect(shownBy('[n1] >= 4', { n1: '4' })).toBe(true);
    expect(shownBy('[n1] < 4', { n1: '4' })).toBe(false);
    expect(shownBy('[n1] <= 4', { n1: '4' })).toBe(true);
    expect(shownBy('[n2] > .5', { n2: '0.6' })).toBe(true);
    expect(shownBy("[d1] > '2024-01-01'", { d1: '2024-06-01' })).toBe(true);
    expect(shownBy('[d1] < [d2]', { d1: '2024-06-01', d2: '2024-05-01' })).toBe(false);
    expect(shownBy('[n1] > 3', {})).toBe(false);
  });

  it('and, or, &&, ||, not, ! and parentheses', () => {
    expect(shownBy('[n1] = 1 and [n2] = 2', { n1: '1', n2: '2' })).toBe(true);
    expect(shownBy('[n1] = 1 AND [n2] = 2', { n1: '1' })).toBe(false);
    expect(shownBy('[n1] = 1 or [n2] = 2', { n2: '2' })).toBe(true);
    expect(shownBy('[n1] = 1 || [n2] = 2', {})).toBe(false);
    expect(shownBy('[n1] = 1 && ([n2] = 2 or [n3] = 3)', { n1: '1', n3: '3' })).toBe(true);
    expect(shownBy("not([r] = '1')", {})).toBe(true);
    expect(shownBy("!([r] = '1')", { r: '1' })).toBe(false);
    expect(shownBy('[n1] = 1 or [n2] = 2 and [n3] = 3', { n1: '1' })).toBe(true);
  });

  it('checkbox codes [var(code)]: 1 when ticked, 0 otherwise (also when nothing is ticked)', () => {
    expect(shownBy("[c(98)] = '1'", { c: ['98'] })).toBe(true);
    expect(shownBy("[c(98)] = '1'", { c: ['1'] })).toBe(false);
    expect(shownBy("[c(98)] = '1'", {})).toBe(false);
    expect(shownBy("[c(98)] = '0'", {})).toBe(true);
    expect(shownBy('[c(1)] = 1 and [c(2)] = 0', { c: ['1'] })).toBe(true);
    expect(shownBy("[c(1)] <> '1'", { c: ['1', '2'] })).toBe(false);
  });

  it('yesno fields compare with 1 and 0', () => {
    expect(shownBy("[yn] = '1'", { yn: '1' })).toBe(true);
    expect(shownBy('[yn] = 0', { yn: '1' })).toBe(false);
  });

  it('an event-prefixed reference reads the field in the single imported visit', () => {
    expect(shownBy("[baseline_arm_1][r] = '3'", { r: '3' })).toBe(true);
  });
});

describe('calculations: arithmetic and functions', () => {
  it('+ - * / ^ with REDCap precedence; a blank operand leaves the calc blank', () => {
    expect(calcOf('[n1] + [n2] * 2', { n1: '1', n2: '3' })).toBe('7');
    expect(calcOf('([n1] + [n2]) / 2', { n1: '1', n2: '4' })).toBe('2.5');
    expect(calcOf('[n1] - [n2] - 1', { n1: '10', n2: '4' })).toBe('5');
    expect(calcOf('[n1] ^ 2', { n1: '3' })).toBe('9');
    expect(calcOf('-[n1] + 1', { n1: '3' })).toBe('-2');
    expect(calcOf('[n2] * .5', { n2: '3' })).toBe('1.5');
    expect(calcOf('[n1] + 1', {})).toBeNull();
    expect(calcOf('round([n2] / ([n3] / 100) ^ 2, 1)', { n2: '70', n3: '175' })).toBe('22.9');
  });

  it('if(c, a, b)', () => {
    expect(calcOf('if([n1] > 10, 1, 0)', { n1: '11' })).toBe('1');
    expect(calcOf("if([r] = '1' or [r] = '2', 5, 9)", { r: '3' })).toBe('9');
    expect(calcOf("if([t] = '', 0, 1)", {})).toBe('0');
  });

  it('sum and mean skip blanks; min and max; abs; sqrt', () => {
    expect(calcOf('sum([n1], [n2], [n3])', { n1: '1', n3: '2.5' })).toBe('3.5');
    expect(calcOf('mean([n1], [n2], [n3])', { n1: '1', n3: '2' })).toBe('1.5');
    expect(calcOf('min([n1], [n2])', { n1: '4', n2: '-1' })).toBe('-1');
    expect(calcOf('max([n1], [n2], 3)', { n1: '4' })).toBe('4');
    expect(calcOf('abs([n1] - [n2])', { n1: '3', n2: '10' })).toBe('7');
    expect(calcOf('sqrt([n2])', { n2: '16' })).toBe('4');
    expect(calcOf('sqrt([n2])', { n2: '2' })).toBe('1.4142135624');
  });

  it('round, rounddown, roundup with and without decimals', () => {
    expect(calcOf('round([n2])', { n2: '2.5' })).toBe('3');
    expect(calcOf('round([n2], 2)', { n2: '1.005' })).toBe('1.01');
    expect(calcOf('rounddown([n2])', { n2: '2.99' })).toBe('2');
    expect(calcOf('rounddown([n2], 1)', { n2: '2.99' })).toBe('2.9');
    expect(calcOf('roundup([n2])', { n2: '2.01' })).toBe('3');
    expect(calcOf('roundup([n2], 1)', { n2: '2.01' })).toBe('2.1');
  });

  it('checkbox codes add up as 0/1', () => {
    expect(calcOf('[c(1)] + [c(2)] + [c(98)]', { c: ['1', '98'] })).toBe('2');
    expect(calcOf('[c(1)] + [c(2)]', {})).toBe('0');
  });

  it('datediff: decimal units y, M, d, h, m, s; absolute unless signed; "today"', () => {
    expect(calcOf("datediff([d1], [d2], 'd')", { d1: '2024-03-10', d2: '2024-03-01' })).toBe('9');
    expect(calcOf("datediff([d1], [d2], 'd', true)", { d1: '2024-03-10', d2: '2024-03-01' })).toBe('-9');
    expect(calcOf("datediff([d1], [d2], 'd', 'ymd', true)", { d1: '2024-03-10', d2: '2024-03-01' })).toBe(
      '-9',
    );
    expect(calcOf("datediff([d1], [d2], 'y', 'dmy')", { d1: '2000-01-01', d2: '2001-01-01' })).toBe(
      '1.0020739646',
    );
    expect(calcOf("rounddown(datediff([d1], 'today', 'y'), 0)", { d1: '2000-03-16' })).toBe('25');
    // REDCap's year is 365.2425 days: on the 26th birthday (9496 days) its age is still 25.9991 → 25, a day later 26.
    expect(calcOf("rounddown(datediff([d1], 'today', 'y'), 0)", { d1: '2000-03-15' })).toBe('25');
    expect(calcOf("rounddown(datediff([d1], 'today', 'y'), 0)", { d1: '2000-03-14' })).toBe('26');
    expect(calcOf("round(datediff([d1], [d2], 'M'), 2)", { d1: '2024-01-01', d2: '2024-03-01' })).toBe(
      '1.97',
    );
    expect(calcOf("datediff([dt1], [dt2], 'h')", { dt1: '2024-03-01 08:00', dt2: '2024-03-01 10:30' })).toBe(
      '2.5',
    );
    expect(calcOf("datediff([dt1], [dt2], 'm')", { dt1: '2024-03-01 08:00', dt2: '2024-03-01 10:30' })).toBe(
      '150',
    );
    expect(calcOf("datediff([dt1], [dt2], 's')", { dt1: '2024-03-01 08:00', dt2: '2024-03-01 08:01' })).toBe(
      '60',
    );
    expect(calcOf("datediff([d1], [d2], 'd')", { d1: '2024-03-10' })).toBeNull();
  });

  it('year, month, day, length, isnumber, isinteger, isblankormissingcode', () => {
    expect(calcOf('year([d1]) * 100 + month([d1])', { d1: '2024-03-10' })).toBe('202403');
    expect(calcOf('day([d1])', { d1: '2024-03-10' })).toBe('10');
    expect(calcOf('length([t])', { t: 'abcd' })).toBe('4');
    expect(calcOf('if(isnumber([t]), 1, 0)', { t: '12.5' })).toBe('1');
    expect(calcOf('if(isinteger([t]), 1, 0)', { t: '12.5' })).toBe('0');
    expect(calcOf('if(isblankormissingcode([t]), 1, 0)', {})).toBe('1');
  });
});

describe('what is not translated: reported with its position', () => {
  const ctx: LogicContext = {
    form: 'main',
    fields: new Map([
      ['a', { form: 'main', fieldtype: 'integer' }],
      ['c', { form: 'main', fieldtype: 'checkbox' }],
      ['other', { form: 'second', fieldtype: 'text' }],
    ]),
  };
  const failure = (src: string) => {
    const r = translateLogic(src, ctx);
    return r.ok ? null : r.failure;
  };

  it.each([
    ['[a] = = 1', 'syntax', 7, '='],
    ['[a] = (1', 'syntax', 9, ''],
    ["[a] = 'open", 'syntax', 7, "'"],
    ['[a', 'syntax', 1, '['],
    ['[a] # 1', 'syntax', 5, '#'],
    ["contains([a], 'x')", 'unsupportedFunction', 1, 'contains'],
    ['exponential([a])', 'unsupportedFunction', 1, 'exponential'],
    ["[user-name] = 'x'", 'unsupported', 1, '[user-name]'],
    ["[a:value] = '1'", 'unsupported', 1, '[a:value]'],
    ['[a][2] = 1', 'unsupported', 4, '[2]'],
    ["datediff([a], 'now', 'h')", 'unsupported', 15, 'now'],
    ["datediff([a], [a], 'w')", 'unsupported', 20, 'w'],
    ['[b] = 1', 'unknownField', 1, '[b]'],
    ['[other] = 1', 'otherForm', 1, '[other]'],
    ['[a(1)] = 1', 'notCheckbox', 1, '[a(1)]'],
  ])('%s → %s at %i', (src, kind, position, token) => {
    expect(failure(src)).toMatchObject({ kind, position, token });
  });

  it('keeps precedence without a parenthesis per operator, so long chains stay within the nesting limit', () => {
    const expr = (src: string) => {
      const r = translateLogic(src, ctx);
      return r.ok ? r.expr : null;
    };
    expect(expr('[a] - ([a] - 1) * 2 ^ 3 ^ 2')).toBe('[a] - ([a] - 1) * 2 ^ 3 ^ 2');
    expect(expr('([a] + 1) ^ 2 - (1 - [a])')).toBe('([a] + 1) ^ 2 - (1 - [a])');
    expect(expr('-([a] + 1)')).toBe('(-([a] + 1))');
    expect(expr('not([a] > 1 or [a] < 0)')).toBe('(not (([a] > 1) or ([a] < 0)))');
    expect(expr('[a] > 1 or [a] < 0 and [a] = 5')).toBe(
      '([a] > 1) or ([a] < 0) and (notblank([a]) and [a] = 5)',
    );
    const longSum = Array.from({ length: 200 }, () => '[c(1)]').join(' + ');
    expect(calcOf(longSum, { c: ['1'] })).toBe('200');
  });

  it('deeply nested input is refused, not a stack overflow', () => {
    expect(failure(`${'('.repeat(5000)}1${')'.repeat(5000)}`)?.kind).toBe('syntax');
  });

  it('translated: event prefixes are listed, the rest is the engine language', () => {
    expect(translateLogic("[e1_arm_1][a] > 1 and [c(1)] = '1'", ctx)).toEqual({
      ok: true,
      expr: "([a] > 1) and (if(notblank([c]) and contains([c], '1'), 1, 0) = '1')",
      droppedEvents: ['e1_arm_1'],
    });
  });
});
