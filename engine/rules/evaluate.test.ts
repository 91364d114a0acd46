import { describe, expect, it } from 'vitest';
import { evaluateRule, isFalse, isTrue } from './evaluate';
import { envOf, parsed, run } from './testSupport';
import type { Expr, RuleValue } from './types';

const T = true;
const F = false;
const N = null;

describe('three-valued logic (null = blank/unknown)', () => {
  const cases: [RuleValue, RuleValue, RuleValue, RuleValue][] = [
    // a, b, a and b, a or b
    [T, T, T, T],
    [T, F, F, T],
    [F, T, F, T],
    [F, F, F, F],
    [T, N, N, T],
    [N, T, N, T],
    [F, N, F, N],
    [N, F, F, N],
    [N, N, N, N],
  ];
  it.each(cases)('%s and/or %s → %s / %s', (a, b, and, or) => {
    const values = { A: a, B: b };
    expect(run('[A] and [B]', values)).toBe(and);
    expect(run('[A] && [B]', values)).toBe(and);
    expect(run('[A] or [B]', values)).toBe(or);
    expect(run('[A] || [B]', values)).toBe(or);
  });

  it('not: true ↔ false, null stays null', () => {
    expect(run('not true')).toBe(false);
    expect(run('!false')).toBe(true);
    expect(run('not [A]')).toBe(null);
  });

  it('operands that are not boolean count as null', () => {
    expect(run("'x' and true")).toBe(null);
    expect(run("'x' and false")).toBe(false);
    expect(run('1 or true')).toBe(true);
    expect(run('1 or false')).toBe(null);
    expect(run('not 1')).toBe(null);
    expect(run("not 'true'")).toBe(null);
  });

  it('isTrue / isFalse: only exactly true / false', () => {
    expect([true, false, null, 1, 'true', ['x']].map(isTrue)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([true, false, null, 0, '', []].map(isFalse)).toEqual([false, true, false, false, false, false]);
  });
});

describe('comparisons', () => {
  it('null on either side → null', () => {
    for (const op of ['=', '!=', '<', '<=', '>', '>=']) {
      expect(run(`[A] ${op} 1`)).toBe(null);
      expect(run(`1 ${op} [A]`)).toBe(null);
      expect(run(`null ${op} null`)).toBe(null);
    }
  });

  it('numbers compare numerically', () => {
    expect(run('2 < 10')).toBe(true);
    expect(run('2 = 2.0')).toBe(true);
    expect(run('-1 >= -1')).toBe(true);
    expect(run('3 <> 3')).toBe(false);
  });

  it('numeric strings compare numerically (form values are text), both sides or against a number', () => {
    const v = { SYSBP: '120', DIABP: '80', SMALL: '9', BIG: '10' };
    expect(run('[SYSBP] > [DIABP]', v)).toBe(true);
    expect(run('[SMALL] < [BIG]', v)).toBe(true); // not lexicographic ('9' > '10')
    expect(run('[BIG] > 9', v)).toBe(true);
    expect(run("[BIG] = '10.0'", v)).toBe(true);
    expect(run("' 10 ' = 10")).toBe(true);
    expect(run("'-1.5' < 0")).toBe(true);
  });

  it('number × non-numeric text → null', () => {
    expect(run("'abc' > 1")).toBe(null);
    expect(run("'UK' = 1")).toBe(null);
    expect(run("1 != '12a'")).toBe(null);
    expect(run("'' = 0")).toBe(null);
  });

  it('other text compares lexicographically: ISO dates and times order correctly', () => {
    const v = { START: '2024-01-31', END: '2024-02-01', T1: '09:05', T2: '10:00' };
    expect(run('[END] >= [START]', v)).toBe(true);
    expect(run("[START] < '2024-01-31'", v)).toBe(false);
    expect(run("[START] = '2024-01-31'", v)).toBe(true);
    expect(run('[T1] < [T2]', v)).toBe(true);
    expect(run("'2024-01-31 23:59' < '2024-02-01 00:00'")).toBe(true);
    expect(run("'b' > 'a'")).toBe(true);
    expect(run("'F' = 'f'")).toBe(false); // case-sensitive
    expect(run("'Y' != 'N'")).toBe(true);
  });

  it('= and != compare booleans; booleans do not order, nor meet other types', () => {
    expect(run('true = true')).toBe(true);
    expect(run('true != false')).toBe(true);
    expect(run('(1 < 2) = true')).toBe(true);
    expect(run('true > false')).toBe(null);
    expect(run("true = 'true'")).toBe(null);
    expect(run('true = 1')).toBe(null);
  });

  it('a list operand → null (use in/contains)', () => {
    expect(run("[RACE] = '1'", { RACE: ['1'] })).toBe(null);
    expect(run('[RACE] != [RACE]', { RACE: ['1'] })).toBe(null);
  });
});

describe('arithmetic', () => {
  it('computes with numbers and numeric text', () => {
    expect(run('1 + 2 * 3 - 4 / 2')).toBe(5);
    expect(run('[W] / ([H] / 100) ^ 2', { W: '70', H: '175' })).toBeCloseTo(22.857, 3);
    expect(run('7 % 3')).toBe(1);
    expect(run('-7 % 3')).toBe(-1);
    expect(run('2 ^ 10')).toBe(1024);
    expect(run('-2 ^ 2')).toBe(-4);
    expect(run('(-2) ^ 2')).toBe(4);
    expect(run('2 ^ -1')).toBe(0.5);
    expect(run("-'3'")).toBe(-3);
  });

  it('blank or non-numeric operand → null', () => {
    expect(run('[A] + 1')).toBe(null);
    expect(run("'12a' * 2")).toBe(null);
    expect(run("'a' + 'b'")).toBe(null);
    expect(run('true + 1')).toBe(null);
    expect(run("-'x'")).toBe(null);
    expect(run('[L] + 1', { L: ['1'] })).toBe(null);
    expect(run("'UK' + 1")).toBe(null);
  });

  it('division or remainder by zero and non-finite results → null', () => {
    expect(run('1 / 0')).toBe(null);
    expect(run('0 / 0')).toBe(null);
    expect(run('5 % 0')).toBe(null);
    expect(run('10 ^ 400')).toBe(null);
    expect(run('(-8) ^ 0.5')).toBe(null);
    expect(run("'1e400' + 1")).toBe(null);
  });

  it('null propagates through a whole formula', () => {
    expect(run('round([W] / ([H] / 100) ^ 2, 1)', { W: '70' })).toBe(null);
    expect(run('round([W] / ([H] / 100) ^ 2, 1) > 25', { W: '70' })).toBe(null);
  });
});

describe('evaluateRule', () => {
  it('reads values through the env, literals as written', () => {
    expect(run('[A]', { A: 'x' })).toBe('x');
    expect(run('[A]', { A: ['1', '2'] })).toEqual(['1', '2']);
    expect(run("'text'")).toBe('text');
    expect(run('null')).toBe(null);
  });

  it('never throws: a failing env or a hand-made bad AST gives null', () => {
    const throwing = {
      today: '2024-01-01',
      value: (): RuleValue => {
        throw new Error('boom');
      },
    };
    expect(evaluateRule(parsed('[A] + 1'), throwing)).toBe(null);
    const unknownCall: Expr = { kind: 'call', fn: 'nope', args: [], span: { start: 0, end: 0 } };
    expect(evaluateRule(unknownCall, envOf({}))).toBe(null);
    const badArity: Expr = { kind: 'call', fn: 'abs', args: [], span: { start: 0, end: 0 } };
    expect(evaluateRule(badArity, envOf({}))).toBe(null);
    // a very long chain (built without the parser's depth limit) does not escape as an exception
    let deep: Expr = { kind: 'number', value: 1, span: { start: 0, end: 0 } };
    for (let i = 0; i < 200_000; i++) deep = { kind: 'unary', op: '-', arg: deep, span: deep.span };
    expect(() => evaluateRule(deep, envOf({}))).not.toThrow();
  });

  it('long flat chains from the parser evaluate', () => {
    expect(run(Array.from({ length: 2000 }, () => '1').join(' + '))).toBe(2000);
  });
});

describe('decimal arithmetic (review)', () => {
  it('floating-point noise never decides a comparison: results keep 15 significant digits', () => {
    expect(run('0.1 + 0.2 = 0.3')).toBe(true);
    expect(run('[A] + [B] = [C]', { A: '1.1', B: '2.2', C: '3.3' })).toBe(true);
    expect(run('[A] * 3 <= 0.3', { A: 0.1 })).toBe(true);
    expect(run('0.3 - 0.1')).toBe(0.2);
    expect(run('1 / 3')).toBe(0.333333333333333);
    // integers stay exact
    expect(run('9007199254740991 - 1')).toBe(9007199254740990);
    expect(run('2 ^ 0.5 > 1.414')).toBe(true);
  });
});
