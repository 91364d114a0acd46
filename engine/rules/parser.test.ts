import { describe, expect, it } from 'vitest';
import { MAX_RULE_DEPTH, parseRule } from './parser';
import { ruleReads } from './reads';
import { RULE_MSG } from './messages';
import { parseError, parsed, show } from './testSupport';

describe('parseRule: precedence (low → high: or, and, not, comparison, + -, * / %, unary -, ^)', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 * 2 + 3', '((1 * 2) + 3)'],
    ['1 - 2 % 3', '(1 - (2 % 3))'],
    ['2 * 3 ^ 2', '(2 * (3 ^ 2))'],
    ['-2 ^ 2', '(-(2 ^ 2))'],
    ['-2 * 3', '((-2) * 3)'],
    ['2 ^ -1', '(2 ^ (-1))'],
    ['[A] + 1 > [B] * 2', '(([A] + 1) > ([B] * 2))'],
    ['[A] = 1 and [B] = 2', '(([A] = 1) and ([B] = 2))'],
    ['[A] or [B] and [C]', '([A] or ([B] and [C]))'],
    ['[A] and [B] or [C]', '(([A] and [B]) or [C])'],
    ['not [A] = 1', '(not ([A] = 1))'],
    ['not [A] and [B]', '((not [A]) and [B])'],
    ['not [A] or not [B]', '((not [A]) or (not [B]))'],
    ['! [A] = 1 || [B] && [C]', '((not ([A] = 1)) or ([B] and [C]))'],
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ['-(1 + 2)', '(-(1 + 2))'],
    ["in([SEX], 'F', 'U') and not [PREG] = 'Y'", '(in([SEX], "F", "U") and (not ([PREG] = "Y")))'],
    ['round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)', 'round(([WEIGHT] / (([HEIGHT] / 100) ^ 2)), 1)'],
    ['isblank([AEENDAT]) or [AEENDAT] >= [AESTDAT]', '(isblank([AEENDAT]) or ([AEENDAT] >= [AESTDAT]))'],
  ])('%s → %s', (source, expected) => {
    expect(show(parsed(source))).toBe(expected);
  });
});

describe('parseRule: associativity', () => {
  it.each([
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['8 / 4 / 2', '((8 / 4) / 2)'],
    ['7 % 4 % 2', '((7 % 4) % 2)'],
    ['1 + 2 - 3 + 4', '(((1 + 2) - 3) + 4)'],
    ['2 ^ 3 ^ 2', '(2 ^ (3 ^ 2))'],
    ['2 ^ -3 ^ 2', '(2 ^ (-(3 ^ 2)))'],
    ['- - 2', '(-(-2))'],
    ['not not true', '(not (not true))'],
    ['[A] or [B] or [C]', '(([A] or [B]) or [C])'],
    ['[A] and [B] and [C]', '(([A] and [B]) and [C])'],
  ])('%s → %s', (source, expected) => {
    expect(show(parsed(source))).toBe(expected);
  });

  it('comparisons are non-associative: a chain is an error at the second operator', () => {
    for (const [source, pos] of [
      ['1 < 2 < 3', 7],
      ['[A] = [B] = [C]', 11],
      ['1 <= 2 > 0', 8],
    ] as const) {
      const e = parseError(source);
      expect(e.messageId).toBe(RULE_MSG.chainedComparison);
      expect(e.values.pos).toBe(pos);
    }
    // parenthesised, it is fine
    expect(show(parsed('(1 < 2) = true'))).toBe('((1 < 2) = true)');
  });
});

describe('parseRule: tokens', () => {
  it('reads numbers, both string quotes with escapes, keywords in any case, null', () => {
    expect(parsed('12')).toMatchObject({ kind: 'number', value: 12 });
    expect(parsed('1.5')).toMatchObject({ kind: 'number', value: 1.5 });
    expect(parsed("'a\\'b'")).toMatchObject({ kind: 'string', value: "a'b" });
    expect(parsed('"a\\"b"')).toMatchObject({ kind: 'string', value: 'a"b' });
    expect(parsed("'a\\\\b'")).toMatchObject({ kind: 'string', value: 'a\\b' });
    expect(parsed('"it\'s"')).toMatchObject({ kind: 'string', value: "it's" });
    expect(parsed("'\\d+'")).toMatchObject({ kind: 'string', value: '\\d+' }); // other backslashes kept
    expect(parsed("'男'")).toMatchObject({ kind: 'string', value: '男' });
    expect(parsed('TRUE')).toMatchObject({ kind: 'boolean', value: true });
    expect(parsed('False')).toMatchObject({ kind: 'boolean', value: false });
    expect(parsed('NULL')).toMatchObject({ kind: 'null' });
    expect(show(parsed('[A] AND [B] Or NOT [C]'))).toBe('(([A] and [B]) or (not [C]))');
  });

  it('spells every comparison operator (== and <> are = and !=)', () => {
    const ops = ['=', '==', '!=', '<>', '<', '<=', '>', '>='];
    expect(ops.map((op) => show(parsed(`[A] ${op} 1`)))).toEqual([
      '([A] = 1)',
      '([A] = 1)',
      '([A] != 1)',
      '([A] != 1)',
      '([A] < 1)',
      '([A] <= 1)',
      '([A] > 1)',
      '([A] >= 1)',
    ]);
    expect(show(parsed('[A]<=[B]'))).toBe('([A] <= [B])');
  });

  it('calls: names are case-insensitive (kept lower case), arguments are full expressions', () => {
    expect(show(parsed("DateDiff([A], TODAY(), 'y') >= 18"))).toBe('(datediff([A], today(), "y") >= 18)');
    expect(show(parsed('max(1, [A] + 1, (2))'))).toBe('max(1, ([A] + 1), 2)');
    expect(show(parsed('if([A] > 1 or [B], 1, 2)'))).toBe('if((([A] > 1) or [B]), 1, 2)');
    expect(show(parsed('today ( )'))).toBe('today()');
  });

  it('spans: 0-based [start, end) of each node', () => {
    const e = parsed(' [A] + round(2.5) ');
    expect(e.span).toEqual({ start: 1, end: 17 });
    if (e.kind !== 'binary') throw new Error('binary expected');
    expect(e.left.span).toEqual({ start: 1, end: 4 });
    expect(e.right.span).toEqual({ start: 7, end: 17 });
    expect(parsed('(1 + 2)').span).toEqual({ start: 0, end: 7 });
    expect(parsed("'x'").span).toEqual({ start: 0, end: 3 });
  });
});

describe('parseRule: errors carry the id, the span and values {pos (1-based), token}', () => {
  it.each([
    // source, messageId, pos, token
    ['', RULE_MSG.empty, 1, ''],
    ['   ', RULE_MSG.empty, 4, ''],
    ['1 +', RULE_MSG.unexpectedToken, 4, ''],
    ['* 2', RULE_MSG.unexpectedToken, 1, '*'],
    ['[A] = = 1', RULE_MSG.unexpectedToken, 7, '='],
    ['[A] @ 1', RULE_MSG.unexpectedToken, 5, '@'],
    ['[A] & [B]', RULE_MSG.unexpectedToken, 5, '&'],
    ['[A] | [B]', RULE_MSG.unexpectedToken, 5, '|'],
    ['max(1,)', RULE_MSG.unexpectedToken, 7, ')'],
    ['max(,1)', RULE_MSG.unexpectedToken, 5, ','],
    ['1.', RULE_MSG.unexpectedToken, 2, '.'],
    ['[A] = not [B]', RULE_MSG.unexpectedToken, 7, 'not'],
    ['[A] and', RULE_MSG.unexpectedToken, 8, ''],
    ['()', RULE_MSG.unexpectedToken, 2, ')'],
    ["[A] = 'abc", RULE_MSG.unterminatedString, 7, "'"],
    ['"abc\\"', RULE_MSG.unterminatedString, 1, '"'],
    ['(1 + 2', RULE_MSG.missingParen, 7, ''],
    ['(1 + 2 3', RULE_MSG.missingParen, 8, '3'],
    ['round(1, 2', RULE_MSG.missingParen, 11, ''],
    ['[A', RULE_MSG.missingBracket, 3, ''],
    ['[AGE + 1', RULE_MSG.missingBracket, 5, ' '],
    ['[A-B]', RULE_MSG.missingBracket, 3, '-'],
    ['[]', RULE_MSG.badReference, 1, '[]'],
    ['[1A]', RULE_MSG.badReference, 1, '[1'],
    ['[', RULE_MSG.badReference, 1, '['],
    ['SEX = 1', RULE_MSG.bareName, 1, 'SEX'],
    ['foo(1)', RULE_MSG.unknownFunction, 1, 'foo'],
    ['1 + Nope()', RULE_MSG.unknownFunction, 5, 'Nope'],
    ['constructor(1)', RULE_MSG.unknownFunction, 1, 'constructor'],
    ['toString()', RULE_MSG.unknownFunction, 1, 'toString'],
    ['round()', RULE_MSG.arity, 1, 'round'],
    ['1 < 2 < 3', RULE_MSG.chainedComparison, 7, '<'],
    ['1 2', RULE_MSG.trailingInput, 3, '2'],
    ['(1 + 2))', RULE_MSG.trailingInput, 8, ')'],
    ['[A] [B]', RULE_MSG.trailingInput, 5, '[B]'],
  ])('%j → %s at %i', (source, messageId, pos, token) => {
    const e = parseError(source);
    expect(e.messageId).toBe(messageId);
    expect(e.values.pos).toBe(pos);
    expect(e.values.token).toBe(token);
    expect(e.values.at).toBe(token === '' ? 'end' : 'token');
    expect(e.span.start).toBe(pos - 1);
  });

  it('the first error from the left wins', () => {
    expect(parseError("foo(1) + 'abc").messageId).toBe(RULE_MSG.unknownFunction);
    expect(parseError(") + 'abc").messageId).toBe(RULE_MSG.unexpectedToken);
  });

  it('unknown function names the function as written', () => {
    expect(parseError('Nope(1)').values).toMatchObject({ name: 'Nope' });
  });

  it('wrong arity names the function, the bounds and the count; the span covers the call', () => {
    expect(parseError('x + round(1, 2, 3)')).toMatchObject({
      messageId: RULE_MSG.bareName, // x comes first
    });
    const range = parseError('1 + round(1, 2, 3)');
    expect(range.messageId).toBe(RULE_MSG.arity);
    expect(range.span).toEqual({ start: 4, end: 18 });
    expect(range.values).toMatchObject({ name: 'round', min: 1, max: 2, given: 3, shape: 'range' });
    expect(parseError('isblank()').values).toMatchObject({ min: 1, max: 1, given: 0, shape: 'exact' });
    expect(parseError('TODAY(1)').values).toMatchObject({ name: 'TODAY', min: 0, max: 0, shape: 'exact' });
    expect(parseError('in([A])').values).toMatchObject({ min: 2, max: 'any', given: 1, shape: 'atLeast' });
    expect(parseError('datediff([A], [B])').values).toMatchObject({ min: 3, max: 3, given: 2 });
  });

  it('nesting deeper than MAX_RULE_DEPTH is an error, not a stack overflow', () => {
    expect(parsed('('.repeat(MAX_RULE_DEPTH - 1) + '1' + ')'.repeat(MAX_RULE_DEPTH - 1))).toMatchObject({
      kind: 'number',
    });
    const deep = parseError('('.repeat(10_000) + '1' + ')'.repeat(10_000));
    expect(deep.messageId).toBe(RULE_MSG.tooDeep);
    expect(deep.values.max).toBe(MAX_RULE_DEPTH);
    expect(parseError('-'.repeat(5_000) + '1').messageId).toBe(RULE_MSG.tooDeep);
    expect(parseError('not '.repeat(5_000) + 'true').messageId).toBe(RULE_MSG.tooDeep);
  });

  it('never throws, whatever the input', () => {
    for (const source of [
      '\u0000',
      '[',
      ']',
      '"',
      "'",
      '\\',
      '((',
      '))',
      'and',
      'or or',
      '1e5',
      '0x10',
      '$',
      '😀',
    ]) {
      expect(() => parseRule(source)).not.toThrow();
    }
    expect(parseRule(42 as unknown as string)).toMatchObject({
      ok: false,
      error: { messageId: RULE_MSG.empty },
    });
  });
});

describe('ruleReads', () => {
  it('lists the distinct variables in order of first appearance', () => {
    expect(ruleReads(parsed('[B] > [A] and isblank([C]) or [A] = [B] + [D]'))).toEqual(['B', 'A', 'C', 'D']);
    expect(ruleReads(parsed("datediff([BRTHDAT], [DMDAT], 'y') >= 18"))).toEqual(['BRTHDAT', 'DMDAT']);
    expect(ruleReads(parsed('-[X] ^ 2'))).toEqual(['X']);
    expect(ruleReads(parsed('1 + 2'))).toEqual([]);
    expect(ruleReads(parsed('[a] = [A]'))).toEqual(['a', 'A']); // case-sensitive, as variables are
  });
});
